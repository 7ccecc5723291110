import type { Route } from "./+types/invoice-pdf";
import { requestLocale } from "~/lib/i18n/locale";
import { documentsMessages } from "~/lib/i18n/messages/documents";
import { translator } from "~/lib/i18n/translate";
import { getAccountOrder } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";
import { downloadNotFound, pdfResponse } from "~/server/http/pdf-download.server";
import { renderInvoicesPdf } from "~/server/invoices/invoice-pdf.server";
import { getShopperInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";

/**
 * The invoice of one of the signed-in shopper's orders, in the language the order was placed in
 * (the admin's printed copy stays English); anyone else's is not found.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const notFound = () =>
    downloadNotFound(translator(documentsMessages, requestLocale(request))("invoiceNotFound"));
  const owned = await getAccountOrder({ shopper, orderNumber: params.orderNumber });
  if (!owned?.invoiceStatus) return notFound();
  const invoice = await getShopperInvoice(owned.order.orderNumber);
  if (!invoice) return notFound();
  const { orderNumber } = owned.order;
  const title = translator(documentsMessages, invoice.locale)("invoiceTitle", { orderNumber });
  const pdf = await renderInvoicesPdf([invoice.document], invoiceIssuer(), title, invoice.locale);
  return pdfResponse(pdf, `${orderNumber}.pdf`);
}
