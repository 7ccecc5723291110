import type { Route } from "./+types/invoice-pdf";
import { renderAccountInvoicePdf } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";
import { downloadNotFound, pdfResponse } from "~/server/http/pdf-download.server";

/** The invoice of one of the signed-in shopper's orders; anyone else's is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const file = await renderAccountInvoicePdf({ shopper, orderNumber: params.orderNumber });
  if (!file) return downloadNotFound("Invoice not found");
  return pdfResponse(file.pdf, file.fileName);
}
