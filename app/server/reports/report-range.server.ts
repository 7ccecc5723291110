import { sql, type SQL } from "drizzle-orm";
import { zonedParts, zonedTime } from "~/lib/dates";
import "../time-zones.server";
import {
  periodGranularity,
  SALE_STATUSES,
  type Granularity,
  type ReportPeriod,
} from "~/lib/report-period";

/**
 * A report covers `days` whole calendar days in the store's time zone, ending with today; the
 * previous period is the `days` days just before it.
 */
export interface ReportRange {
  days: ReportPeriod;
  timeZone: string;
  start: Date;
  end: Date;
  previousStart: Date;
  /** First and last calendar day of the period, YYYY-MM-DD in timeZone. */
  firstDay: string;
  lastDay: string;
  granularity: Granularity;
}

const isoDay = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

export function reportRange(days: ReportPeriod, timeZone: string, now = new Date()): ReportRange {
  const { year, month, day } = zonedParts(now, timeZone);
  return {
    days,
    timeZone,
    start: zonedTime(timeZone, year, month, day - days + 1),
    end: zonedTime(timeZone, year, month, day + 1),
    previousStart: zonedTime(timeZone, year, month, day - 2 * days + 1),
    firstDay: isoDay(year, month, day - days + 1),
    lastDay: isoDay(year, month, day),
    granularity: periodGranularity(days),
  };
}

/** `status in ('paid', …)`: orders that count as sales. */
export function isSale(column: SQL | string = sql.raw("status")): SQL {
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`${typeof column === "string" ? sql.raw(column) : column} in (${statuses})`;
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
export function bucketKey(isoDate: string, granularity: Granularity): string {
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
