import { sql } from "drizzle-orm";
import type { Executor } from "../db.server";
import { products } from "../db-tables";

/**
 * Recomputes products.listed_price_cents, the price a product card shows before a size is picked
 * (the rule of `listedPriceCents` in app/lib/product.ts): the first size in stock, else the first
 * size, else the product's selling price. Storefront price filters and sorts use this column, so
 * every write that changes a product's price, its sizes or their stock calls this in the same
 * transaction: the admin product save, checkout's stock decrement, sample data, and a cancelled
 * order's restock. `productIds` undefined refreshes every product (after bulk loads).
 */
export async function refreshListedPrice(
  executor: Executor,
  productIds?: readonly string[],
): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const listed = sql`coalesce((
      select v.price_cents from product_variations v
      where v.product_id = ${products.id} and v.archived_at is null
      order by (v.stock > 0) desc, v.position, v.id
      limit 1
    ), ${products.sellingPriceCents})`;
  await executor
    .update(products)
    .set({ listedPriceCents: listed })
    .where(
      sql`${products.listedPriceCents} is distinct from ${listed}${
        productIds
          ? sql` and ${products.id} in (${sql.join(
              productIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }`,
    );
}
