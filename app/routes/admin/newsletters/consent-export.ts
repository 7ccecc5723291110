import type { Route } from "./+types/consent-export";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { exportConsentRecordsCsv } from "~/server/marketing/consent-export.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

/** Every consent record as a CSV download (owner only: it is the store's proof of consent). */

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers.transfer")];

export async function loader({ context }: Route.LoaderArgs) {
  await recordExport(auditActor(context), {
    id: "consent-records",
    label: "Newsletter consent records CSV",
  });
  return csvDownload(exportConsentRecordsCsv(), "consent-records");
}
