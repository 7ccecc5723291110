import type { Locale } from "~/lib/i18n/locale";

/**
 * Dates in the store's time zone (STORE_TIMEZONE).
 *
 * The zone arithmetic runs on the server only, with the IANA time-zone data of the
 * moment-timezone package (registered by ~/server/time-zones.server), never with the runtime's
 * own: Node's and the browser's ICU ship different tz releases, so the same instant could read
 * 7:17 on the server and 8:17 once hydrated. The browser is sent the texts instead: a loader
 * returns `dates: dateTexts(data, timeZone)` (or `withDateTexts`), and components look them up
 * with formatDate(value, dates), formatDateTime(value, dates), … The texts are written by hand
 * ("Nov 25, 2026, 7:17 a.m.", en-CA's medium style), so they do not depend on ICU either.
 */

/** Where the server's zone arithmetic takes its data from (see ~/server/time-zones.server). */
interface ZoneData {
  /** The IANA release, such as "2026f". */
  version: string;
  /** The offset from UTC (minutes, east positive) of timeZone at an instant (epoch ms). */
  offset(timeZone: string, at: number): number;
}

const NO_ZONE_DATA =
  "Time-zone arithmetic runs on the server (import ~/server/time-zones.server); the browser is sent dateTexts";

let zoneData: ZoneData | null = null;
/** Writes an instant in a zone: set with the data, so the browser's bundle has no zone code. */
let writer: ((date: Date, timeZone: string, locale?: Locale) => DateText) | null = null;

/** Registers the server's time-zone data. The browser has none: it is sent texts. */
export function setZoneData(data: ZoneData): void {
  zoneData = data;
  writer = writeInstant;
}

function offsetMinutes(timeZone: string, at: number): number {
  if (!zoneData) throw new Error(NO_ZONE_DATA);
  return zoneData.offset(timeZone, at);
}

/** The parts of an instant as seen on a wall clock in a time zone. */
export function zonedParts(date: Date, timeZone: string) {
  const at = date.getTime();
  const wall = new Date(at + offsetMinutes(timeZone, at) * 60_000);
  return utcParts(wall);
}

function utcParts(date: Date) {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** The instant at which a wall clock in timeZone shows the given date and time (month is 1-12). */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute, second);
  // Guess with the zone's offset at that moment, then correct once for a DST change in between.
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const seen = zonedParts(new Date(guess), timeZone);
    const seenUtc = Date.UTC(
      seen.year,
      seen.month - 1,
      seen.day,
      seen.hour,
      seen.minute,
      seen.second,
    );
    guess += wanted - seenUtc;
  }
  return new Date(guess);
}

/** Midnight at the start of the day containing `date`, in timeZone. */
export function startOfZonedDay(date: Date, timeZone: string): Date {
  const { year, month, day } = zonedParts(date, timeZone);
  return zonedTime(timeZone, year, month, day);
}

/** How the server writes one instant in the store's time zone. */
interface DateText {
  /** "2026-11-25": the calendar day, for date inputs and comparisons. */
  day: string;
  /** "Nov 25, 2026" */
  date: string;
  /** "7:17 a.m." */
  time: string;
  /** "Nov 25, 2026, 7:17 a.m." */
  dateTime: string;
}

/** The texts of the instants in a loader's data, by ISO string (made on the server by dateTexts). */
export type DateTexts = Record<string, DateText>;

/** Where a date is written from: a time zone's name (on the server) or the texts the server sent. */
export type Zone = string | DateTexts;

export const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const FRENCH_MONTHS = "janv. févr. mars avr. mai juin juill. août sept. oct. nov. déc.".split(" ");
const FRENCH_MONTH_NAMES =
  "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(" ");

const pad = (n: number) => String(n).padStart(2, "0");
/** French writes the first of the month "1er". */
const frenchDay = (day: number) => (day === 1 ? "1er" : String(day));

