import { isSlug } from "~/lib/slug";
import { and, asc, eq, gt, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { DEFAULT_RATING, type ProductDetail, type ProductSummary } from "~/lib/product";
import { db, type Executor } from "../db.server";
import { productVariations, products } from "../db-tables";
import { productDescriptionIn, productNameIn } from "./localized.server";

/** What shoppers see of a size (with its product id, which cart lines group sizes by). */
export const variationColumns = {
  id: productVariations.id,
  productId: productVariations.productId,
  size: productVariations.size,
  sizeUnit: productVariations.sizeUnit,
  priceCents: productVariations.priceCents,
  stock: productVariations.stock,
  netAmountMilli: productVariations.netAmountMilli,
  thcTenths: productVariations.thcTenths,
  totalThcTenths: productVariations.totalThcTenths,
  cbdTenths: productVariations.cbdTenths,
  totalCbdTenths: productVariations.totalCbdTenths,
};

/** The live (not archived) sizes of these products, as shoppers see them. */
export function liveSizesOf(executor: Executor, productIds: string[]) {
  return executor
    .select({ ...variationColumns, packedGrams: productVariations.packedGrams })
    .from(productVariations)
    .where(
      and(inArray(productVariations.productId, productIds), isNull(productVariations.archivedAt)),
    );
}

/** A JSON object of the given columns under the given names, built by the database. */
function jsonObject(columns: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(columns).map(([name, column]) => sql`'${sql.raw(name)}', ${column}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

const { productId: _productId, ...sizeColumns } = variationColumns;

/**
 * A product card (ProductSummary) with its sizes, built by the database as one JSON value, so a
 * page of cards is one statement and each row one value to decode (PGlite decodes every field of
 * every row in JavaScript: per field, that was a tenth of a listing page's CPU). The name is the
 * shopper's language's (French where written, else English).
 */
function productCardSql(locale: Locale) {
  return sql<ProductSummary>`${jsonObject({
    id: products.id,
    slug: products.slug,
    name: locale === "en" ? products.name : productNameIn(locale),
    category: products.category,
    imageUrl: products.imageUrl,
    priceCents: products.sellingPriceCents,
    stock: products.stock,
    stockAlertLevel: products.stockAlertLevel,
    rating: sql`coalesce(${products.rating}, ${sql.raw(String(DEFAULT_RATING))})`,
    thcTenths: products.thcTenths,
    totalThcTenths: products.totalThcTenths,
    cbdTenths: products.cbdTenths,
    totalCbdTenths: products.totalCbdTenths,
    strain: products.strain,
    cannabisKind: products.cannabisKind,
    netAmountMilli: products.netAmountMilli,
    variations: sql`coalesce((
    select json_agg(${jsonObject(sizeColumns)} order by ${productVariations.position})
    from ${productVariations}
    where ${productVariations.productId} = ${products.id} and ${productVariations.archivedAt} is null
  ), '[]'::json)`,
  })}`;
}

/** The English card (as before the storefront was bilingual). */
export const productCard = productCardSql("en");
const frenchProductCard = productCardSql("fr");

/** The card in a language: French names on French pages. */
export function productCardIn(locale: Locale) {
  return locale === "fr" ? frenchProductCard : productCard;
}

// Matches the "created_at DESC NULLS LAST" of the products_*_created_idx indexes; a plain
// `desc()` means NULLS FIRST, which no index serves, and sorts the whole catalogue instead.
export const newestFirst = sql`${products.createdAt} desc nulls last`;

/** Home's Featured Products (docs/product/storefront.md#home): the newest in-stock products. */
export async function listFeaturedProducts(
  limit = 8,
  locale: Locale = "en",
): Promise<ProductSummary[]> {
  const rows = await db()
    .select({ card: productCardIn(locale) })
    .from(products)
    .where(and(eq(products.status, "active"), gt(products.stock, 0)))
    .orderBy(newestFirst, asc(products.id))
    .limit(limit);
  return rows.map((row) => row.card);
}

/**
 * The product page: the product with its sizes, and a few in-stock products of the same category;
 * names and description in the shopper's language.
 */
export async function getProductPage(
  slug: string,
  locale: Locale = "en",
  relatedCount = 4,
): Promise<{ product: ProductDetail; related: ProductSummary[] } | undefined> {
  if (!isSlug(slug)) return undefined;
  const card = productCardIn(locale);
  const [row] = await db()
    .select({
      card,
      description: locale === "en" ? products.description : productDescriptionIn(locale),
      thumbnailUrls: products.thumbnailUrls,
      sku: products.sku,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.status, "active")));
  if (!row) return undefined;
  const { card: product, ...detail } = row;
  const related = await db()
    .select({ card })
    .from(products)
    .where(
      and(
        eq(products.category, product.category),
        eq(products.status, "active"),
        gt(products.stock, 0),
        ne(products.id, product.id),
      ),
    )
    .orderBy(newestFirst, asc(products.id))
    .limit(relatedCount);
  return { product: { ...product, ...detail }, related: related.map((r) => r.card) };
}
