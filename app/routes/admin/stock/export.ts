import type { Route } from "./+types/export";
import { parseListQuery } from "~/schemas/admin-list";
import { StockMovementListQuerySchema } from "~/schemas/stock-movements";
import { exportStockMovementsCsv } from "~/server/inventory/stock-movements-list.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products.transfer")];

/** The filtered Stock movements as a CSV download (the screen's filters; every page, streamed). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, StockMovementListQuerySchema);
  return csvDownload(exportStockMovementsCsv(query), "stock-movements");
}
