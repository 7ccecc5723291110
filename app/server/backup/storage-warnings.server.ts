import path from "node:path";
import { config } from "../config.server";
import { databaseHandle } from "../db.server";
import { countRealOrders } from "../seed/remove-sample-data.server";

/**
 * Where the store's data and its backups live, said plainly to the owner (the start box, Settings,
 * the Overview): the embedded database is one process on one disk, and backups kept in the data
 * directory are lost with it.
 */

/** Whether `backupDir` is the data directory or inside it (so one lost disk loses both). */
export function backupsInsideDataDir(dataDir: string, backupDir: string): boolean {
  const relative = path.relative(path.resolve(dataDir), path.resolve(backupDir));
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** A store with real orders on the embedded database: how to move it to PostgreSQL. */
export function embeddedDatabaseWarning(state: {
  driver: "pglite" | "postgres";
  dataDir: string;
  realOrders: number;
}): string | null {
  if (state.driver !== "pglite" || state.realOrders === 0) return null;
  return `The store has real orders on the embedded database (${state.dataDir}): one process on one disk, not made for a store taking real money. Move it to PostgreSQL (README, "Moving from the embedded database to PostgreSQL").`;
}

/** BACKUP_BUCKET from the configuration (none when it cannot be read: a unit test's). */
function configuredBackupBucket(): string | undefined {
  try {
    return config().BACKUP_BUCKET;
  } catch {
    return undefined;
  }
}

/**
 * Backups in the data directory with no bucket to copy them to: both fixes. None once
 * BACKUP_BUCKET is set (each backup then leaves the machine).
 */
export function backupLocationWarning(
  dataDir: string,
  backupDir: string,
  backupBucket: string | undefined = configuredBackupBucket(),
): string | null {
  if (backupBucket || !backupsInsideDataDir(dataDir, backupDir)) return null;
  return `Backups are kept inside the data directory (${backupDir}), on the same disk as the store's data: one lost disk loses the store and every backup. Set BACKUP_BUCKET (with the S3_* settings) to copy every backup to a bucket off this machine, or set BACKUP_DIR to a folder on another disk (or have cron run "npm run backup -- --to DIR" onto one).`;
}

/**
 * What Settings and the Overview warn an owner about, from the store's real state: nothing while
 * it has no real order (sample orders are not real), then the embedded database and the backups'
 * place, whichever applies. `realOrders`: their count when the caller has it already.
 */
export async function storageWarnings(realOrders?: number): Promise<string[]> {
  realOrders ??= await countRealOrders();
  if (realOrders === 0) return [];
  const { dataDir, backupDir, BACKUP_BUCKET } = config();
  const { driver } = databaseHandle();
  return [
    embeddedDatabaseWarning({ driver, dataDir, realOrders }),
    backupLocationWarning(dataDir, backupDir, BACKUP_BUCKET),
  ].filter((warning) => warning !== null);
}
