import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { excerpt } from "~/lib/text";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import { db } from "../db.server";
import { products } from "../schema";
import { escapeLike } from "../sql-like.server";
import { newestFirst } from "./products.server";

export interface AdminProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  imageUrl: string;
  priceCents: number;
  sku: string | null;
  stock: number;
  stockAlertLevel: number;
  status: string;
  variationCount: number;
}

/** A product's stock as SPEC §4 counts it: the sum of its variations, else its own figure. */
export const stockExpression = sql<number>`coalesce((select sum(v.stock) from product_variations v where v.product_id = ${products.id}), ${products.stock})::int`;

/** Characters of a description the admin list shows (cut on a word, with an ellipsis). */
const DESCRIPTION_EXCERPT = 160;

export async function listAdminProducts(options: {
  q?: string;
  category?: string;
  status?: "active" | "archived" | "all";
  page?: number;
  pageSize?: number;
}): Promise<ListResult<AdminProductRow>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (options.q) {
    const pattern = `%${escapeLike(options.q)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.sku, pattern))!);
  }
  if (options.category && options.category !== "all") {
    conditions.push(eq(products.category, options.category));
  }
  if (options.status && options.status !== "all")
    conditions.push(eq(products.status, options.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [{ total }] = (await db().select({ total: count() }).from(products).where(where)) as [
    { total: number },
  ];
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page ?? 1, pages);
  const rows = await db()
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      // A little more than shown, so the excerpt can end on a whole word.
      description: sql<string>`left(${products.description}, ${DESCRIPTION_EXCERPT + 40})`,
      category: products.category,
      imageUrl: products.imageUrl,
      priceCents: products.sellingPriceCents,
      sku: products.sku,
      stock: stockExpression,
      stockAlertLevel: products.stockAlertLevel,
      status: products.status,
      variationCount: sql<number>`(select count(*) from product_variations v where v.product_id = ${products.id})::int`,
    })
    .from(products)
    .where(where)
    .orderBy(newestFirst, desc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((row) => ({
      ...row,
      description: excerpt(row.description, DESCRIPTION_EXCERPT),
    })),
    total,
    page,
    pageCount: pages,
    pageSize,
  };
}
