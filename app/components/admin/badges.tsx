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

/** SPEC §4 admin stock display: 'Out of Stock', count '(Low Stock)', or the plain count. */
export function adminStockText(stock: number, alertLevel: number): string {
  const badge = stockBadge(stock, alertLevel);
  if (badge === "out") return "Out of Stock";
  return badge === "low" ? `${stock} (Low Stock)` : String(stock);
}

export function StockCell({ stock, alertLevel }: { stock: number; alertLevel: number }) {
  const badge = stockBadge(stock, alertLevel);
  const tone =
    badge === "out" ? "text-red-700" : badge === "low" ? "text-amber-700" : "text-stone-800";
  return (
    <span className={`font-medium whitespace-nowrap tabular-nums ${tone}`}>
      {adminStockText(stock, alertLevel)}
    </span>
  );
}
