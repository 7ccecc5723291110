import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { CategorySlug } from "~/lib/categories";
import {
  type CatalogFilters,
  PAGE_SIZE,
  PRICE_SLIDER_MAX,
  type SortKey,
  STRAIN_OPTIONS,
} from "~/lib/catalog-query";
import type { Locale } from "~/lib/i18n/locale";
import type { ProductSummary } from "~/lib/product";
import { plainText } from "~/schemas/text";
import { db } from "../db.server";
import { products } from "../db-tables";
import { cachedListingCount } from "../storefront/listing-counts.server";
import { productCardIn } from "./products.server";

/**
 * Keyset ("seek") pagination: a page starts after (or ends before) the sort key and id of a row, so
 * page 200 costs the same index walk as page 1. Each sort has a matching index in catalog.server.ts.
 */
/**
 * The price a card shows (kept by refreshListedPrice; the selling price until first refreshed),
 * written exactly as in the products_*_listed_price_idx indexes so they serve filter and sort.
 */
const listedPrice = sql`coalesce(${products.listedPriceCents}, ${products.sellingPriceCents})`;

const SORTS: Record<SortKey, { key: SQL; cast: string; dir: "asc" | "desc" }> = {
  name: { key: sql`${products.name}`, cast: "text", dir: "asc" },
  "price-asc": { key: listedPrice, cast: "integer", dir: "asc" },
  "price-desc": { key: listedPrice, cast: "integer", dir: "desc" },
  rating: { key: sql`coalesce(${products.rating}, 5)`, cast: "double precision", dir: "desc" },
};

type CursorValue = string | number;

export class InvalidCursorError extends Error {}

export function encodeCursor(value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString("base64url");
}

const cursorId = z.uuid();
/** What a cursor may hold for each sort: exactly what its column can compare against. */
const CURSOR_SCHEMAS: Record<SortKey, z.ZodType<[CursorValue, string]>> = {
  name: z.tuple([plainText(200).refine((v) => v.length > 0), cursorId]),
  "price-asc": z.tuple([z.number().int().min(0).max(2_147_483_647), cursorId]),
  "price-desc": z.tuple([z.number().int().min(0).max(2_147_483_647), cursorId]),
  rating: z.tuple([z.number().min(0).max(5), cursorId]),
};

export function decodeCursor(cursor: string, sort: SortKey): { value: CursorValue; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const result = CURSOR_SCHEMAS[sort].safeParse(parsed);
  if (result.success) return { value: result.data[0], id: result.data[1] };
  throw new InvalidCursorError("This page link is not valid. Please start from the first page.");
}

interface ListingPage {
  products: ProductSummary[];
  /** Cursor of the next page, when there is one. */
  next?: string;
  /** Cursor of the previous page, when there is one. */
  previous?: string;
  total: number;
}

function countProducts(where: SQL | undefined, cacheKey: string): Promise<number> {
  return cachedListingCount(cacheKey, async () => {
    const [row] = await db()
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where);
    return row?.total ?? 0;
  });
}

/** mg (one decimal) → the tenths the filter columns hold. */
const tenths = (mg: number) => Math.round(mg * 10);

/**
 * The strain and potency conditions. THC and CBD compare with filter_thc_tenths and
 * filter_cbd_tenths (kept by refreshListedPrice), each product in its own unit; a product whose
 * value is not given drops out once that range has a bound.
 */
function filterConditions(filters: CatalogFilters): SQL | undefined {
  const strain = STRAIN_OPTIONS.find((o) => o.value === filters.strain);
  const bound = (
    column: typeof products.filterThcTenths | typeof products.filterCbdTenths,
    min?: number,
    max?: number,
  ) => [
    min === undefined ? undefined : gte(column, tenths(min)),
    max === undefined ? undefined : lte(column, tenths(max)),
  ];
  return and(
    strain ? eq(products.strain, strain.stored) : undefined,
    ...bound(products.filterThcTenths, filters.thcMin, filters.thcMax),
    ...bound(products.filterCbdTenths, filters.cbdMin, filters.cbdMax),
  );
}

/** A page of active products, of one category or all, sorted and filtered on the server. */
export async function listCatalogPage(
  options: CatalogFilters & {
    category?: CategorySlug;
    sort: SortKey;
    /** Upper bound in dollars; PRICE_SLIDER_MAX (the slider's end) means no bound. */
    maxPrice?: number;
    after?: string;
    before?: string;
    pageSize?: number;
    /** The cards' language (names in French where written); sorting stays on the English name. */
    locale?: Locale;
  },
): Promise<ListingPage> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const sort = SORTS[options.sort];
  const maxPrice = options.maxPrice ?? PRICE_SLIDER_MAX;
  const filters = and(
    options.category ? eq(products.category, options.category) : undefined,
    eq(products.status, "active"),
    maxPrice < PRICE_SLIDER_MAX ? lte(listedPrice, maxPrice * 100) : undefined,
    filterConditions(options),
  );
  const filterKey = [
    options.strain ?? "",
    options.thcMin ?? "",
    options.thcMax ?? "",
    options.cbdMin ?? "",
    options.cbdMax ?? "",
  ].join(",");

  const cursorText = options.after ?? options.before;
  const backwards = Boolean(options.before);
  // Walking backwards from `before` flips the order; the rows are reversed again below.
  const ascending = (sort.dir === "asc") !== backwards;
  let seek: SQL | undefined;
  if (cursorText) {
    const cursor = decodeCursor(cursorText, options.sort);
    const value = sql`cast(${cursor.value} as ${sql.raw(sort.cast)})`;
    seek = ascending
      ? sql`(${sort.key}, ${products.id}) > (${value}, ${cursor.id}::uuid)`
      : sql`(${sort.key}, ${products.id}) < (${value}, ${cursor.id}::uuid)`;
  }
  const order = ascending ? [asc(sort.key), asc(products.id)] : [desc(sort.key), desc(products.id)];

  const [rows, total] = await Promise.all([
    db()
      .select({
        card: productCardIn(options.locale ?? "en"),
        sortValue: sql<CursorValue>`${sort.key}`,
      })
      .from(products)
      .where(and(filters, seek))
      .orderBy(...order)
      .limit(pageSize + 1),
    countProducts(filters, `${options.category ?? "*"}|${maxPrice}|${filterKey}`),
  ]);

  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : Boolean(options.after);
  return {
    products: page.map((row) => row.card),
    next: hasNext && last ? encodeCursor(last.sortValue, last.card.id) : undefined,
    previous: hasPrevious && first ? encodeCursor(first.sortValue, first.card.id) : undefined,
    total,
  };
}