/** "Nov 25, 2026" / "25 nov. 2026" (month 1-12). */
function shortDay(year: number, month: number, day: number, locale: Locale): string {
  return locale === "fr"
    ? `${frenchDay(day)} ${FRENCH_MONTHS[month - 1]} ${year}`
    : `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "November 25, 2026" / "25 novembre 2026" (month 1-12). */
function longDay(year: number, month: number, day: number, locale: Locale): string {
  return locale === "fr"
    ? `${frenchDay(day)} ${FRENCH_MONTH_NAMES[month - 1]} ${year}`
    : `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

function write(p: ReturnType<typeof utcParts>, locale: Locale = "en"): DateText {
  const date = shortDay(p.year, p.month, p.day, locale);
  const time =
    locale === "fr"
      ? `${p.hour} h ${pad(p.minute)}`
      : `${p.hour % 12 || 12}:${pad(p.minute)} ${p.hour < 12 ? "a.m." : "p.m."}`;
  return {
    day: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    date,
    time,
    dateTime: locale === "fr" ? `${date} à ${time}` : `${date}, ${time}`,
  };
}

/** An instant written in timeZone (server only: it takes the zone's data). */
function writeInstant(date: Date, timeZone: string, locale: Locale = "en"): DateText {
  return write(zonedParts(date, timeZone), locale);
}

/** The text of an instant: from the zone's data on the server, or looked up in the texts sent. */
export function dateText(value: Date | string, zone: Zone, locale: Locale = "en"): DateText {
  const date = new Date(value);
  if (typeof zone === "string") {
    if (!writer) throw new Error(NO_ZONE_DATA);
    return writer(date, zone, locale);
  }
  const iso = date.toISOString();
  // An instant the loader did not send: its UTC time, the same on both sides (never expected).
  const [day, time] = [iso.slice(0, 10), `${iso.slice(11, 16)} UTC`];
  return zone[iso] ?? { day, date: day, time, dateTime: `${day} ${time}` };
}

/** "Nov 23, 2026, 2:05 p.m." in the store's time zone. */
export function formatDateTime(value: Date | string, zone: Zone): string {
  return dateText(value, zone).dateTime;
}

/** "Nov 23, 2026" in the store's time zone. */
export function formatDate(value: Date | string, zone: Zone): string {
  return dateText(value, zone).date;
}

/** "2:05 p.m." in the store's time zone. */
export function formatTime(value: Date | string, zone: Zone): string {
  return dateText(value, zone).time;
}

/** The calendar day ("2026-12-31") an instant falls on in the store's time zone. */
export function dayOfInstant(value: Date | string, zone: Zone): string {
  return dateText(value, zone).day;
}

function calendarParts(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** "Nov 25, 2026" for a calendar day ("2026-11-25", a date column): no time zone involved. */
export function formatCalendarDay(day: string, locale: Locale = "en"): string {
  return shortDay(...calendarParts(day), locale);
}

/** "December 1, 2026" for a calendar day ("2026-12-01": an estimated delivery, a report's day). */
export function formatLongCalendarDay(day: string, locale: Locale = "en"): string {
  return longDay(...calendarParts(day), locale);
}

/** "November 23, 2026" / "23 novembre 2026" in timeZone (server only: invoices, order pages). */
export function formatLongDate(
  value: Date | string,
  timeZone: string,
  locale: Locale = "en",
): string {
  const { year, month, day } = zonedParts(new Date(value), timeZone);
  return longDay(year, month, day, locale);
}

const WEEKDAY_NAMES = "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" ");
const FRENCH_WEEKDAY_NAMES = "dimanche lundi mardi mercredi jeudi vendredi samedi".split(" ");

/** "Friday, November 27" / "vendredi 27 novembre": an instant's weekday and day (server only). */
export function formatWeekdayDate(
  value: Date | string,
  timeZone: string,
  locale: Locale = "en",
): string {
  const { year, month, day } = zonedParts(new Date(value), timeZone);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return locale === "fr"
    ? `${FRENCH_WEEKDAY_NAMES[weekday]} ${frenchDay(day)} ${FRENCH_MONTH_NAMES[month - 1]}`
    : `${WEEKDAY_NAMES[weekday]}, ${MONTH_NAMES[month - 1]} ${day}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The texts of every instant in a loader's data (Date values and ISO strings, at any depth),
 * written in timeZone on the server, for the page to show without any time-zone data.
 */
export function dateTexts(data: unknown, timeZone: string, locale: Locale = "en"): DateTexts {
  const texts: DateTexts = {};
  const seen = new Set<object>();
  const add = (date: Date) => {
    if (Number.isNaN(date.getTime())) return;
    const key = date.toISOString();
    texts[key] ??= writeInstant(date, timeZone, locale);
  };
  const visit = (value: unknown): void => {
    if (value instanceof Date) add(value);
    else if (typeof value === "string") {
      if (value.length <= 35 && ISO_INSTANT.test(value)) add(new Date(value));
    } else if (value && typeof value === "object" && !seen.has(value)) {
      if (ArrayBuffer.isView(value) || value instanceof Promise) return;
      seen.add(value);
      for (const item of Array.isArray(value) ? value : Object.values(value)) visit(item);
    }
  };
  visit(data);
  return texts;
}

/** A loader's data with the texts of its instants (`dates`), for the components to look up. */
export function withDateTexts<T extends object>(
  data: T,
  timeZone: string,
  locale: Locale = "en",
): T & { dates: DateTexts } {
  return { ...data, dates: dateTexts(data, timeZone, locale) };
}
