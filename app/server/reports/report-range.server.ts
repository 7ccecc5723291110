import { sql, type SQL } from "drizzle-orm";
import { zonedParts, zonedTime } from "~/lib/dates";
import "../time-zones.server";
import {
  addDays,
  calendarPeriod,
  isoDay,
  saleCondition,
  type CalendarPeriod,
  type Granularity,
  type PeriodChoice,
  type ReportPeriod,
} from "~/lib/report-period";

/**
 * A report covers whole calendar days in the store's time zone (CalendarPeriod: rolling days
 * ending today, a calendar month or quarter, or a custom range), compared with the period just
 * before it: `previousStart` up to `start`, then `start` up to `end`.
 */
export interface ReportRange extends CalendarPeriod {
  timeZone: string;
  start: Date;
  end: Date;
  previousStart: Date;
}

/** The store's calendar day at `now`, YYYY-MM-DD. */
export function storeToday(timeZone: string, now = new Date()): string {
  const { year, month, day } = zonedParts(now, timeZone);
  return isoDay(year, month, day);
}

/** The instant a calendar day begins in timeZone (DST-aware: 23- and 25-hour days included). */
function dayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedTime(timeZone, year, month, date);
}

/** A period (or, as before, a number of rolling days) as instants in the store's time zone. */
export function reportRange(
  choice: PeriodChoice | ReportPeriod,
  timeZone: string,
  now = new Date(),
): ReportRange {
  const period = calendarPeriod(
    typeof choice === "number" ? { kind: "days", days: choice } : choice,
    storeToday(timeZone, now),
  );
  return {
    ...period,
    timeZone,
    start: dayStart(period.firstDay, timeZone),
    end: dayStart(addDays(period.lastDay, 1), timeZone),
    previousStart: dayStart(period.previousFirstDay, timeZone),
  };
}

/** Orders that count as sales (saleCondition), for the orders table or its alias. */
export function isSale(alias?: string): SQL {
  return sql.raw(saleCondition(alias ? `${alias}.` : ""));
}

/**
 * Which bar an instant falls in, as SQL: `width_bucket` against the bars' start instants (computed
 * once here, in the store's time zone), so no row needs a time-zone conversion. 1 = the first bar.
 */
export function bucketIndexSql(column: string, range: ReportRange): SQL {
  const starts = rangeBuckets(range).map((key) => {
    const [y, m, d] = key.split("-").map(Number) as [number, number, number];
    // A week's first bar may begin before the period: start it with the period.
    return Math.max(zonedTime(range.timeZone, y, m, d).getTime(), range.start.getTime());
  });
  const literal = `{${starts.map((t) => `"${new Date(t).toISOString()}"`).join(",")}}`;
  return sql`width_bucket(${sql.raw(column)}, ${literal}::timestamptz[])`;
}

/** The same buckets computed for a calendar day, to list every bar (empty ones included). */
function bucketKey(isoDate: string, granularity: Granularity): string {
  if (granularity === "day") return isoDate;
  if (granularity === "month") return `${isoDate.slice(0, 8)}01`;
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - date.getUTCDay());
  return date.toISOString().slice(0, 10);
}

/** Every bucket of the period, oldest first. */
export function rangeBuckets(range: ReportRange): string[] {
  const keys: string[] = [];
  const day = new Date(`${range.firstDay}T00:00:00Z`);
  const last = new Date(`${range.lastDay}T00:00:00Z`);
  for (; day <= last; day.setUTCDate(day.getUTCDate() + 1)) {
    const key = bucketKey(day.toISOString().slice(0, 10), range.granularity);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}
