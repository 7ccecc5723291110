import { isSlug } from "~/lib/slug";
import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { DEFAULT_RATING, type ProductDetail, type ProductSummary } from "~/lib/product";
import { db } from "../db.server";
import { productVariations, products } from "../schema";

export const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  category: products.category,
  imageUrl: products.imageUrl,
  priceCents: products.sellingPriceCents,
  stock: products.stock,
  stockAlertLevel: products.stockAlertLevel,
  rating: sql<number>`coalesce(${products.rating}, ${DEFAULT_RATING})`.mapWith(Number),
  thc: products.thc,
  cbd: products.cbd,
  strain: products.strain,
  cannabisKind: products.cannabisKind,
  netAmountMilli: products.netAmountMilli,
};

// Matches the "created_at DESC NULLS LAST" of the products_*_created_idx indexes; a plain
// `desc()` means NULLS FIRST, which no index serves, and sorts the whole catalogue instead.
export const newestFirst = sql`${products.createdAt} desc nulls last`;

type SummaryRow = Omit<ProductSummary, "variations">;

/** What shoppers see of a size (with its product id, to group a page's sizes). */
export const variationColumns = {
  id: productVariations.id,
  productId: productVariations.productId,
  size: productVariations.size,
  sizeUnit: productVariations.sizeUnit,
  priceCents: productVariations.priceCents,
  stock: productVariations.stock,
  netAmountMilli: productVariations.netAmountMilli,
};

/** Adds the variations of a page of products in one query (never one query per product). */
export async function withVariations<T extends SummaryRow>(
  rows: T[],
): Promise<(T & Pick<ProductSummary, "variations">)[]> {
  if (rows.length === 0) return [];
  const variations = await db()
    .select(variationColumns)
    .from(productVariations)
    .where(
      inArray(
        productVariations.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productVariations.productId), asc(productVariations.position));
  const byProduct = new Map<string, ProductSummary["variations"]>();
  for (const { productId, ...variation } of variations) {
    const list = byProduct.get(productId) ?? [];
    list.push(variation);
    byProduct.set(productId, list);
  }
  return rows.map((row) => ({ ...row, variations: byProduct.get(row.id) ?? [] }));
}

/** SPEC §2 Home: the newest in-stock products. */
export async function listFeaturedProducts(limit = 8): Promise<ProductSummary[]> {
  const rows = await db()
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.status, "active"), gt(products.stock, 0)))
    .orderBy(newestFirst, asc(products.id))
    .limit(limit);
  return withVariations(rows);
}

/**
 * The product page: the product, its variations and a few in-stock products of the same category,
 * in three statements whatever the number of variations.
 */
export async function getProductPage(
  slug: string,
  relatedCount = 4,
): Promise<{ product: ProductDetail; related: ProductSummary[] } | undefined> {
  if (!isSlug(slug)) return undefined;
  const [row] = await db()
    .select({
      ...summaryColumns,
      description: products.description,
      thumbnailUrls: products.thumbnailUrls,
      sku: products.sku,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.status, "active")));
  if (!row) return undefined;
  const relatedRows = await db()
    .select(summaryColumns)
    .from(products)
    .where(
      and(
        eq(products.category, row.category),
        eq(products.status, "active"),
        gt(products.stock, 0),
        ne(products.id, row.id),
      ),
    )
    .orderBy(newestFirst, asc(products.id))
    .limit(relatedCount);
  const [main, ...related] = await withVariations<SummaryRow>([row, ...relatedRows]);
  return { product: { ...row, variations: main!.variations }, related };
}
