import type { Route } from "./+types/export";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { parseListQuery } from "~/schemas/admin-list";
import { CustomerListQuerySchema } from "~/schemas/customers";
import { exportCustomersCsv } from "~/server/customers/customer-export.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers.transfer")];

/** The filtered Customers list as a CSV download (same search and status as the screen). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, CustomerListQuerySchema);
  await recordExport(auditActor(context), { id: "customers", label: "Customers CSV" }, query);
  return csvDownload(exportCustomersCsv(query), "customers");
}
