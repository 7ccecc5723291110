import type { Route } from "./+types/invoice-pdf";
import { renderAccountInvoicePdf } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";

/** The invoice of one of the signed-in shopper's orders; anyone else's is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const file = await renderAccountInvoicePdf({ shopper, orderNumber: params.orderNumber });
  if (!file) {
    return new Response("Invoice not found", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename=${file.fileName}`,
      "Content-Length": String(file.pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
