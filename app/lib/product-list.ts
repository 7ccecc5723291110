import { countText } from "./text";
import { formatMoney } from "./money";

/**
 * The admin Products list's filters, sorts and bulk actions: the words and values the page, its
 * zod schema (app/schemas/product-list.ts) and the server share (no zod here: the list page loads
 * without it).
 */

/** "low": any size (or the sizeless product) at or under the alert level, sold-out included. */
export const STOCK_FILTERS = ["all", "low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  all: "Any stock",
  low: "Low stock",
  out: "Out of stock",
};

/** "missing": cannabis products without THC or CBD (or their totals) on the product or a size. */
export const POTENCY_FILTERS = ["all", "missing"] as const;
export type PotencyFilter = (typeof POTENCY_FILTERS)[number];

export const POTENCY_FILTER_LABELS: Record<PotencyFilter, string> = {
  all: "Any potency",
  missing: "Potency missing",
};

/**
 * "missing": products the French storefront shows (partly) in English: no French name, or no French
 * description while there is an English one.
 */
export const TRANSLATION_FILTERS = ["all", "missing"] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];

export const TRANSLATION_FILTER_LABELS: Record<TranslationFilter, string> = {
  all: "Any translation",
  missing: "Not translated",
};

export const PRODUCT_SORTS = ["newest", "stock-asc", "stock-desc"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: "Newest first",
  "stock-asc": "Least stock first",
  "stock-desc": "Most stock first",
};

/** A price change's limits: a percentage in (-100, +1000], a result of at most $100,000. */
export const MIN_PRICE_PERCENT = -99.99;
export const MAX_PRICE_PERCENT = 1000;
export const MAX_BULK_PRICE_CENTS = 10_000_000;

/** How many products a page's selection may name (a page holds 20). */
export const MAX_BULK_IDS = 100;

export const BULK_MESSAGES = {
  empty: "Select at least one product first.",
  gone: "None of the selected products exist any more. Reload the page and try again.",
  noMatch: "No products match this filter any more. Reload the page and try again.",
  category: "Choose one of the categories.",
  percent: "Enter a percentage such as -10 or +5 (not 0, above -100, at most +1000).",
} as const;

/** "$12.50", or "$12.50 – $41.68" when a product's sizes cost different amounts. */
export function formatPriceRange(minCents: number, maxCents: number): string {
  return minCents === maxCents
    ? formatMoney(minCents)
    : `${formatMoney(minCents)} – ${formatMoney(maxCents)}`;
}

/** "1 product", "3 products". */
export function productCount(n: number): string {
  return countText(n, "product");
}

/** "-10" → "lowered by 10%", "+5" → "raised by 5%". */
function percentChangeText(percent: number): string {
  return `${percent < 0 ? "lowered" : "raised"} by ${Math.abs(percent)}%`;
}

export type BulkAction = "archive" | "unarchive" | "category" | "price";

/**
 * The toast after a bulk action: how many products changed, and how many were already so
 * ("3 products archived (1 already archived).").
 */
export function bulkDoneMessage(
  change:
    | { action: "archive" | "unarchive" }
    | { action: "category"; categoryName: string }
    | { action: "price"; percent: number },
  matched: number,
  changed: number,
): string {
  const [done, same] =
    change.action === "category"
      ? [`moved to ${change.categoryName}`, `already in ${change.categoryName}`]
      : change.action === "price"
        ? [`repriced: ${percentChangeText(change.percent)}`, "kept the same prices after rounding"]
        : change.action === "archive"
          ? ["archived", "already archived"]
          : ["unarchived", "already active"];
  const rest = matched - changed;
  return `${productCount(changed)} ${done}${rest > 0 ? ` (${rest.toLocaleString("en-CA")} ${same})` : ""}.`;
}
