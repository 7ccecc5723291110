import type { Route } from "./+types/invoice-pdf";
import { requestLocale } from "~/lib/i18n/locale";
import { documentsMessages } from "~/lib/i18n/messages/documents";
import { translator } from "~/lib/i18n/translate";
import { renderAccountInvoicePdf } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";
import { downloadNotFound, pdfResponse } from "~/server/http/pdf-download.server";

/** The invoice of one of the signed-in shopper's orders; anyone else's is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const found = await renderAccountInvoicePdf({ shopper, orderNumber: params.orderNumber });
  if (!found)
    return downloadNotFound(
      translator(documentsMessages, requestLocale(request))("invoiceNotFound"),
    );
  return pdfResponse(found.pdf, found.fileName);
}
