import type { Route } from "./+types/orders-csv";
import { lotLabel } from "~/lib/lots";
import { recordExport } from "~/server/audit/audit-log.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { invariantResponse } from "~/server/http/responses.server";
import { exportLotOrdersCsv, getLot, LOT_NOT_FOUND } from "~/server/inventory/lot-recall.server";

// The lot page's permission: whoever may see its affected orders may take them away as a list.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

/** Every order that took units of the lot, as a CSV download (all pages, read in batches). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lot = await getLot(params.lotId);
  invariantResponse(lot, LOT_NOT_FOUND, { status: 404 });
  await recordExport(
    auditActor(context),
    { id: `lot-orders-${lot.id}`, label: `Orders of lot ${lotLabel(lot.lotNumber)} CSV` },
    { lot: lotLabel(lot.lotNumber), product: lot.productName },
  );
  return csvDownload(
    exportLotOrdersCsv(lot),
    `lot-${lot.lotNumber.replace(/[^\w.-]+/g, "-")}-orders`,
  );
}
