import { Readable } from "node:stream";
import type { Route } from "./+types/backup-download";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { openBackupDownload } from "~/server/backup/backup-admin.server";

// Owners only, as the Database screen that lists the backups.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("database")];

/** A backup file from BACKUP_DIR as a download (audited); an unknown name is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const download = await openBackupDownload(params.name, auditActor(context));
  if (!download)
    throw new Response(`No backup named ${params.name}`, {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  return new Response(Readable.toWeb(download.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(download.size),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
