import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { DEFAULT_RATING, type ProductSummary } from "~/lib/product";
import { db } from "../db.server";
import { productVariations, products } from "../schema";

const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  category: products.category,
  imageUrl: products.imageUrl,
  priceCents: products.sellingPriceCents,
  stock: products.stock,
  stockAlertLevel: products.stockAlertLevel,
  rating: products.rating,
  thc: products.thc,
  cbd: products.cbd,
  strain: products.strain,
};

type SummaryRow = Omit<ProductSummary, "variations" | "rating"> & { rating: number | null };

/** Adds the variations of a page of products in one query (never one query per product). */
export async function withVariations(rows: SummaryRow[]): Promise<ProductSummary[]> {
  if (rows.length === 0) return [];
  const variations = await db()
    .select({
      id: productVariations.id,
      productId: productVariations.productId,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      priceCents: productVariations.priceCents,
      stock: productVariations.stock,
    })
    .from(productVariations)
    .where(
      inArray(
        productVariations.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productVariations.productId), asc(productVariations.position));
  return rows.map((row) => ({
    ...row,
    rating: row.rating ?? DEFAULT_RATING,
    variations: variations
      .filter((v) => v.productId === row.id)
      .map(({ productId: _productId, ...v }) => v),
  }));
}

/** SPEC §2 Home: the newest in-stock products. */
export async function listFeaturedProducts(limit = 8): Promise<ProductSummary[]> {
  const rows = await db()
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.status, "active"), gt(products.stock, 0)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return withVariations(rows);
}
