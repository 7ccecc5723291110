import type { Route } from "./+types/label-pdf";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { downloadNotFound } from "~/server/http/pdf-download.server";
import { labelDownload } from "~/server/shipping/labels.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** A bought Canada Post label (…/shipping/:shipmentId/label.pdf), opened in the browser to print. */
export async function loader({ params }: Route.LoaderArgs) {
  const label = await labelDownload(params.shipmentId);
  if (!label) throw downloadNotFound("This shipment has no label (it may have been voided).");
  return new Response(new Uint8Array(label.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="label-${label.orderNumber}.pdf"`,
      "Content-Length": String(label.pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
