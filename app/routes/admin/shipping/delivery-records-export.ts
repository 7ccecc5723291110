import type { Route } from "./+types/delivery-records-export";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import {
  exportDeliveryRecordsCsv,
  parseRecordsRange,
} from "~/server/shipping/delivery-records.server";
import { csvDownload } from "~/server/http/csv-download.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("delivery.records")];

/** The delivery records of a range as a CSV download; the export is itself an activity entry. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const range = parseRecordsRange(request.url);
  await recordExport(
    auditActor(context),
    { id: "deliveries", label: "Delivery records" },
    { ...range },
  );
  return csvDownload(exportDeliveryRecordsCsv(range), "delivery-records");
}
