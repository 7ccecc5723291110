import type { Route } from "./+types/export";
import { parseListQuery } from "~/schemas/admin-list";
import { CustomerListQuerySchema } from "~/schemas/customers";
import { exportCustomersCsv } from "~/server/customers/customer-export.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers.transfer")];

/** The filtered Customers list as a CSV download (same search and status as the screen). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, CustomerListQuerySchema);
  return csvDownload(exportCustomersCsv(query), "customers");
}
