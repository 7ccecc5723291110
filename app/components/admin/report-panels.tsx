import { countText, formatCount } from "~/lib/text";
import { ArrowDownRight, ArrowUpRight, type LucideIcon } from "lucide-react";
import { href, Link } from "react-router";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { formatChange, type Change } from "~/lib/report-period";
import { statusName } from "~/lib/order-status";
import type { Activity, ReportTotals, SalesReport } from "~/server/reports/sales-report.server";

export function MetricCard({
  label,
  metric,
  format,
  icon: Icon,
}: {
  label: string;
  /** This period's figure, the previous period's, and the change between them. */
  metric: { current: number; previous: number; change: Change };
  format: (value: number) => string;
  icon: LucideIcon;
}) {
  const { change } = metric;
  const value = format(metric.current);
  const previous = format(metric.previous);
  const text = formatChange(change);
  const up = change.kind === "percent" && change.value > 0;
  const down = change.kind === "percent" && change.value < 0;
  const tone = up ? "text-green-700" : down ? "text-red-700" : "text-stone-600";
  return (
    <div
      role="group"
      aria-label={label}
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
      </div>
      <p className="mt-3 text-2xl font-bold tracking-tight text-stone-900 tabular-nums">{value}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-stone-600">
        <span className={`inline-flex items-center font-semibold ${tone}`}>
          {up ? <ArrowUpRight className="h-3.5 w-3.5" aria-hidden /> : null}
          {down ? <ArrowDownRight className="h-3.5 w-3.5" aria-hidden /> : null}
          {text}
        </span>
        <span>
          {change.kind === "none" ? "no change; " : ""}vs {previous} in the previous period
        </span>
      </p>
    </div>
  );
}

export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <h2 id={id} className="border-b border-stone-200 px-5 py-4 font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Gross, refunds and net side by side, for each kind of money a sale takes in: the goods (net
 * sales, the headline), the shipping, the sales tax, and their total. Gross is what the period's
 * sales charged (on the order's day), refunds what was given back in the period (on the refund's
 * day), net the difference.
 */
