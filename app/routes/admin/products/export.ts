import type { Route } from "./+types/export";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { exportProductsCsv } from "~/server/catalog/product-csv-export.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products.transfer")];

/** Every product as a CSV download (one row per size), in the columns the import reads. */
export async function loader({ context }: Route.LoaderArgs) {
  await recordExport(auditActor(context), { id: "products", label: "Products CSV" });
  return csvDownload(exportProductsCsv(), "products");
}
