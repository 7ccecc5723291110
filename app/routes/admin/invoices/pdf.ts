import type { Route } from "./+types/pdf";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { formatDayKey } from "~/lib/invoices";
import { invoiceNotFoundMessage, noInvoicesOn, parseInvoicePdfName } from "~/schemas/invoices";
import { renderInvoicesPdf } from "~/server/invoices/invoice-pdf.server";
import { getDailyInvoices, getInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { downloadNotFound, pdfResponse } from "~/server/http/pdf-download.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/**
 * PDF downloads: …/pdf/BBS-00000012.pdf (one invoice) and …/pdf/invoices-2026-11-21.pdf (the
 * invoices of a day in STORE_TIMEZONE, one per page).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = parseInvoicePdfName(params.fileName);
  if (!file)
    throw downloadNotFound("Unknown file: use BBS-00000012.pdf or invoices-YYYY-MM-DD.pdf");
  const documents =
    file.kind === "invoice"
      ? [await getInvoice(file.orderNumber)].filter((d) => d !== null)
      : await getDailyInvoices(file.date);
  if (documents.length === 0)
    throw downloadNotFound(
      file.kind === "invoice" ? invoiceNotFoundMessage(file.orderNumber) : noInvoicesOn(file.date),
    );
  const title =
    file.kind === "invoice"
      ? `Invoice ${file.orderNumber}`
      : `Invoices of ${formatDayKey(file.date)}`;
  await recordExport(
    auditActor(context),
    {
      id: file.kind === "invoice" ? file.orderNumber : `invoices-${file.date}`,
      label: `${title} PDF`,
    },
    { invoices: documents.length },
  );
  const pdf = await renderInvoicesPdf(documents, invoiceIssuer(), title);
  const fileName =
    file.kind === "invoice" ? `${file.orderNumber}.pdf` : `invoices-${file.date}.pdf`;
  return pdfResponse(pdf, fileName);
}
