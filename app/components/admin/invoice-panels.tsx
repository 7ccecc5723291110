import { countText } from "~/lib/text";
import { BookOpen, Download, Eye, FileText, Printer, Search } from "lucide-react";
import { Form, href, Link, useLocation } from "react-router";
import { formatTime, type DateTexts } from "~/lib/dates";
import { formatDayKey, invoicePaths, type DayKey, type InvoiceRow } from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { InvoiceStatusBadge } from "./invoice-document";

const card = "rounded-xl border border-stone-200 bg-white shadow-sm";
const cardTitle = "font-semibold text-stone-900";

/**
 * Search by order number (docs/product/orders-and-money.md#invoices): a form, so an empty box
 * gets its message.
 */
export function InvoiceSearch({
  q,
  message,
  date,
  isToday,
}: {
  q: string | undefined;
  message?: string;
  date: DayKey;
  isToday: boolean;
}) {
  return (
    <section className={card} aria-labelledby="invoice-search-title">
      <h2 id="invoice-search-title" className={`border-b border-stone-200 px-5 py-4 ${cardTitle}`}>
        Find an invoice
      </h2>
      <Form method="get" role="search" className="p-5" key={q ?? ""}>
        <label htmlFor="invoice-search" className="mb-1.5 block text-sm font-medium text-stone-700">
          Order ID
        </label>
        <div className="flex gap-2">
          <input
            id="invoice-search"
            type="search"
            name="q"
            defaultValue={q ?? ""}
            placeholder="BBS-00000012, or part of it"
            maxLength={40}
            autoComplete="off"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "invoice-search-message" : undefined}
            className={`${inputClass} h-10`}
          />
          {isToday ? null : <input type="hidden" name="date" value={date} />}
          <button type="submit" className={buttonClass("primary")}>
            <Search className="h-4 w-4" aria-hidden />
            Search
          </button>
        </div>
        <p className="mt-2 text-xs text-stone-500">
          Matches any part of the order number, in upper or lower case.
        </p>
        <p
          id="invoice-search-message"
          role="status"
          className={message ? "mt-3 text-sm font-medium text-red-700" : "sr-only"}
        >
          {message}
        </p>
      </Form>
    </section>
  );
}

