import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { useT } from "~/lib/i18n/use-locale";
import type { StockBadge as Badge } from "~/lib/stock";

const STYLES: Record<Badge, string> = {
  out: "bg-stone-200 text-stone-800",
  low: "bg-amber-100 text-amber-900",
  in: "bg-brand-100 text-brand-900",
};

/** The badge's words (app/lib/stock.ts STOCK_BADGE_LABELS in English). */
const LABELS = { out: "stockOut", low: "stockLow", in: "stockIn" } as const;

export function StockBadge({ badge, className = "" }: { badge: Badge; className?: string }) {
  const t = useT(productCardMessages);
  return (
    <span className={`stock-badge ${STYLES[badge]}${className ? ` ${className}` : ""}`}>
      {t(LABELS[badge])}
    </span>
  );
}
