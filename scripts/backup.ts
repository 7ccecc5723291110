// `npm run backup`: takes a backup now into BACKUP_DIR (verified, old generations pruned; with
// BACKUP_BUCKET also copied to the bucket). `npm run backup -- --to DIR`: into DIR instead (a cron
// job writing to another disk).
// `npm run backup -- --verify FILE`: restores FILE into a scratch database and compares it with its
// manifest. `npm run backup -- --list`: the backups in BACKUP_DIR. See app/server/backup/.
import { parseArgs } from "node:util";
import { runBackupCommand } from "~/server/backup/commands.server";
import { runScript } from "./script-runner";

await runScript(async () => {
  const { values, positionals } = parseArgs({
    options: { verify: { type: "string" }, list: { type: "boolean" }, to: { type: "string" } },
    allowPositionals: true,
  });
  process.exitCode = await runBackupCommand({
    verify: values.verify,
    list: values.list ?? false,
    to: values.to,
    extra: positionals,
  });
});