function ActionLink({
  href,
  icon: Icon,
  label,
  disabledReason,
  newTab = false,
  download = false,
}: {
  href: string;
  icon: typeof Printer;
  label: string;
  disabledReason?: string;
  newTab?: boolean;
  download?: boolean;
}) {
  const className =
    "flex items-center gap-3 rounded-lg border border-stone-200 px-4 py-3 text-sm font-medium";
  if (disabledReason)
    return (
      <div className={`${className} cursor-not-allowed bg-stone-50 text-stone-500`} aria-disabled>
        <Icon className="h-5 w-5 shrink-0 text-stone-400" aria-hidden />
        <span>
          {label}
          <span className="block text-xs font-normal">{disabledReason}</span>
        </span>
      </div>
    );
  const active = `${className} text-stone-800 transition hover:border-brand-300 hover:bg-brand-50`;
  const icon = <Icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />;
  return newTab || download ? (
    <a
      href={href}
      className={active}
      {...(newTab ? { target: "_blank", rel: "noopener" } : { download: true })}
    >
      {icon}
      {label}
      {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  ) : (
    <Link to={href} className={active} preventScrollReset>
      {icon}
      {label}
    </Link>
  );
}

export function InvoiceQuickActions({
  date,
  isToday,
  dailyCount,
  newest,
}: {
  date: DayKey;
  isToday: boolean;
  dailyCount: number;
  newest: string | undefined;
}) {
  const { search } = useLocation();
  const day = isToday ? "today" : formatDayKey(date);
  const none = dailyCount === 0 ? `No invoices for ${day}` : undefined;
  return (
    <section className={card} aria-labelledby="invoice-actions-title">
      <h2 id="invoice-actions-title" className={`border-b border-stone-200 px-5 py-4 ${cardTitle}`}>
        Quick Actions
      </h2>
      <ul className="space-y-2 p-4">
        <li>
          <ActionLink
            href={invoicePaths.printDaily(date)}
            icon={Printer}
            label="Print daily invoices"
            disabledReason={none}
            newTab
          />
        </li>
        <li>
          <ActionLink
            href={invoicePaths.pdfDaily(date)}
            icon={Download}
            label="Download daily invoices (PDF)"
            disabledReason={none}
            download
          />
        </li>
        <li>
          <ActionLink
            href={newest ? `${invoicePaths.view(newest)}${search}` : ""}
            icon={Eye}
            label="Preview sample invoice"
            disabledReason={newest ? undefined : "No orders yet: the first order makes one"}
          />
        </li>
        <li>
          <ActionLink
            href={`${href("/budzadmin/dashboard/invoices/instructions")}${search}`}
            icon={BookOpen}
            label="View instructions"
          />
        </li>
      </ul>
    </section>
  );
}

export function DailyInvoices({
  date,
  isToday,
  rows,
  message,
  emptyMessage,
  dates,
  capped,
}: {
  date: DayKey;
  isToday: boolean;
  rows: InvoiceRow[];
  message?: string;
  emptyMessage: string;
  /** The texts of the rows' invoice dates, written on the server. */
  dates: DateTexts;
  capped: boolean;
}) {
  const { search } = useLocation();
  const totalCents = rows.reduce((sum, row) => sum + row.totalCents, 0);
  return (
    <section className={card} aria-labelledby="daily-invoices-title">
      <header className="flex flex-col gap-3 border-b border-stone-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="daily-invoices-title" className={cardTitle}>
            Daily Invoices
          </h2>
          <p className="text-sm text-stone-500">
            {isToday ? "Today, " : ""}
            {formatDayKey(date)}
            {rows.length > 0
              ? ` · ${countText(rows.length, "invoice")} · ${formatMoney(totalCents)}`
              : ""}
          </p>
        </div>
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm">
            <span className="sr-only">Day</span>
            <input
              type="date"
              name="date"
              defaultValue={date}
              key={date}
              min="2000-01-01"
              max="2100-12-31"
              className={`${inputClass} h-9 py-1`}
            />
          </label>
          <button type="submit" className={buttonClass("secondary", "sm", "h-9 whitespace-nowrap")}>
            Show day
          </button>
          {isToday ? null : (
            <Link to="?" className={buttonClass("ghost", "sm", "h-9")}>
              Today
            </Link>
          )}
        </Form>
      </header>
      {message ? (
        <p
          role="alert"
          className="border-b border-amber-200 bg-amber-50 px-5 py-2 text-sm text-amber-900"
        >
          {message}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="flex items-center justify-center gap-2 px-5 py-10 text-center text-sm text-stone-500">
          <FileText className="h-4 w-4" aria-hidden />
          {emptyMessage}
        </p>
      ) : (
        <ul className="max-h-96 divide-y divide-stone-100 overflow-y-auto">
          {rows.map((row) => (
            <li key={row.orderNumber} className="flex items-center gap-3 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-stone-900">
                  <Link
                    to={`${invoicePaths.view(row.orderNumber)}${search}`}
                    preventScrollReset
                    className="hover:text-brand-700"
                  >
                    {row.orderNumber}
                  </Link>
                  <span className="hidden font-normal text-stone-500 sm:inline">
                    {" "}
                    · {row.customerName}
                  </span>
                </p>
                <p className="truncate text-xs text-stone-500">
                  <span className="sm:hidden">{row.customerName} · </span>
                  {formatTime(row.invoiceDate, dates)}
                </p>
              </div>
              <InvoiceStatusBadge status={row.status} />
              <p className="w-24 text-right text-sm font-semibold text-stone-900 tabular-nums">
                {formatMoney(row.totalCents)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {capped ? (
        <p className="border-t border-stone-200 px-5 py-2 text-xs text-stone-500">
          Showing the first {rows.length} invoices of the day.
        </p>
      ) : null}
    </section>
  );
}
