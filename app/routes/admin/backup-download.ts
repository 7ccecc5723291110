import { Readable } from "node:stream";
import type { Route } from "./+types/backup-download";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { openBackupDownload } from "~/server/backup/backup-admin.server";
import { BucketError } from "~/server/object-storage/bucket.server";

// Owners only, as the Database screen that lists the backups.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("database")];

const plain = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * A backup from BACKUP_DIR, or streamed from BACKUP_BUCKET, as a download (audited); an unknown
 * name is a 404, a bucket that fails a 502 saying why.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  let download: Awaited<ReturnType<typeof openBackupDownload>>;
  try {
    download = await openBackupDownload(params.name, auditActor(context));
  } catch (error) {
    if (error instanceof BucketError) throw plain(error.message, 502);
    throw error;
  }
  if (!download) throw plain(`No backup named ${params.name}`, 404);
  return new Response(Readable.toWeb(download.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(download.size),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
