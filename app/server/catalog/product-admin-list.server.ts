import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { CANNABIS_KINDS, CATEGORY_CANNABIS_KIND } from "~/lib/cannabis-limit";
import { potencyBasis } from "~/lib/potency";
import type { ProductStatus } from "~/lib/product-fields";
import type {
  PotencyFilter,
  ProductSort,
  StockFilter,
  TranslationFilter,
} from "~/lib/product-list";
import { sizeLabel } from "~/lib/product";
import { excerpt } from "~/lib/text";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import { db } from "../db.server";
import { productVariations, products } from "../db-tables";
import { escapeLike } from "../sql-like.server";
import { newestFirst } from "./products.server";

export interface AdminProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  imageUrl: string;
  /** What shoppers pay: the cheapest and dearest size, or the selling price twice. */
  minPriceCents: number;
  maxPriceCents: number;
  sku: string | null;
  stock: number;
  stockAlertLevel: number;
  status: string;
  variationCount: number;
  /** Sizes at or under the alert level (sold-out included), and sold out. */
  lowSizeCount: number;
  outSizeCount: number;
  /** Which sizes are at or under the alert level ("28g", 2 left), in their order. */
  lowSizes: { size: string; stock: number }[];
  /** The French storefront shows it (partly) in English: see `untranslated`. */
  untranslated: boolean;
}

/** A product's stock: the sum of its (live) sizes, else its own figure. */
export const stockExpression = sql<number>`coalesce((select sum(v.stock) from product_variations v where v.product_id = ${products.id} and v.archived_at is null), ${products.stock})::int`;

/** Characters of a description the admin list shows (cut on a word, with an ellipsis). */
const DESCRIPTION_EXCERPT = 160;

/** Which products the list shows (and a bulk action "on all matching" changes). */
export interface AdminProductFilter {
  q?: string;
  category?: string;
  status?: ProductStatus | "all";
  stock?: StockFilter;
  potency?: PotencyFilter;
  translation?: TranslationFilter;
}

const hasSizes = sql`exists (select 1 from product_variations v where v.product_id = ${products.id} and v.archived_at is null)`;

/**
 * A size (or the product itself when it has no sizes) whose stock passes `test`, written for the
 * size's stock as `v.stock` and the product's as `stock`.
 */
function anySizeStock(test: (stock: SQL) => SQL): SQL {
  return sql`(exists (select 1 from product_variations v where v.product_id = ${products.id} and v.archived_at is null and ${test(sql`v.stock`)}) or (${test(sql`${products.stock}`)} and not ${hasSizes}))`;
}

const STOCK_CONDITIONS: Record<Exclude<StockFilter, "all">, SQL> = {
  low: anySizeStock((stock) => sql`${stock} <= ${products.stockAlertLevel}`),
  out: anySizeStock((stock) => sql`${stock} = 0`),
};

/** A product whose kind (its own, else its category's default) has potency: not seeds, not "none". */
const hasPotencyBasis = or(
  inArray(
    products.cannabisKind,
    CANNABIS_KINDS.filter((kind) => potencyBasis(kind) !== null),
  ),
  and(
    isNull(products.cannabisKind),
    inArray(
      products.category,
      Object.entries(CATEGORY_CANNABIS_KIND)
        .filter(([, kind]) => potencyBasis(kind) !== null)
        .map(([category]) => category),
    ),
  ),
)!;

/** Values without THC (nor total THC) or without CBD (nor total CBD), on the alias `on`. */
function lacksPotency(on: SQL): SQL {
  return sql`((${on}.thc_tenths is null and ${on}.total_thc_tenths is null) or (${on}.cbd_tenths is null and ${on}.total_cbd_tenths is null))`;
}

/**
 * A cannabis product that could not be made active as it is (app/lib/potency.ts missingPotency):
 * THC or CBD missing on the product without sizes, or on any live size.
 */
export const potencyMissing: SQL = and(
  hasPotencyBasis,
  sql`(exists (select 1 from product_variations v where v.product_id = ${products.id} and v.archived_at is null and ${lacksPotency(sql`v`)}) or (${lacksPotency(sql`products`)} and not ${hasSizes}))`,
)!;

/**
 * A product not (fully) translated: no French name, or no French description while it has an
 * English one (the French storefront shows the English in their place).
 */
