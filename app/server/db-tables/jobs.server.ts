import * as pg from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.server";

/**
 * Work the store does at most once a day (the low-stock email, the daily summary): a job claims
 * its day by inserting (name, day) in the same transaction as its work, so with several instances
 * only one of them does it (the others' inserts conflict and do nothing).
 */
export const dailyJobs = pg.pgTable(
  "daily_jobs",
  {
    name: pg.text("name").notNull(),
    /** The calendar day in STORE_TIMEZONE. */
    day: pg.date("day").notNull(),
    ...createdAt,
  },
  (t) => [pg.primaryKey({ columns: [t.name, t.day] })],
);

/**
 * Every backup's outcome (app/server/backup/), written when it ends: the owners' banner after a
 * failed one and the Overview's age of the last good one read it, whichever instance took it.
 * The files themselves (BACKUP_DIR) are the list of backups; a run is recorded after its dump,
 * so no backup holds its own row.
 */
export const backupRuns = pg.pgTable(
  "backup_runs",
  {
    ...id,
    startedAt: pg.timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: pg.timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    /** manual, daily, command, before-migration, before-sample-data. */
    reason: pg.text("reason").notNull(),
    /** Written and verified. */
    ok: pg.boolean("ok").notNull(),
    fileName: pg.text("file_name"),
    sizeBytes: pg.bigint("size_bytes", { mode: "number" }),
    error: pg.text("error"),
  },
  (t) => [pg.index("backup_runs_finished_at_idx").on(t.finishedAt)],
);
