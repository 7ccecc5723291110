import type { Locale } from "./i18n/locale";
import { stockMessages } from "~/lib/i18n/messages/stock";
import { translator } from "./i18n/translate";

export type StockBadge = "out" | "low" | "in";

export const DEFAULT_STOCK_ALERT_LEVEL = 10;

/** Out of Stock at 0, Low Stock at or below the alert level, else In Stock. */
export function stockBadge(available: number, alertLevel = DEFAULT_STOCK_ALERT_LEVEL): StockBadge {
  if (available <= 0) return "out";
  if (available <= alertLevel) return "low";
  return "in";
}

export const STOCK_BADGE_LABELS: Record<StockBadge, string> = {
  out: "Out of Stock",
  low: "Low Stock",
  in: "In Stock",
};

/** A stock badge's words in a language ("Out of Stock", "En rupture de stock"). */
export function stockBadgeLabel(badge: StockBadge, locale: Locale = "en"): string {
  const t = translator(stockMessages, locale);
  if (badge === "out") return t("stockOut");
  return t(badge === "low" ? "stockLow" : "stockIn");
}

/** What is left of a low size or product, as every low-stock list says it: "2 left", "out of stock". */
export function stockLeftText(stock: number, locale: Locale = "en"): string {
  const t = translator(stockMessages, locale);
  return stock <= 0 ? t("stockLeftNone") : t("stockLeft", { count: stock });
}

/**
 * One line of a low-stock list, naming the size: "Pink Kush — 28g: 2 left"; a product sold
 * without sizes: "Sour Gummies: out of stock".
 */
export function lowStockText(
  item: { productName: string; size: string | null; stock: number },
  locale: Locale = "en",
) {
  const colon = locale === "fr" ? "\u00a0:" : ":";
  return `${item.productName}${item.size ? ` — ${item.size}` : ""}${colon} ${stockLeftText(item.stock, locale)}`;
}

/** The chosen variation's stock, else the total of the variations, else the product's. */
export function availableStock(
  product: { stock: number; variations: { id: string; stock: number }[] },
  variationId?: string,
): number {
  const chosen = variationId ? product.variations.find((v) => v.id === variationId) : undefined;
  if (chosen) return chosen.stock;
  if (product.variations.length > 0) return product.variations.reduce((sum, v) => sum + v.stock, 0);
  return product.stock;
}

/**
 * Why stock moved: every change to a product's or size's stock is one movement with one of these.
 * "order_edited": a pending order's lines changed by staff (taken for more or added, back for fewer
 * or removed), the movement naming the order.
 */
export const STOCK_REASONS = [
  "received",
  "count_correction",
  "damaged",
  "lost",
  "returned",
  "sold",
  "cancelled",
  "refund_restock",
  "order_edited",
  "sample_data",
  "recalled",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: "Received",
  count_correction: "Count correction",
  damaged: "Damaged",
  lost: "Lost or stolen",
  returned: "Returned",
  sold: "Sold",
  cancelled: "Order cancelled",
  refund_restock: "Refunded and restocked",
  order_edited: "Order edited",
  sample_data: "Sample data",
  recalled: "Recalled (quarantined)",
};

/** The reasons staff choose when they adjust stock by hand (the others are the store's own). */
export const ADJUST_REASONS = {
  add: ["received", "returned", "count_correction"],
  remove: ["damaged", "lost", "count_correction"],
  set: ["count_correction"],
} as const satisfies Record<string, readonly StockReason[]>;
export type AdjustMode = keyof typeof ADJUST_REASONS;

/**
 * The signed change an adjustment makes to the stock there is now: add or remove a quantity, or set
 * the figure counted (the difference from the stock at that moment). Undefined when nothing changes.
 */
export function adjustmentDelta(mode: AdjustMode, quantity: number, current: number): number {
  if (mode === "add") return quantity;
  if (mode === "remove") return -quantity;
  return quantity - current;
}
