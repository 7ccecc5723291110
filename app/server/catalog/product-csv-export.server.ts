import { and, asc, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import { csvLine } from "~/lib/csv";
import { productCsvRows, type CsvProduct, type CsvSize } from "~/lib/product-csv";
import { PRODUCT_CSV_HEADER } from "~/lib/product-import";
import { db, type Executor } from "../db.server";
import { productVariations, products } from "../db-tables";

const BATCH = 1000;

export const csvProductColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  nameFr: products.nameFr,
  category: products.category,
  status: products.status,
  description: products.description,
  descriptionFr: products.descriptionFr,
  sellingPriceCents: products.sellingPriceCents,
  costPriceCents: products.costPriceCents,
  stockAlertLevel: products.stockAlertLevel,
  thcTenths: products.thcTenths,
  totalThcTenths: products.totalThcTenths,
  cbdTenths: products.cbdTenths,
  totalCbdTenths: products.totalCbdTenths,
  strain: products.strain,
  rating: products.rating,
  cannabisKind: products.cannabisKind,
  netAmountMilli: products.netAmountMilli,
  packedGrams: products.packedGrams,
  imageUrl: products.imageUrl,
  thumbnailUrls: products.thumbnailUrls,
  stock: products.stock,
};

/** The sizes of these products, in their order, by product. */
async function sizesOf(
  productIds: readonly string[],
  executor: Executor = db(),
  lock = false,
): Promise<Map<string, CsvSize[]>> {
  const found = new Map<string, CsvSize[]>();
  for (let i = 0; i < productIds.length; i += BATCH) {
    const query = executor
      .select({
        productId: productVariations.productId,
        id: productVariations.id,
        size: productVariations.size,
        sizeUnit: productVariations.sizeUnit,
        priceCents: productVariations.priceCents,
        netAmountMilli: productVariations.netAmountMilli,
        packedGrams: productVariations.packedGrams,
        thcTenths: productVariations.thcTenths,
        totalThcTenths: productVariations.totalThcTenths,
        cbdTenths: productVariations.cbdTenths,
        totalCbdTenths: productVariations.totalCbdTenths,
        stock: productVariations.stock,
      })
      .from(productVariations)
      .where(
        and(
          inArray(productVariations.productId, productIds.slice(i, i + BATCH)),
          isNull(productVariations.archivedAt),
        ),
      )
      .orderBy(
        asc(productVariations.productId),
        asc(productVariations.position),
        asc(productVariations.id),
      );
    const rows = lock ? await query.for("update") : await query;
    for (const { productId, ...size } of rows) {
      const list = found.get(productId);
      if (list) list.push(size);
      else found.set(productId, [size]);
    }
  }
  return found;
}

/** Products with their sizes (the CSV's view of them), read in one query for the sizes. */
export async function withSizes(
  rows: Omit<CsvProduct, "variations">[],
  executor: Executor = db(),
  lock = false,
): Promise<CsvProduct[]> {
  const sizes = await sizesOf(
    rows.map((r) => r.id),
    executor,
    lock,
  );
  return rows.map((r) => ({ ...r, variations: sizes.get(r.id) ?? [] }));
}

/**
 * Every product (active and archived) as CSV, by name: one row per size, one for a product without
 * sizes, in the columns the import reads (lib/product-import.ts). Read by keyset in chunks of a
 * thousand products, each with one query for its sizes; every cell is neutralised against
 * spreadsheet formulas (lib/csv.ts), which the import reads back as written.
 */
export async function* exportProductsCsv(): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...PRODUCT_CSV_HEADER])}`;
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const where: SQL | undefined = after
      ? or(
          gt(products.name, after.name),
          and(eq(products.name, after.name), gt(products.id, after.id)),
        )
      : undefined;
    const rows = await db()
      .select(csvProductColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const lines = (await withSizes(rows)).flatMap(productCsvRows);
    yield `\r\n${lines.map(csvLine).join("\r\n")}`;
    const last = rows.at(-1)!;
    after = { name: last.name, id: last.id };
    if (rows.length < BATCH) return;
  }
}
