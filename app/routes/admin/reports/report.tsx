import { formatCount } from "~/lib/text";
import { DollarSign, Download, ReceiptText, ShoppingBag, UserPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { data, href } from "react-router";
import type { Route } from "./+types/report";
import { buttonClass } from "~/components/admin/button";
import { PageHeader } from "~/components/admin/page";
import {
  CustomerMetrics,
  GrossRefundsNet,
  MetricCard,
  RecentActivity,
  TopProducts,
} from "~/components/admin/report-panels";
import { ReportPeriodPicker } from "~/components/admin/report-period-picker";
import { TaxCollected } from "~/components/admin/tax-panels";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { useBrowserValue } from "~/lib/use-browser-value";
import { dateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { periodSearch, recentMonths, recentQuarters, shortDay } from "~/lib/report-period";
import { parseReportQuery } from "~/schemas/reports";
import { config } from "~/server/config.server";
import { storeToday } from "~/server/reports/report-range.server";
import { getSalesReport } from "~/server/reports/sales-report.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("reports")];

// recharts is loaded only here, and only in the browser.
const SalesChart = lazy(() => import("~/components/admin/sales-chart"));

export const meta: Route.MetaFunction = () => [{ title: "Reports & Analytics · Admin" }];

/**
 * Staff and owners. The period is in the URL (schemas/reports.ts): `?period=7|30|90|365`, a
 * calendar month, a quarter or a custom range; an unknown period shows 30 days and says so; a bad
 * month, quarter or range is a 400 with its message beside its control.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const timeZone = config().STORE_TIMEZONE;
  const today = storeToday(timeZone);
  const choices = { months: recentMonths(today), quarters: recentQuarters(today) };
  const query = parseReportQuery(new URL(request.url).searchParams, today);
  if (!query.ok)
    return data(
      {
        report: null,
        error: query.error,
        values: query.values,
        notice: undefined,
        timeZone,
        choices,
        dates: {},
      },
      { status: 400 },
    );
  const report = await getSalesReport({ period: query.choice, timeZone });
  return {
    report,
    error: undefined,
    values: undefined,
    notice: query.notice,
    timeZone,
    choices,
    dates: dateTexts(report.activity, timeZone),
  };
}

const SERIES = {
  sales: { label: "Sales", title: "Net sales", money: true },
  orders: { label: "Orders", title: "Orders", money: false },
  customers: { label: "Customers", title: "New customers", money: false },
} as const;
type Series = keyof typeof SERIES;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const monthFormat = new Intl.DateTimeFormat("en-CA", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

function barLabel(key: string, granularity: "day" | "week" | "month") {
  const date = new Date(`${key}T00:00:00Z`);
  if (granularity === "month") return monthFormat.format(date);
  return granularity === "week" ? `Wk ${dayFormat.format(date)}` : dayFormat.format(date);
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { report, notice, timeZone, dates, choices, error, values } = loaderData;
  if (!report)
    return (
      <>
        <PageHeader title="Reports & Analytics" description={`Dates in ${timeZone}.`} />
        <ReportPeriodPicker {...choices} error={error} values={values} />
        <p className="rounded-lg border border-stone-200 bg-white px-4 py-6 text-center text-sm text-stone-600">
          Choose a period above to see its report.
        </p>
      </>
    );
  return (
    <Report report={report} notice={notice} timeZone={timeZone} dates={dates} choices={choices} />
  );
}

type ReportData = Extract<Route.ComponentProps["loaderData"], { report: object }>;

function Report({
  report,
  notice,
  timeZone,
  dates,
  choices,
}: Pick<ReportData, "report" | "notice" | "timeZone" | "dates" | "choices">) {
  const { range, totals } = report;
  const [series, setSeries] = useState<Series>("sales");
  const hydrated = useBrowserValue(() => true, false);
  const chosen = SERIES[series];
  const points = report.series.map((p) => ({
    label: barLabel(p.bucket, range.granularity),
    value: series === "sales" ? p.netSalesCents : series === "orders" ? p.orders : p.customers,
    grossCents: p.grossSalesCents,
    refundsCents: p.refundedSalesCents,
  }));
  const format = chosen.money ? (v: number) => formatMoney(v) : formatCount;
  const per = range.granularity === "day" ? "day" : range.granularity;
  const days =
    range.firstDay === range.lastDay
      ? shortDay(range.firstDay)
      : `${shortDay(range.firstDay)} to ${shortDay(range.lastDay)}`;

  return (
    <>
      <PageHeader
        title="Reports & Analytics"
        description={`${range.choice.kind === "custom" ? days : `${range.label}: ${days}`} (${timeZone}), compared with ${range.previousLabel}.`}
        actions={
          <a
            href={`${href("/budzadmin/dashboard/reports/export")}?${periodSearch(range.choice)}`}
            download
            className={buttonClass("secondary")}
          >
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      <ReportPeriodPicker choice={range.choice} {...choices} />
      {notice ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {notice}
        </p>
      ) : null}
      <p className="mb-4 text-sm text-stone-600">
        Sales are the orders placed in the period that were paid (paid, processing, shipped,
        delivered or completed, or cancelled with a refund); unpaid (pending) orders and orders
        cancelled without a refund are not counted. Refunds count on the day they were made. Net
        sales are the goods sold after discounts, less the goods refunded: before tax and shipping,
        which have lines of their own below.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricCard
          label="Net Sales"
          metric={totals.sales.net}
          format={formatMoney}
          icon={DollarSign}
        />
        <MetricCard label="Orders" metric={totals.orders} format={formatCount} icon={ShoppingBag} />
        <MetricCard
          label="Average Order Value"
          metric={totals.averageOrderCents}
          format={formatMoney}
          icon={ReceiptText}
        />
        <MetricCard
          label="New Customers"
          metric={totals.newCustomers}
          format={formatCount}
          icon={UserPlus}
        />
      </div>
      <div className="mt-6">
        <GrossRefundsNet totals={totals} />
      </div>

      <section
        aria-labelledby="sales-overview"
        className="mt-6 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-5 py-4">
          <h2 id="sales-overview" className="font-semibold text-stone-900">
            Sales Overview
          </h2>
          <div
            role="group"
            aria-label="Chart shows"
            className="inline-flex rounded-lg bg-stone-100 p-1"
          >
            {(Object.keys(SERIES) as Series[]).map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={series === key}
                onClick={() => setSeries(key)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                  series === key
                    ? "bg-white text-stone-900 shadow-sm"
                    : "text-stone-600 hover:text-stone-900"
                }`}
              >
                {SERIES[key].label}
              </button>
            ))}
          </div>
        </header>
        <div className="px-3 pt-4 pb-2 sm:px-5">
          <p className="mb-2 text-sm text-stone-600">
            {chosen.title} per {per}
          </p>
          <div className="h-72" aria-hidden="true">
            {hydrated ? (
              <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-stone-100" />}>
                <SalesChart points={points} formatValue={format} seriesLabel={chosen.title} />
              </Suspense>
            ) : (
              <div className="h-72 animate-pulse rounded-lg bg-stone-100" />
            )}
          </div>
          <details className="mt-2 mb-2 text-sm">
            <summary className="cursor-pointer font-medium text-brand-800">
              Show the figures as a table
            </summary>
            <table className="mt-2 w-full max-w-xl text-sm">
              <caption className="sr-only">
                {chosen.title} per {per}
              </caption>
              <thead>
                <tr className="text-left text-xs text-stone-600">
                  <th scope="col" className="py-1 font-medium">
                    {per === "day" ? "Day" : per === "week" ? "Week starting" : "Month"}
                  </th>
                  {series === "sales" ? (
                    <>
                      <th scope="col" className="py-1 text-right font-medium">
                        Gross
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Refunds
                      </th>
                    </>
                  ) : null}
                  <th scope="col" className="py-1 text-right font-medium">
                    {chosen.title}
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.label} className="border-t border-stone-100">
                    <td className="py-1">{p.label}</td>
                    {series === "sales" ? (
                      <>
                        <td className="py-1 text-right tabular-nums">
                          {formatMoney(p.grossCents)}
                        </td>
                        <td className="py-1 text-right tabular-nums">
                          {formatMoney(p.refundsCents)}
                        </td>
                      </>
                    ) : null}
                    <td className="py-1 text-right tabular-nums">{format(p.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <TopProducts products={report.topProducts} />
        <CustomerMetrics customers={report.customers} />
        <RecentActivity activity={report.activity} dates={dates} />
      </div>
      <div className="mt-6">
        <TaxCollected rows={report.taxes} totals={report.taxTotals} />
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
