import { Download, Printer } from "lucide-react";
import { creditNotePaths } from "~/lib/credit-notes";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { REFUND_METHOD_LABELS } from "~/lib/refunds";
import type { OrderRefund } from "~/server/orders/refunds.server";
import { buttonClass } from "./button";
import { Section } from "./page";

/** What one refund gave back, in a line: items (restocked or not), an amount, shipping, tax. */
function refundedText(
  refund: Pick<OrderRefund, "lines" | "goodsCents" | "shippingCents" | "taxLines">,
): string {
  const parts = refund.lines.map(
    (l) =>
      `${l.quantity} × ${l.sizeLabel ? `${l.productName} (${l.sizeLabel})` : l.productName}${l.restocked ? " (restocked)" : " (not restocked)"}`,
  );
  const items = refund.lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (refund.goodsCents > items)
    parts.push(`an amount of ${formatMoney(refund.goodsCents - items)}`);
  if (refund.shippingCents > 0) parts.push(`shipping ${formatMoney(refund.shippingCents)}`);
  for (const t of refund.taxLines) parts.push(`${t.label} ${formatMoney(t.amountCents)}`);
  return parts.join(" · ");
}

/** The order's refunds, each its credit note (print and PDF), newest last. Nothing when none. */
export function OrderRefunds({
  refunds,
  dates,
}: {
  refunds: (Omit<OrderRefund, "createdAt"> & { createdAt: Date | string })[];
  dates: DateTexts;
}) {
  if (refunds.length === 0) return null;
  return (
    <Section title="Refunds">
      <ul className="divide-y divide-stone-100 text-sm">
        {refunds.map((refund) => (
          <li key={refund.id} className="py-2.5 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  Credit note {refund.creditNoteNumber} ·{" "}
                  <span className="tabular-nums">{formatMoney(refund.amountCents)}</span>
                </p>
                <p className="text-xs text-stone-500">
                  {formatDateTime(refund.createdAt, dates)} · by {refund.adminName} ·{" "}
                  {REFUND_METHOD_LABELS[refund.method]}
                  {refund.reference ? ` ${refund.reference}` : ""}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <a
                  href={creditNotePaths.print(refund.creditNoteNumber)}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass("ghost", "sm")}
                >
                  <Printer className="h-4 w-4" aria-hidden />
                  Print
                  <span className="sr-only">
                    {" "}
                    credit note {refund.creditNoteNumber} (opens in a new tab)
                  </span>
                </a>
                <a
                  href={creditNotePaths.pdf(refund.creditNoteNumber)}
                  download
                  className={buttonClass("ghost", "sm")}
                >
                  <Download className="h-4 w-4" aria-hidden />
                  PDF<span className="sr-only"> of credit note {refund.creditNoteNumber}</span>
                </a>
              </div>
            </div>
            <p className="mt-1 text-stone-700">{refundedText(refund)}</p>
            {refund.note ? <p className="mt-0.5 text-stone-600">Note: {refund.note}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
