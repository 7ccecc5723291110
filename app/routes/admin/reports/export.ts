import type { Route } from "./+types/export";
import { auditActor } from "~/server/audit/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { PERIOD_CHOICES, parseReportPeriod } from "~/schemas/reports";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { csvResponse } from "~/server/http/csv-download.server";
import { invariantResponse } from "~/server/http/responses.server";
import { exportSalesReport } from "~/server/reports/report-export.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("reports")];

/** GET …/reports/export?period=30: the period's figures and orders as CSV (staff and owners). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const period = parseReportPeriod(new URL(request.url).searchParams.get("period"));
  invariantResponse(period.valid, `Unknown report period. ${PERIOD_CHOICES}`);
  await recordExport(
    auditActor(context),
    { id: "sales-report", label: "Sales report CSV" },
    { days: period.days },
  );
  const { fileName, body } = await exportSalesReport({
    days: period.days,
    timeZone: config().STORE_TIMEZONE,
    storeName: (await storeSettings()).store.name,
  });
  return csvResponse(body, fileName);
}
