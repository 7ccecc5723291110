import type { Route } from "./+types/export";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { parseExportQuery } from "~/schemas/reports";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { csvResponse } from "~/server/http/csv-download.server";
import { invariantResponse } from "~/server/http/responses.server";
import { storeToday } from "~/server/reports/report-range.server";
import { exportSalesReport } from "~/server/reports/report-export.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("reports")];

/**
 * GET …/reports/export?period=30 (or a month, quarter or custom range, as on the screen): the
 * period's figures, refunds and orders as CSV. A period the screen would not show is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const timeZone = config().STORE_TIMEZONE;
  const query = parseExportQuery(new URL(request.url).searchParams, storeToday(timeZone));
  invariantResponse(query.ok, query.ok ? "" : query.message);
  await recordExport(
    auditActor(context),
    { id: "sales-report", label: "Sales report CSV" },
    { ...query.choice },
  );
  const { fileName, body } = await exportSalesReport({
    period: query.choice,
    timeZone,
    storeName: (await storeSettings()).store.name,
  });
  return csvResponse(body, fileName);
}
