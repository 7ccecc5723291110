import { and, eq, sql } from "drizzle-orm";
import { zonedParts } from "~/lib/dates";
import { dayKey } from "~/lib/invoices";
import { config } from "../config.server";
import { db, migrationJournal, type DatabaseHandle } from "../db.server";
import { logger } from "../logger.server";
import { dailyJobs } from "../db-tables";
import { isStoreEmpty } from "../seed/sample-data.server";
import { takeBackup, type BackupOutcome } from "./backup.server";
import { BackupError } from "./dump.server";

/**
 * The automatic backups: daily from BACKUP_HOUR (STORE_TIMEZONE), before a migration changes the
 * schema of a store that has data, and before sample data replaces a store's data.
 */

/** The name the daily backup claims its day under in daily_jobs. */
export const DAILY_BACKUP_JOB = "daily backup";

type DailyBackupRun =
  | { taken: true; outcome: BackupOutcome }
  | { taken: false; reason: "before the hour" | "already taken" | "busy" };

/**
 * The daily backup (the email worker's job, every 10 minutes): the first run from BACKUP_HOUR
 * claims the day in daily_jobs, so of several instances one takes it; then backs up while the
 * store serves. A failed one is reported (log, banner, owners' email) and not retried that day;
 * one that found another backup running gives the day back, for the next run.
 */
export async function runDailyBackup(
  options: { now?: Date; hour?: number } = {},
): Promise<DailyBackupRun> {
  const settings = config();
  const now = options.now ?? new Date();
  const hour = options.hour ?? settings.BACKUP_HOUR;
  const zone = settings.STORE_TIMEZONE;
  if (zonedParts(now, zone).hour < hour) return { taken: false, reason: "before the hour" };
  const today = dayKey(now, zone);
  const [claimed] = await db()
    .insert(dailyJobs)
    .values({ name: DAILY_BACKUP_JOB, day: today })
    .onConflictDoNothing()
    .returning({ day: dailyJobs.day });
  if (!claimed) return { taken: false, reason: "already taken" };
  const outcome = await takeBackup({ reason: "daily" });
  if (outcome.status === "busy") {
    await db()
      .delete(dailyJobs)
      .where(and(eq(dailyJobs.name, DAILY_BACKUP_JOB), eq(dailyJobs.day, today)));
    return { taken: false, reason: "busy" };
  }
  return { taken: true, outcome };
}

/** The migrations this build would apply to the database (none on a fresh one). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  let last: number;
  try {
    const result = (await handle.db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | number | null }[] };
    last = Number(result.rows[0]?.last ?? 0);
  } catch {
    return []; // never migrated: a new database, nothing to keep
  }
  return migrationJournal()
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}

/**
 * Before the migrations run at start: when some would change the schema of a store that has
 * data, a backup first. Its failure stops the start (nothing migrated), saying why and how to go
 * on without it (BACKUP_BEFORE_MIGRATION=0).
 */
export async function backupBeforeMigration(handle: DatabaseHandle): Promise<string | undefined> {
  if (!config().BACKUP_BEFORE_MIGRATION) return undefined;
  const pending = await pendingMigrations(handle);
  if (!pending.length) return undefined;
  let empty: boolean;
  try {
    empty = await isStoreEmpty(handle.db);
  } catch {
    empty = true; // not even the first tables: nothing to keep
  }
  if (empty) return undefined;
  logger.info({ pending }, "backing up before migrating");
  const outcome = await takeBackup({ reason: "before-migration", handle });
  if (outcome.status === "done") return outcome.backup.name;
  throw new BackupError(
    `The backup before migrating (${pending.join(", ")}) failed, so nothing was migrated: ${
      outcome.status === "busy"
        ? "another backup is running; start again in a moment"
        : outcome.error
    }. Fix it and start again, or start once with BACKUP_BEFORE_MIGRATION=0 to migrate without a backup.`,
  );
}

/**
 * Before sample data replaces a store's data (the admin's generators, npm run db:seed): a backup
 * first when there is data; the replacement is refused when it fails.
 */
export async function backupBeforeSampleData(): Promise<
  { ok: true; backup?: string } | { ok: false; message: string }
> {
  if (await isStoreEmpty()) return { ok: true };
  const outcome = await takeBackup({ reason: "before-sample-data" });
  if (outcome.status === "done") return { ok: true, backup: outcome.backup.name };
  return {
    ok: false,
    message: `Nothing was replaced: the backup before replacing the data ${
      outcome.status === "busy"
        ? "could not start (another backup is running; try again in a moment)"
        : `failed: ${outcome.error}`
    }`,
  };
}
