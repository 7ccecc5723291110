import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import moment from "moment-timezone";
import { setZoneData } from "~/lib/dates";

/**
 * The server's time-zone data: the IANA tz database as shipped by the moment-timezone package
 * (pinned in package.json; its release is TZ_DATA_VERSION), not the tz data built into Node's ICU,
 * which is as old as the Node build (Node 20.20: 2025c) and may disagree with the browser's.
 * Imported by config.server.ts, so anything that reads STORE_TIMEZONE has it.
 */
export const TZ_DATA_VERSION: string = moment.tz.dataVersion;

/** True for a zone name the data knows (an IANA name or one of its links). */
export function isKnownTimeZone(name: string): boolean {
  return name.length > 0 && moment.tz.zone(name) !== null;
}

const zones = new Map<string, moment.MomentZone>();

function zone(name: string): moment.MomentZone {
  let found = zones.get(name);
  if (!found) {
    const loaded = moment.tz.zone(name);
    if (!loaded) throw new RangeError(`Unknown time zone: ${name}`);
    found = loaded;
    zones.set(name, found);
  }
  return found;
}

setZoneData({
  version: TZ_DATA_VERSION,
  // moment's offsets are minutes west of UTC; ours are east.
  offset: (name, at) => -zone(name).utcOffset(at),
});

const FROM_2000 = Date.UTC(2000, 0, 1);
const YEAR_MS = 366 * 24 * 3_600_000;

/**
 * The UTC offset (minutes, east positive) of timeZone at the instant in `column`, as SQL: a CASE
 * over the zone's changes from 2000 to a year from now, newest first. For the few queries that
 * need a store day per row, so the database's own tz data (PGlite's or the server's) is not used.
 */
export function zoneOffsetSql(column: SQL | AnyColumn, timeZone: string, now = Date.now()): SQL {
  const z = zone(timeZone);
  // Period i lasts until untils[i] (exclusive) with offsets[i] minutes west of UTC.
  // Only our own numbers and ISO strings are written into the SQL.
  const minutes = (k: number) => sql.raw(String(-z.offsets[k]!));
  const branches: SQL[] = [];
  let i = z.untils.findIndex((until) => until > now + YEAR_MS);
  if (i < 0) i = z.untils.length - 1;
  for (; i > 0 && z.untils[i - 1]! > FROM_2000; i--) {
    const start = sql.raw(`'${new Date(z.untils[i - 1]!).toISOString()}'::timestamptz`);
    branches.push(sql`when ${column} >= ${start} then ${minutes(i)}`);
  }
  if (branches.length === 0) return minutes(i);
  return sql`(case ${sql.join(branches, sql` `)} else ${minutes(i)} end)`;
}
