import { countText } from "~/lib/text";
import { REFUND_STATE_LABELS, refundState } from "~/lib/refund-math";
import { stockBadge } from "~/lib/stock";

const TONES = {
  green: "bg-brand-50 text-brand-800 ring-brand-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-700 ring-red-200",
  stone: "bg-stone-100 text-stone-700 ring-stone-200",
  blue: "bg-sky-50 text-sky-800 ring-sky-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone = "stone", children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

const ORDER_TONES: Record<string, Tone> = {
  pending: "amber",
  paid: "blue",
  processing: "violet",
  shipped: "blue",
  delivered: "green",
  completed: "green",
  cancelled: "red",
};

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={ORDER_TONES[status] ?? "stone"}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

/**
 * "Refunded" (in full) or "Partly refunded", beside an order's status: derived from its refunded
 * amount against its total, never a status of its own (docs/decisions/refunds.md).
 */
export function RefundBadge({
  order,
}: {
  order: { totalAmountCents: number; refundedCents: number };
}) {
  const state = refundState(order);
  if (!state) return null;
  return (
    <Badge tone={state === "refunded" ? "stone" : "amber"}>{REFUND_STATE_LABELS[state]}</Badge>
  );
}

/** "1 unit", "1,250 units". */
export function unitsText(n: number): string {
  return countText(n, "unit");
}

/**
 * The admin's stock text (docs/product/catalogue-and-stock.md#stock-badges): 'Out of Stock', count
 * '(Low Stock)', or the plain count; with `units` the count reads "88 units" (detail views, where
 * the figure stands alone).
 */
export function adminStockText(stock: number, alertLevel: number, units = false): string {
  const badge = stockBadge(stock, alertLevel);
  if (badge === "out") return "Out of Stock";
  const count = units ? unitsText(stock) : String(stock);
  return badge === "low" ? `${count} (Low Stock)` : count;
}

export function StockCell({
  stock,
  alertLevel,
  units = false,
}: {
  stock: number;
  alertLevel: number;
  units?: boolean;
}) {
  const badge = stockBadge(stock, alertLevel);
  const tone =
    badge === "out" ? "text-red-700" : badge === "low" ? "text-amber-700" : "text-stone-800";
  return (
    <span className={`font-medium whitespace-nowrap tabular-nums ${tone}`}>
      {adminStockText(stock, alertLevel, units)}
    </span>
  );
}
