import { date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.server";

/**
 * Work the store does at most once a day (the low-stock email, the daily summary): a job claims
 * its day by inserting (name, day) in the same transaction as its work, so with several instances
 * only one of them does it (the others' inserts conflict and do nothing).
 */
export const dailyJobs = pgTable(
  "daily_jobs",
  {
    name: text("name").notNull(),
    /** The calendar day in STORE_TIMEZONE. */
    day: date("day").notNull(),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);
