import { STOCK_BADGE_LABELS, type StockBadge as Badge } from "~/lib/stock";

const STYLES: Record<Badge, string> = {
  out: "bg-stone-200 text-stone-800",
  low: "bg-amber-100 text-amber-900",
  in: "bg-brand-100 text-brand-900",
};

export function StockBadge({ badge, className = "" }: { badge: Badge; className?: string }) {
  return (
    <span className={`stock-badge ${STYLES[badge]}${className ? ` ${className}` : ""}`}>
      {STOCK_BADGE_LABELS[badge]}
    </span>
  );
}
