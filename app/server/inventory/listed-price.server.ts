import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db.server";
import { products } from "../db-tables";

/** The product's listed size (first live size in stock, else first live size): `column` of it. */
function listedSize(column: SQL): SQL {
  return sql`(
      select ${column} from product_variations v
      where v.product_id = ${products.id} and v.archived_at is null
      order by (v.stock > 0) desc, v.position, v.id
      limit 1
    )`;
}

const hasLiveSize = sql`exists (
      select 1 from product_variations v
      where v.product_id = ${products.id} and v.archived_at is null
    )`;

/** Total (else plain) THC or CBD of the listed size, or of the product when it has no live size. */
function filterPotency(total: SQL, plain: SQL, productTotal: SQL, productPlain: SQL): SQL {
  return sql`case when ${hasLiveSize} then ${listedSize(sql`coalesce(${total}, ${plain})`)}
      else coalesce(${productTotal}, ${productPlain}) end`;
}

/**
 * Recomputes products.listed_price_cents, the price a product card shows before a size is picked
 * (the rule of `listedPriceCents` in app/lib/product.ts): the first size in stock, else the first
 * size, else the product's selling price. Storefront price filters and sorts use this column, so
 * every write that changes a product's price, its sizes or their stock calls this in the same
 * transaction: the admin product save, checkout's stock decrement, sample data, and a cancelled
 * order's restock. `productIds` undefined refreshes every product (after bulk loads).
 *
 * Beside it, filter_thc_tenths and filter_cbd_tenths (the storefront's potency filters): total THC
 * (else THC) and total CBD (else CBD) of that same listed size, or of the product without sizes.
 * Potency changes only through the product save and the CSV import, which call this too.
 */
export async function refreshListedPrice(
  executor: Executor,
  productIds?: readonly string[],
): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const listed = sql`coalesce(${listedSize(sql`v.price_cents`)}, ${products.sellingPriceCents})`;
  const thc = filterPotency(
    sql`v.total_thc_tenths`,
    sql`v.thc_tenths`,
    sql`${products.totalThcTenths}`,
    sql`${products.thcTenths}`,
  );
  const cbd = filterPotency(
    sql`v.total_cbd_tenths`,
    sql`v.cbd_tenths`,
    sql`${products.totalCbdTenths}`,
    sql`${products.cbdTenths}`,
  );
  await executor
    .update(products)
    .set({ listedPriceCents: listed, filterThcTenths: thc, filterCbdTenths: cbd })
    .where(
      sql`(${products.listedPriceCents}, ${products.filterThcTenths}, ${products.filterCbdTenths}) is distinct from (${listed}, ${thc}, ${cbd})${
        productIds
          ? sql` and ${products.id} in (${sql.join(
              productIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }`,
    );
}
