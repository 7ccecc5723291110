import type { Route } from "./+types/export";
import { exportActivityCsv, parseActivityQuery } from "~/server/audit/activity.server";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { csvDownload } from "~/server/http/csv-download.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("activity")];

/** The filtered Activity entries as a CSV download; the export is itself an entry. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { after: _after, before: _before, ...query } = parseActivityQuery(request.url);
  await recordExport(auditActor(context), { id: "activity", label: "Activity log" }, query);
  return csvDownload(exportActivityCsv(query), "activity");
}
