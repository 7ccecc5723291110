// `npm run restore -- FILE [--force]`: restores a backup into the configured store (DATA_DIR, or
// the PostgreSQL of DATABASE_URL). `npm run restore -- NAME`: a backup by its name, from BACKUP_DIR
// or else downloaded from BACKUP_BUCKET. See app/server/backup/restore.server.ts.
import { parseArgs } from "node:util";
import { runRestoreCommand } from "~/server/backup/commands.server";
import { runScript } from "./script-runner";

await runScript(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean" } },
    allowPositionals: true,
  });
  process.exitCode = await runRestoreCommand(positionals, values.force ?? false);
});
