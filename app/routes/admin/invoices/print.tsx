import { countText } from "~/lib/text";
import { ArrowLeft, Download } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { href } from "react-router";
import type { Route } from "./+types/print";
import { buttonClass } from "~/components/admin/button";
import { InvoiceDocumentView } from "~/components/admin/invoice-document";
import { PrintPage } from "~/components/admin/print-page";
import { PlainAdminErrorBoundary } from "~/components/admin/route-error";
import { formatDayKey, invoicePaths } from "~/lib/invoices";
import {
  invoiceNotFoundMessage,
  NO_INVOICES_TODAY,
  noInvoicesOn,
  parseInvoiceListQuery,
  parseOrderNumberParam,
} from "~/schemas/invoices";
import { config } from "~/server/config.server";
import { invariantResponse } from "~/server/http/responses.server";
import { getDailyInvoices, getInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/**
 * The printable invoices, outside the dashboard shell: one invoice (…/print/BBS-00000012) or a
 * day's batch (…/print/daily?date=2026-11-21), each invoice on its own printed page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const issuer = invoiceIssuer();
  if (params.orderNumber !== undefined) {
    const orderNumber = parseOrderNumberParam(params.orderNumber);
    const invoice = orderNumber ? await getInvoice(orderNumber) : null;
    invariantResponse(invoice, invoiceNotFoundMessage(params.orderNumber.slice(0, 40)), {
      status: 404,
    });
    return {
      title: `Invoice ${invoice.orderNumber}`,
      subtitle: invoice.customer.name,
      invoices: [invoice],
      pdfHref: invoicePaths.pdf(invoice.orderNumber),
      issuer,
    };
  }
  const query = parseInvoiceListQuery(request.url, config().STORE_TIMEZONE);
  const invoices = await getDailyInvoices(query.date);
  await recordExport(
    auditActor(context),
    { id: `invoices-${query.date}`, label: `Invoices of ${formatDayKey(query.date)} (print)` },
    { invoices: invoices.length },
  );
  return {
    title: "Daily invoices",
    subtitle: `${formatDayKey(query.date)} · ${countText(invoices.length, "invoice")}, one per page`,
    invoices,
    pdfHref: invoices.length > 0 ? invoicePaths.pdfDaily(query.date) : undefined,
    empty: query.isToday ? NO_INVOICES_TODAY : noInvoicesOn(query.date),
    message: query.dateMessage,
    issuer,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.title} · ${data.subtitle}` : "Invoices" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function PrintInvoices({ loaderData }: Route.ComponentProps) {
  const { title, subtitle, invoices, pdfHref, issuer } = loaderData;
  const empty = "empty" in loaderData ? loaderData.empty : undefined;
  const message = "message" in loaderData ? loaderData.message : undefined;
  return (
    <PrintPage
      title={title}
      subtitle={subtitle}
      printDisabled={invoices.length === 0}
      actions={
        <>
          <a href={href("/budzadmin/dashboard/invoices")} className={buttonClass("ghost", "sm")}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Invoices
          </a>
          {pdfHref ? (
            <a href={pdfHref} download className={buttonClass("secondary", "sm")}>
              <Download className="h-4 w-4" aria-hidden />
              PDF
            </a>
          ) : null}
        </>
      }
    >
      {message ? (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 print:hidden"
        >
          {message}
        </p>
      ) : null}
      {invoices.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white px-6 py-16 text-center text-stone-500">
          {empty}
        </p>
      ) : null}
      {invoices.map((invoice) => (
        <div
          key={invoice.orderNumber}
          className="mb-6 rounded-xl border border-stone-200 bg-white p-5 shadow-sm break-after-page last:mb-0 last:break-after-auto sm:p-10 print:mb-0 print:rounded-none print:border-0 print:p-0 print:shadow-none"
        >
          <InvoiceDocumentView invoice={invoice} issuer={issuer} />
        </div>
      ))}
    </PrintPage>
  );
}

export const ErrorBoundary = PlainAdminErrorBoundary;
