import { provinceName } from "~/lib/address";
import { formatCount } from "~/lib/text";
import { formatMoney } from "~/lib/money";
import { TAX_KINDS, type TaxKind } from "~/lib/taxes";
import type { ProvinceTaxRow } from "~/server/reports/tax-report.server";
import { Panel } from "./report-panels";

/** Reports: sales tax collected in the period, one row per shipping province, a column per tax. */
export function TaxCollected({ rows }: { rows: ProvinceTaxRow[] }) {
  const kinds = TAX_KINDS.filter((kind) => rows.some((row) => row.byKind[kind] !== undefined));
  const total = (kind: TaxKind) => rows.reduce((sum, row) => sum + (row.byKind[kind] ?? 0), 0);
  const grandTotal = rows.reduce((sum, row) => sum + row.totalCents, 0);
  return (
    <Panel title="Sales Tax Collected">
      {rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-stone-600">
          No sales tax collected in this period.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Sales tax collected by shipping province</caption>
            <thead className="text-left text-xs text-stone-600">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">
                  Province or territory
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Orders
                </th>
                {kinds.map((kind) => (
                  <th key={kind} scope="col" className="px-3 py-2 text-right font-medium">
                    {kind}
                  </th>
                ))}
                <th scope="col" className="px-5 py-2 text-right font-medium">
                  Tax collected
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => (
                <tr key={row.province}>
                  <th scope="row" className="px-5 py-2.5 text-left font-medium text-stone-900">
                    {provinceName(row.province)}
                  </th>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatCount(row.orders)}</td>
                  {kinds.map((kind) => (
                    <td key={kind} className="px-3 py-2.5 text-right tabular-nums">
                      {row.byKind[kind] === undefined ? "—" : formatMoney(row.byKind[kind])}
                    </td>
                  ))}
                  <td className="px-5 py-2.5 text-right font-medium tabular-nums">
                    {formatMoney(row.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-stone-200 font-semibold text-stone-900">
              <tr>
                <th scope="row" className="px-5 py-2.5 text-left">
                  Total
                </th>
                <td className="px-3 py-2.5" />
                {kinds.map((kind) => (
                  <td key={kind} className="px-3 py-2.5 text-right tabular-nums">
                    {formatMoney(total(kind))}
                  </td>
                ))}
                <td className="px-5 py-2.5 text-right tabular-nums">{formatMoney(grandTotal)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="border-t border-stone-100 px-5 py-2 text-xs text-stone-600">
        From the tax lines stored on each sale, by the province it ships to. Orders placed before
        sales taxes were charged have none.
      </p>
    </Panel>
  );
}
