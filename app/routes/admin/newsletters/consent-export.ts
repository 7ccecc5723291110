import type { Route } from "./+types/consent-export";
import { requireAdmin } from "~/server/auth/session.server";
import { csvDownload } from "~/server/http/csv-download.server";
import { exportConsentRecordsCsv } from "~/server/marketing/consent-export.server";

/** Every consent record as a CSV download (owner only: it is the store's proof of consent). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { role: "owner" });
  return csvDownload(exportConsentRecordsCsv(), "consent-records");
}
