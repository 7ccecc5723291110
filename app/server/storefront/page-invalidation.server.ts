import { sql } from "drizzle-orm";
import { db } from "../db.server";
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

/**
 * After an order took stock: invalidates only when a product or size it bought is now sold out
 * (its badge, Add to Cart and the listed price change); other stock moves may show late by the
 * cache's bound, as checkout re-checks stock anyway.
 */
export async function invalidatePagesIfSoldOut(orderId: string): Promise<void> {
  try {
    const result = (await db().execute(sql`
      select exists (
        select 1 from order_items i
        join products p on p.id = i.product_id
        left join product_variations v on v.id = i.variation_id
        where i.order_id = ${orderId} and (p.stock <= 0 or v.stock <= 0)
      ) as sold_out`)) as unknown as { rows: { sold_out: boolean }[] };
    if (result.rows[0]?.sold_out) await invalidatePageCache("sold out");
  } catch (error) {
    logger.error({ err: error }, "page cache: could not check for sold-out products");
  }
}

/** For `.then(...)` after a save: invalidates when the save succeeded, and passes its result on. */
export function invalidatesPages(reason: string) {
  return async <T extends { ok: boolean } | undefined>(result: T): Promise<T> => {
    if (result?.ok) await invalidatePageCache(reason);
    return result;
  };
}
