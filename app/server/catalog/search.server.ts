import { and, desc, eq, sql } from "drizzle-orm";
import { PAGE_SIZE, searchTerms } from "~/lib/catalog-query";
import type { ProductSummary } from "~/lib/product";
import { db } from "../db.server";
import { products } from "../db-tables";
import { productCard } from "./products.server";

interface SearchResult {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * Full-text search over name (weight A), strain and category (B) and description (C), through the
 * GIN index on products.search_vector. Every word must match, as a prefix ("blue dre" finds
 * "Blue Dream"); case does not matter. Best matches first. Results are bounded by the query, so
 * plain page numbers are fine here.
 */
export async function searchProducts(options: {
  q: string;
  page?: number;
  pageSize?: number;
}): Promise<SearchResult> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const page = options.page ?? 1;
  const terms = searchTerms(options.q);
  if (terms.length === 0) return { products: [], total: 0, page: 1, pageCount: 0 };
  const query = sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(" & ")})`;
  const rank = sql`ts_rank(${products.searchVector}, ${query})`;
  const rows = await db()
    .select({ card: productCard, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(eq(products.status, "active"), sql`${products.searchVector} @@ ${query}`))
    .orderBy(desc(rank), products.name, products.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    products: rows.map((row) => row.card),
    total,
    page,
    pageCount: Math.ceil(total / pageSize),
  };
}