export function GrossRefundsNet({ totals }: { totals: ReportTotals }) {
  const rows = [
    { label: "Net sales", money: totals.sales },
    { label: "Shipping", money: totals.shipping },
    { label: "Sales tax", money: totals.tax },
    { label: "Total", money: totals.total, strong: true },
  ];
  const made = totals.refunds.current;
  return (
    <Panel title="Gross, Refunds and Net">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Gross, refunds and net of sales, shipping, sales tax and their total
          </caption>
          <thead className="text-left text-xs text-stone-600">
            <tr>
              <td className="py-2 pr-2 pl-4 sm:px-5" />
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                Gross
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                Refunds
              </th>
              <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium sm:px-5">
                Net
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map(({ label, money, strong }) => (
              <tr key={label} className={strong ? "border-t-2 border-stone-200" : undefined}>
                <th
                  scope="row"
                  className="py-2.5 pr-2 pl-4 text-left font-medium whitespace-nowrap text-stone-900 sm:px-5"
                >
                  {label}
                </th>
                <td className="px-2 py-2.5 text-right whitespace-nowrap tabular-nums sm:px-3">
                  {formatMoney(money.gross.current)}
                </td>
                <td className="px-2 py-2.5 text-right whitespace-nowrap tabular-nums sm:px-3">
                  {money.refunds.current === 0
                    ? formatMoney(0)
                    : `−${formatMoney(money.refunds.current)}`}
                </td>
                <td className="py-2.5 pr-4 pl-2 text-right font-semibold whitespace-nowrap text-stone-900 tabular-nums sm:px-5">
                  {formatMoney(money.net.current)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="border-t border-stone-100 px-5 py-2 text-xs text-stone-600">
        {made === 0
          ? "No refunds were made in this period."
          : `${countText(made, "refund")} made in this period, counted on the day each was made, whatever the order's date.`}{" "}
        Net sales are the goods sold after discounts, before tax and shipping. Tax collected comes
        from the tax lines of the period's sales; tax refunded from the tax part of its refunds. The
        total is what the sales took in and the refunds gave back.
      </p>
    </Panel>
  );
}

export function TopProducts({ products }: { products: SalesReport["topProducts"] }) {
  return (
    <Panel title="Top Products">
      {products.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-stone-600">No sales in this period.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Top products by units sold</caption>
          <thead className="text-left text-xs text-stone-600">
            <tr>
              <th scope="col" className="px-5 py-2 font-medium">
                Product
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Units
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {products.map((p) => (
              <tr key={p.productId}>
                <td className="px-5 py-2.5">
                  <Link
                    to={href("/budzadmin/dashboard/products/:productId", {
                      productId: p.productId,
                    })}
                    className="font-medium text-stone-900 hover:text-brand-700"
                  >
                    {p.name}
                  </Link>
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatCount(p.units)}</td>
                <td className="px-5 py-2.5 text-right font-medium tabular-nums">
                  {formatMoney(p.revenueCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="border-t border-stone-100 px-5 py-2 text-xs text-stone-600">
        Revenue here is the items' price times quantity, before order discounts and shipping, less
        what was refunded of those items.
      </p>
    </Panel>
  );
}

export function CustomerMetrics({ customers }: { customers: SalesReport["customers"] }) {
  const rows = [
    ["Buyers", formatCount(customers.buyers)],
    ["New buyers (first purchase)", formatCount(customers.newBuyers)],
    ["Returning buyers", formatCount(customers.returningBuyers)],
    ["Repeat rate", customers.repeatRate === null ? "—" : `${customers.repeatRate.toFixed(1)}%`],
  ];
  return (
    <Panel title="Customer Metrics">
      <dl className="divide-y divide-stone-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-5 py-2.5">
            <dt className="text-stone-700">{label}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="border-t border-stone-100 px-5 py-2 text-xs text-stone-600">
        Repeat rate: buyers of this period with two or more sales so far.
      </p>
    </Panel>
  );
}

/** An order's screen (order and status rows always carry their order number). */
const orderPath = (orderNumber: string | null) =>
  href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: String(orderNumber) });

function describe(a: Activity) {
  switch (a.kind) {
    case "order":
      return (
        <>
          Order{" "}
          <Link to={orderPath(a.reference)} className="font-medium underline">
            {a.reference}
          </Link>{" "}
          placed by {a.who} ({formatMoney(a.amount ?? 0)})
        </>
      );
    case "status": {
      const [from, to] = (a.detail ?? ">").split(">");
      return (
        <>
          <Link to={orderPath(a.reference)} className="font-medium underline">
            {a.reference}
          </Link>{" "}
          moved from {statusName(from ?? "")} to {statusName(to ?? "")} by {a.who}
        </>
      );
    }
    case "edit":
      return (
        <>
          <Link to={orderPath(a.reference)} className="font-medium underline">
            {a.reference}
          </Link>{" "}
          edited by {a.who}
        </>
      );
    case "refund":
      return (
        <>
          Refund {a.detail} of{" "}
          <Link to={orderPath(a.reference)} className="font-medium underline">
            {a.reference}
          </Link>{" "}
          by {a.who} ({formatMoney(a.amount ?? 0)})
        </>
      );
    case "signup":
      return <>New customer {a.who}</>;
    case "newsletter":
      return (
        <>
          Newsletter “{a.reference}” sent to {countText(a.amount ?? 0, "recipient")}
        </>
      );
  }
}

export function RecentActivity({ activity, dates }: { activity: Activity[]; dates: DateTexts }) {
  return (
    <Panel title="Recent Activity">
      {activity.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-stone-600">
          Nothing happened in this period.
        </p>
      ) : (
        <ol className="divide-y divide-stone-100">
          {activity.map((a, i) => (
            <li key={`${a.kind}-${a.at}-${i}`} className="px-5 py-2.5 text-sm">
              <p className="text-stone-800">{describe(a)}</p>
              <p className="text-xs text-stone-600">{formatDateTime(a.at, dates)}</p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