export const untranslated: SQL = sql`(${products.nameFr} = '' or (${products.descriptionFr} = '' and ${products.description} <> ''))`;

/** The filter as a condition on `products` (undefined: every product). */
export function adminProductWhere(filter: AdminProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern))!);
  }
  if (filter.category && filter.category !== "all") {
    conditions.push(eq(products.category, filter.category));
  }
  if (filter.status && filter.status !== "all") conditions.push(eq(products.status, filter.status));
  if (filter.stock && filter.stock !== "all") conditions.push(STOCK_CONDITIONS[filter.stock]);
  if (filter.potency === "missing") conditions.push(potencyMissing);
  if (filter.translation === "missing") conditions.push(untranslated);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Stock sorts read products.stock, which checkout, cancellations and stock movements keep equal to
 * the sum of the sizes (index products_status_stock_idx).
 */
const ORDER: Record<ProductSort, SQL[]> = {
  newest: [newestFirst, desc(products.id)],
  "stock-asc": [asc(products.stock), asc(products.id)],
  "stock-desc": [desc(products.stock), desc(products.id)],
};

async function countAdminProducts(filter: AdminProductFilter): Promise<number> {
  const [row] = await db()
    .select({ total: count() })
    .from(products)
    .where(adminProductWhere(filter));
  return row?.total ?? 0;
}

export async function listAdminProducts(
  options: AdminProductFilter & { sort?: ProductSort; page?: number; pageSize?: number },
): Promise<ListResult<AdminProductRow>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const where = adminProductWhere(options);
  const total = await countAdminProducts(options);
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page ?? 1, pages);
  // Each row's sizes summed up in the same query (one lateral aggregate, no query per row).
  const sizes = db()
    .select({
      count: sql<number>`count(*)::int`.as("size_count"),
      minPrice: sql<number | null>`min(${productVariations.priceCents})`.as("size_min_price"),
      maxPrice: sql<number | null>`max(${productVariations.priceCents})`.as("size_max_price"),
      low: sql<
        { size: string; sizeUnit: string; stock: number }[] | null
      >`json_agg(json_build_object('size', ${productVariations.size}, 'sizeUnit', ${productVariations.sizeUnit}, 'stock', ${productVariations.stock}) order by ${productVariations.position}) filter (where ${productVariations.stock} <= ${products.stockAlertLevel})`.as(
        "size_low",
      ),
      out: sql<number>`(count(*) filter (where ${productVariations.stock} = 0))::int`.as(
        "size_out",
      ),
    })
    .from(productVariations)
    .where(and(eq(productVariations.productId, products.id), isNull(productVariations.archivedAt)))
    .as("sizes");
  const rows = await db()
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      // A little more than shown, so the excerpt can end on a whole word.
      description: sql<string>`left(${products.description}, ${DESCRIPTION_EXCERPT + 40})`,
      category: products.category,
      imageUrl: products.imageUrl,
      sellingPriceCents: products.sellingPriceCents,
      sku: products.sku,
      stock: products.stock,
      stockAlertLevel: products.stockAlertLevel,
      status: products.status,
      untranslated: sql<boolean>`${untranslated}`,
      sizes: {
        count: sizes.count,
        minPrice: sizes.minPrice,
        maxPrice: sizes.maxPrice,
        low: sizes.low,
        out: sizes.out,
      },
    })
    .from(products)
    .leftJoinLateral(sizes, sql`true`)
    .where(where)
    .orderBy(...ORDER[options.sort ?? "newest"])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(({ sellingPriceCents, sizes, ...row }) => {
      const sized = sizes.count > 0;
      return {
        ...row,
        description: excerpt(row.description, DESCRIPTION_EXCERPT),
        minPriceCents: sized ? sizes.minPrice! : sellingPriceCents,
        maxPriceCents: sized ? sizes.maxPrice! : sellingPriceCents,
        variationCount: sizes.count,
        lowSizeCount: sized ? (sizes.low?.length ?? 0) : Number(row.stock <= row.stockAlertLevel),
        outSizeCount: sized ? sizes.out : Number(row.stock === 0),
        lowSizes: (sizes.low ?? []).map((size) => ({ size: sizeLabel(size), stock: size.stock })),
      };
    }),
    total,
    page,
    pageCount: pages,
    pageSize,
  };
}
