import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, searchTerms } from "~/lib/catalog-query";
import type { Locale } from "~/lib/i18n/locale";
import type { ProductSummary } from "~/lib/product";
import { db } from "../db.server";
import { foldAccents, products } from "../db-tables";
import { productNameIn } from "./localized.server";
import { productCard } from "./products.server";

interface SearchResult {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** A word of the shopper's as a prefix query in a text search configuration, accents folded. */
function prefixQuery(config: "simple" | "french", term: string): SQL {
  return sql`to_tsquery(${sql.raw(`'${config}'`)}, ${foldAccents(sql`${`${term}:*`}`)})`;
}

/**
 * What a search matches, and in which stored words. English: every word, as a prefix, among the
 * English words (products.search_vector). French: every word, as a prefix, either as written among
 * the English and French words or as a French word form among the French ones ("crèmes" finds
 * "crème"), in products.search_vector_fr. A French stop word ("de") matches as written only.
 */
function searchQuery(terms: string[], locale: Locale): { vector: SQL; query: SQL } {
  if (locale === "en") {
    return {
      vector: sql`${products.searchVector}`,
      query: sql`to_tsquery('simple', ${foldAccents(sql`${terms.map((t) => `${t}:*`).join(" & ")}`)})`,
    };
  }
  const words = terms.map(
    (term) => sql`(${prefixQuery("simple", term)} || ${prefixQuery("french", term)})`,
  );
  return { vector: sql`${products.searchVectorFr}`, query: sql.join(words, sql` && `) };
}

/**
 * Full-text search over name (weight A), strain and category (B) and description (C), through the
 * GIN index on products.search_vector (English pages) or products.search_vector_fr (French pages,
 * which also match the French name and description, with French word forms). Every word must
 * match, as a prefix ("blue dre" finds "Blue Dream"); case and accents do not matter ("creme" finds
 * "Crème"). Best matches first. Results are bounded by the query, so plain page numbers are fine
 * here. French pages show the French names.
 */
export async function searchProducts(options: {
  q: string;
  page?: number;
  pageSize?: number;
  locale?: Locale;
}): Promise<SearchResult> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const page = options.page ?? 1;
  const locale = options.locale ?? "en";
  const terms = searchTerms(options.q);
  if (terms.length === 0) return { products: [], total: 0, page: 1, pageCount: 0 };
  const { vector, query: words } = searchQuery(terms, locale);
  // Built once per search (an uncorrelated subquery), not again for each row it ranks.
  const query = sql`(select ${words})`;
  const name = productNameIn(locale);
  const rows = await db()
    .select({
      card: productCard,
      name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.status, "active"), sql`${vector} @@ ${query}`))
    .orderBy(desc(sql`ts_rank(${vector}, ${query})`), name, products.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    products: rows.map((row) => ({ ...row.card, name: row.name })),
    total,
    page,
    pageCount: Math.ceil(total / pageSize),
  };
}
