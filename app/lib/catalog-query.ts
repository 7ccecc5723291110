/** Storefront listing parameters (category, all-products and search pages), kept in the URL. */
import type { Locale } from "./i18n/locale";
import { listingMessages } from "~/lib/i18n/messages/listing";
import { translator } from "./i18n/translate";

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

type ViewMode = "grid" | "list";

/** Strain types a listing filters by (products.strain holds the capitalised names). */
export const STRAIN_OPTIONS = [
  { value: "indica", label: "Indica", stored: "Indica" },
  { value: "sativa", label: "Sativa", stored: "Sativa" },
  { value: "hybrid", label: "Hybrid", stored: "Hybrid" },
] as const;
export type StrainFilter = (typeof STRAIN_OPTIONS)[number]["value"];

/** Potency bounds, in mg (per gram or per unit, each product in its own unit); the same cap as the form. */
export const POTENCY_FILTER_MAX = 1000;

/** Strain and potency filters; undefined: no bound. THC and CBD in mg with one decimal at most. */
export interface CatalogFilters {
  strain?: StrainFilter;
  thcMin?: number;
  thcMax?: number;
  cbdMin?: number;
  cbdMax?: number;
}

const POTENCY_PARAMS = [
  ["thcMin", "thcMinLabel"],
  ["thcMax", "thcMaxLabel"],
  ["cbdMin", "cbdMinLabel"],
  ["cbdMax", "cbdMaxLabel"],
] as const;

/** A number in a refusal: as today ("1000") in English, the French way ("1 000") in French. */
function shownNumber(value: number, locale: Locale): string | number {
  return locale === "en" ? String(value) : value;
}

export interface CatalogQuery extends CatalogFilters {
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

function parseFilters(params: URLSearchParams, locale: Locale): ParseResult<CatalogFilters> {
  const t = translator(listingMessages, locale);
  const filters: CatalogFilters = {};
  const strains = params.getAll("strain").filter((v) => v !== "");
  if (strains.length > 1) return { ok: false, message: t("oneStrainAtMost") };
  const strain = strains[0];
  if (strain !== undefined) {
    if (!STRAIN_OPTIONS.some((o) => o.value === strain)) {
      return { ok: false, message: t("strainInvalid") };
    }
    filters.strain = strain as StrainFilter;
  }
  for (const [name, label] of POTENCY_PARAMS) {
    const raw = params.get(name)?.trim();
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!/^\d+(\.\d)?$/.test(raw) || value > POTENCY_FILTER_MAX) {
      return {
        ok: false,
        message: t("potencyInvalid", {
          label: t(label),
          max: shownNumber(POTENCY_FILTER_MAX, locale),
        }),
      };
    }
    filters[name] = value;
  }
  for (const [min, max, label] of [
    ["thcMin", "thcMax", "THC"],
    ["cbdMin", "cbdMax", "CBD"],
  ] as const) {
    const low = filters[min];
    const high = filters[max];
    if (low !== undefined && high !== undefined && low > high) {
      return { ok: false, message: t("minAboveMax", { label }) };
    }
  }
  return { ok: true, value: filters };
}

/** True when any strain or potency filter is set. */
export function hasFilters(query: CatalogFilters): boolean {
  return query.strain !== undefined || POTENCY_PARAMS.some(([name]) => query[name] !== undefined);
}

/** Only the strain and potency filters of a query (for links that keep them). */
export function filtersOf(query: CatalogFilters): CatalogFilters {
  const { strain, thcMin, thcMax, cbdMin, cbdMax } = query;
  return { strain, thcMin, thcMax, cbdMin, cbdMax };
}

function parsePage(raw: string | null): number | undefined {
  if (raw === null) return 1;
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : undefined;
}

/** A listing's query from the URL, or why it is refused (in the page's language). */
export function parseCatalogQuery(
  params: URLSearchParams,
  locale: Locale = "en",
): ParseResult<CatalogQuery> {
  const t = translator(listingMessages, locale);
  const sort = params.get("sort") ?? DEFAULT_SORT;
  if (!SORT_OPTIONS.some((o) => o.value === sort)) {
    return { ok: false, message: t("unknownSort", { sort }) };
  }
  const rawMax = params.get("max");
  const maxPrice = rawMax === null || rawMax === "" ? PRICE_SLIDER_MAX : Number(rawMax);
  if (!Number.isFinite(maxPrice) || maxPrice < 0 || maxPrice > PRICE_SLIDER_MAX) {
    return {
      ok: false,
      message: t("maxPriceInvalid", { max: shownNumber(PRICE_SLIDER_MAX, locale) }),
    };
  }
  const view = params.get("view") ?? "grid";
  if (view !== "grid" && view !== "list") {
    return { ok: false, message: t("viewInvalid") };
  }
  const after = params.get("after") ?? undefined;
  const before = params.get("before") ?? undefined;
  if ((after && !CURSOR.test(after)) || (before && !CURSOR.test(before)) || (after && before)) {
    return { ok: false, message: t("invalidPageLink") };
  }
  const page = parsePage(params.get("page"));
  if (page === undefined) return { ok: false, message: t("invalidPageNumber") };
  const filters = parseFilters(params, locale);
  if (!filters.ok) return filters;
  return {
    ok: true,
    value: {
      sort: sort as SortKey,
      maxPrice: Math.round(maxPrice),
      view,
      after,
      before,
      page,
      ...filters.value,
    },
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
  if (query.strain) params.set("strain", query.strain);
  for (const [name] of POTENCY_PARAMS) {
    const value = query[name];
    if (value !== undefined) params.set(name, String(value));
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
