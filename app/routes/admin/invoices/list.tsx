import { BookOpen, Download, Eye, Printer } from "lucide-react";
import { href, Link, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { InvoiceStatusBadge } from "~/components/admin/invoice-document";
import {
  DailyInvoices,
  InvoiceQuickActions,
  InvoiceSearch,
} from "~/components/admin/invoice-panels";
import { ListPage, type Column } from "~/components/admin/list-page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { invoicePaths, MAX_DAILY_INVOICES, type InvoiceRow } from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { NO_INVOICES_TODAY, noInvoicesOn, parseInvoiceListQuery } from "~/schemas/invoices";
import { formatDate, withDateTexts } from "~/lib/dates";
import { config } from "~/server/config.server";
import { getInvoicesScreen } from "~/server/invoices/invoices.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = () => [{ title: "Invoices · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const timeZone = config().STORE_TIMEZONE;
  const query = parseInvoiceListQuery(request.url, timeZone);
  return withDateTexts({ query, screen: await getInvoicesScreen(query) }, timeZone);
}

export default function InvoiceList({ loaderData }: Route.ComponentProps) {
  const { query, dates, screen } = loaderData;
  const { search } = useLocation();
  const iconLink = buttonClass("ghost", "icon");
  const columns: Column<InvoiceRow>[] = [
    {
      key: "number",
      header: "Invoice",
      cell: (row) => (
        <div>
          <Link
            to={`${invoicePaths.view(row.orderNumber)}${search}`}
            preventScrollReset
            className="font-medium whitespace-nowrap text-stone-900 hover:text-brand-700"
          >
            {row.orderNumber}
          </Link>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500 sm:hidden">
            {row.customerName}
            <InvoiceStatusBadge status={row.status} />
          </p>
        </div>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      hideBelow: "sm",
      cell: (row) => (
        <div className="min-w-0">
          <p className="text-stone-900">{row.customerName}</p>
          <p className="hidden text-xs text-stone-500 lg:block">{row.email}</p>
        </div>
      ),
    },
    {
      key: "date",
      header: "Date",
      hideBelow: "md",
      className: "whitespace-nowrap",
      cell: (row) => formatDate(row.invoiceDate, dates),
    },
    {
      key: "total",
      header: "Total",
      className: "text-right tabular-nums",
      cell: (row) => formatMoney(row.totalCents),
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (row) => <InvoiceStatusBadge status={row.status} />,
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (row) => (
        <div className="flex justify-end gap-1">
          <Link
            to={`${invoicePaths.view(row.orderNumber)}${search}`}
            preventScrollReset
            className={iconLink}
            aria-label={`View invoice ${row.orderNumber}`}
            title="View"
          >
            <Eye className="h-4 w-4" aria-hidden />
          </Link>
          <a
            href={invoicePaths.print(row.orderNumber)}
            target="_blank"
            rel="noopener"
            className={iconLink}
            aria-label={`Print invoice ${row.orderNumber} (opens in a new tab)`}
            title="Print"
          >
            <Printer className="h-4 w-4" aria-hidden />
          </a>
          <a
            href={invoicePaths.pdf(row.orderNumber)}
            download
            className={`${iconLink} max-sm:hidden`}
            aria-label={`Download invoice ${row.orderNumber} as PDF`}
            title="Download PDF"
          >
            <Download className="h-4 w-4" aria-hidden />
          </a>
        </div>
      ),
    },
  ];
  const searching = Boolean(query.q);
  const list = href("/budzadmin/dashboard/invoices");
  return (
    <ListPage
      title="Invoice Management"
      description="One invoice per order, numbered like the order; its status follows the order."
      actions={
        <Link
          to={`${href("/budzadmin/dashboard/invoices/instructions")}${search}`}
          className={buttonClass("secondary")}
        >
          <BookOpen className="h-4 w-4" aria-hidden />
          Instructions
        </Link>
      }
      summary={
        <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <InvoiceSearch
              q={query.q}
              message={screen.message}
              date={query.date}
              isToday={query.isToday}
            />
            <DailyInvoices
              date={query.date}
              isToday={query.isToday}
              rows={screen.daily}
              message={query.dateMessage}
              emptyMessage={query.isToday ? NO_INVOICES_TODAY : noInvoicesOn(query.date)}
              dates={dates}
              capped={screen.daily.length >= MAX_DAILY_INVOICES}
            />
          </div>
          <InvoiceQuickActions
            date={query.date}
            isToday={query.isToday}
            dailyCount={screen.daily.length}
            newest={screen.newest}
          />
        </div>
      }
      toolbar={
        <header className="flex items-center justify-between gap-4 border-b border-stone-200 px-4 py-4">
          <h2 className="font-semibold text-stone-900">
            {searching ? `Invoices matching “${query.q}”` : "Recent Invoices"}
          </h2>
          {searching ? (
            <Link
              to={query.isToday ? list : `${list}?${new URLSearchParams({ date: query.date })}`}
              className="text-sm font-medium text-brand-700 hover:text-brand-900"
            >
              Clear search
            </Link>
          ) : null}
        </header>
      }
      list={screen.list}
      noun="invoice"
      after={<Outlet />}
      table={{
        columns,
        rowKey: (row) => row.orderNumber,
        caption: searching ? `Invoices matching ${query.q}` : "Recent invoices, newest first",
        empty: searching
          ? "No invoice numbers match this search."
          : "No invoices yet: each order placed makes one.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
