export type StockBadge = "out" | "low" | "in";

export const DEFAULT_STOCK_ALERT_LEVEL = 10;

/** SPEC §4: Out of Stock at 0, Low Stock at or below the alert level, else In Stock. */
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

/** SPEC §4: the chosen variation's stock, else the total of the variations, else the product's. */
export function availableStock(
  product: { stock: number; variations: { id: string; stock: number }[] },
  variationId?: string,
): number {
  const chosen = variationId ? product.variations.find((v) => v.id === variationId) : undefined;
  if (chosen) return chosen.stock;
  if (product.variations.length > 0) return product.variations.reduce((sum, v) => sum + v.stock, 0);
  return product.stock;
}
