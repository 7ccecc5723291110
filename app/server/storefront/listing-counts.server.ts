// Counting a category is cheap at 10,000 products but grows with the catalogue; a short-lived
// per-process cache keeps it off the hot path of every page view. It is dropped with the cached
// pages (page-cache-store.server.ts) and after every change to the catalogue or its stock.
const COUNT_TTL_MS = 30_000;
const countCache = new Map<string, { total: number; expires: number }>();

/** A listing's product count: the cached one while fresh, else `count()`'s, then kept. */
export async function cachedListingCount(
  cacheKey: string,
  count: () => Promise<number>,
): Promise<number> {
  const hit = countCache.get(cacheKey);
  if (hit && hit.expires > Date.now()) return hit.total;
  const total = await count();
  if (countCache.size > 500) countCache.clear();
  countCache.set(cacheKey, { total, expires: Date.now() + COUNT_TTL_MS });
  return total;
}

/** Forget cached counts (after the catalogue changes, and in tests). */
export function clearListingCache() {
  countCache.clear();
}
