import { asc, eq, or, sql } from "drizzle-orm";
import { db } from "../db.server";
import { products } from "../db-tables";

/** Products whose main image or thumbnails use an image (warned about before it is deleted). */
export async function productsUsingImage(url: string) {
  return db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(or(eq(products.imageUrl, url), sql`${url} = any(${products.thumbnailUrls})`))
    .orderBy(asc(products.name))
    .limit(20);
}

/** How many products use each of some image URLs (main image or thumbnail), in one query. */
export async function imageUsageCounts(urls: string[]): Promise<Map<string, number>> {
  if (urls.length === 0) return new Map();
  const result = (await db().execute(
    sql`select u.url, count(distinct p.id)::int as n from ${products} p, unnest(array[p.image_url] || p.thumbnail_urls) as u(url) where u.url in (${sql.join(
      urls.map((url) => sql`${url}`),
      sql`, `,
    )}) group by u.url`,
  )) as unknown as { rows: { url: string; n: number }[] };
  return new Map(result.rows.map((row) => [row.url, Number(row.n)]));
}
