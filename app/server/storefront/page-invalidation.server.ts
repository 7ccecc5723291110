import { logger } from "../logger.server";
import { pageCacheStore } from "./page-cache-store.server";

/**
 * What admin changes call (one line after their transaction commits) so no cached storefront page
 * shows the old state: products, stock going to or from zero, prices, page content, the
 * announcement and its coupon. Bumps the cache's generation (in PostgreSQL when it is the database,
 * so every instance sees it at once). A failure is logged, never thrown at the save that caused
 * it: the pages then show the change within PAGE_CACHE_TTL_SECONDS.
 */
export async function invalidatePageCache(reason: string): Promise<void> {
  try {
    await pageCacheStore().invalidate();
    logger.debug({ reason }, "page cache invalidated");
  } catch (error) {
    logger.error({ err: error, reason }, "page cache could not be invalidated");
  }
}

/** For `.then(...)` after a save: invalidates when the save succeeded, and passes its result on. */
export function invalidatesPages(reason: string) {
  return async <T extends { ok: boolean } | undefined>(result: T): Promise<T> => {
    if (result?.ok) await invalidatePageCache(reason);
    return result;
  };
}
