import type { Route } from "./+types/export";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { parseListQuery } from "~/schemas/admin-list";
import { StockMovementListQuerySchema } from "~/schemas/stock-movements";
import { exportStockMovementsCsv } from "~/server/inventory/stock-movements-list.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products.transfer")];

/** The filtered Stock movements as a CSV download (the screen's filters; every page, streamed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const {
    after: _after,
    before: _before,
    ...query
  } = parseListQuery(request.url, StockMovementListQuerySchema);
  await recordExport(
    auditActor(context),
    { id: "stock-movements", label: "Stock movements CSV" },
    query,
  );
  return csvDownload(exportStockMovementsCsv(query), "stock-movements");
}
