/** Storefront listing parameters (category, all-products and search pages), kept in the URL. */

export const SORT_OPTIONS = [
  { value: "name", label: "Name" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "rating", label: "Highest Rated" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"];
const DEFAULT_SORT: SortKey = "name";

/** The price slider runs from 0 to 1000 dollars and sets the upper bound only. */
export const PRICE_SLIDER_MAX = 1000;
export const PRICE_SLIDER_STEP = 10;
export const PAGE_SIZE = 24;
export const SKELETON_CARDS = 8;

type ViewMode = "grid" | "list";

export interface CatalogQuery {
  sort: SortKey;
  /** Upper price bound in dollars; PRICE_SLIDER_MAX means no bound. */
  maxPrice: number;
  view: ViewMode;
  /** Opaque keyset cursors: the page after `after`, or the page before `before`. */
  after?: string;
  before?: string;
  /** Shown to the shopper only; the cursor decides which products come back. */
  page: number;
}

type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const CURSOR = /^[A-Za-z0-9_-]{1,400}$/;

function parsePage(raw: string | null): number | undefined {
  if (raw === null) return 1;
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : undefined;
}

export function parseCatalogQuery(params: URLSearchParams): ParseResult<CatalogQuery> {
  const sort = params.get("sort") ?? DEFAULT_SORT;
  if (!SORT_OPTIONS.some((o) => o.value === sort)) {
    return { ok: false, message: `Unknown sort order "${sort}".` };
  }
  const rawMax = params.get("max");
  const maxPrice = rawMax === null || rawMax === "" ? PRICE_SLIDER_MAX : Number(rawMax);
  if (!Number.isFinite(maxPrice) || maxPrice < 0 || maxPrice > PRICE_SLIDER_MAX) {
    return {
      ok: false,
      message: `The maximum price must be a number from 0 to ${PRICE_SLIDER_MAX}.`,
    };
  }
  const view = params.get("view") ?? "grid";
  if (view !== "grid" && view !== "list") {
    return { ok: false, message: 'The view must be "grid" or "list".' };
  }
  const after = params.get("after") ?? undefined;
  const before = params.get("before") ?? undefined;
  if ((after && !CURSOR.test(after)) || (before && !CURSOR.test(before)) || (after && before)) {
    return { ok: false, message: "This page link is not valid. Please start from the first page." };
  }
  const page = parsePage(params.get("page"));
  if (page === undefined) return { ok: false, message: "The page number is not valid." };
  return {
    ok: true,
    value: { sort: sort as SortKey, maxPrice: Math.round(maxPrice), view, after, before, page },
  };
}

/** The query string for a listing, leaving out defaults so URLs stay short and shareable. */
export function catalogSearch(query: Partial<CatalogQuery> & { q?: string }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.maxPrice !== undefined && query.maxPrice < PRICE_SLIDER_MAX) {
    params.set("max", String(query.maxPrice));
  }
  if (query.view === "list") params.set("view", "list");
  if (query.after) params.set("after", query.after);
  if (query.before) params.set("before", query.before);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Search terms: letters and digits only, at most 8 words of 40 characters. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((t) => t.slice(0, 40));
}
