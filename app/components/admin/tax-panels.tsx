import { provinceName } from "~/lib/address";
import { formatCount } from "~/lib/text";
import { formatMoney } from "~/lib/money";
import type { TaxReportRow } from "~/server/reports/tax-report.server";
import type { SalesReport } from "~/server/reports/sales-report.server";
import { Panel } from "./report-panels";

const refunded = (cents: number) => (cents === 0 ? formatMoney(0) : `−${formatMoney(cents)}`);

/**
 * Reports: sales tax of the period, one row per shipping province and tax, net of refunds (what a
 * GST/HST or provincial return reports), with totals per tax.
 */
export function TaxCollected({
  rows,
  totals,
}: {
  rows: TaxReportRow[];
  totals: SalesReport["taxTotals"];
}) {
  const money = (
    t: { collectedCents: number; refundedCents: number; netCents: number },
    net = "font-medium",
  ) => (
    <>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
        {formatMoney(t.collectedCents)}
      </td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
        {refunded(t.refundedCents)}
      </td>
      <td className={`px-5 py-2.5 text-right whitespace-nowrap tabular-nums ${net}`}>
        {formatMoney(t.netCents)}
      </td>
    </>
  );
  return (
    <Panel title="Sales Tax Collected">
      {rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-stone-600">
          No sales tax collected or refunded in this period.
        </p>
      ) : (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-labelledby="panel-sales-tax-collected"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">
              Sales tax collected, refunded and net, by shipping province and tax
            </caption>
            <thead className="text-left text-xs text-stone-600">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">
                  Province or territory
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Tax
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Collected
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Refunded
                </th>
                <th scope="col" className="px-5 py-2 text-right font-medium">
                  Net
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => (
                <tr key={`${row.province}-${row.kind}`}>
                  <th scope="row" className="px-5 py-2.5 text-left font-medium text-stone-900">
                    {provinceName(row.province)}
                  </th>
                  <td className="px-3 py-2.5">{row.kind}</td>
                  <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                    {formatCount(row.orders)}
                  </td>
                  {money(row)}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-stone-200 text-stone-900">
              {totals.byKind.map((t) => (
                <tr key={t.kind}>
                  <th scope="row" className="px-5 py-2 text-left font-medium">
                    Total {t.kind}
                  </th>
                  <td className="px-3 py-2" />
                  <td className="px-3 py-2" />
                  {money(t)}
                </tr>
              ))}
              <tr className="border-t border-stone-200 font-semibold">
                <th scope="row" className="px-5 py-2.5 text-left">
                  Total
                </th>
                <td className="px-3 py-2.5" />
                <td className="px-3 py-2.5" />
                {money(totals, "font-semibold")}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="border-t border-stone-100 px-5 py-2 text-xs text-stone-600">
        Collected: the tax lines stored on the period&apos;s sales, by the province each ships to.
        Refunded: the tax given back by the refunds made in the period, whatever the order&apos;s
        date. Orders placed before sales taxes were charged have none.
      </p>
    </Panel>
  );
}
