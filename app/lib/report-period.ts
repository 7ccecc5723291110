/**
 * Reports & Analytics: the periods a report covers (rolling days, and the calendar
 * month, quarter or custom range a return is filed for), their calendar arithmetic, and how a
 * change between periods is shown. Pure: calendar days only ("2026-03-01"); the server turns them
 * into instants in STORE_TIMEZONE (report-range.server.ts).
 */
import { MONTH_NAMES, MONTHS } from "./dates";

export const REPORT_PERIODS = [7, 30, 90, 365] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 30;

/** The longest custom range: a fiscal year, leap day included. */
export const MAX_CUSTOM_DAYS = 366;
/** The calendar days a report may start or end on (the date boxes' min and max). */
export const FIRST_REPORT_DAY = "2000-01-01";
export const LAST_REPORT_DAY = "2100-12-31";

/** Orders paid and not cancelled; a cancelled order counts as a sale only with a refund (below). */
export const SALE_STATUSES = ["paid", "processing", "shipped", "delivered", "completed"] as const;

/**
 * Which orders are sales (gross), as SQL text on the orders table (`prefix`: its alias and a dot):
 * paid and not cancelled, or cancelled with money refunded (paid, then cancelled through a refund,
 * which takes it back out of net on the refund's day). A cancelled order without a refund was
 * cancelled before payment, or before refunds were recorded: not a sale, as it never was. The
 * partial indexes orders_sales_* are built on exactly this text, so every report query using it
 * can be served by them (PostgreSQL matches the predicate by its form).
 */
export function saleCondition(prefix = ""): string {
  const statuses = SALE_STATUSES.map((s) => `'${s}'`).join(", ");
  return `(${prefix}status in (${statuses}) or (${prefix}status = 'cancelled' and ${prefix}refunded_cents > 0))`;
}

export function isReportPeriod(value: number): value is ReportPeriod {
  return (REPORT_PERIODS as readonly number[]).includes(value);
}

/** What the URL chose: rolling days, a calendar month ("2026-03"), a quarter ("2026-Q1") or a range. */
export type PeriodChoice =
  | { kind: "days"; days: ReportPeriod }
  | { kind: "month"; month: string }
  | { kind: "quarter"; quarter: string }
  | { kind: "custom"; from: string; to: string };

/** How the bars of Sales Overview are grouped: days up to a month, then weeks, then months. */
export type Granularity = "day" | "week" | "month";
function periodGranularity(days: number): Granularity {
  return days <= 31 ? "day" : days <= 92 ? "week" : "month";
}

/** A period as calendar days, with the period it is compared with (just before it). */
export interface CalendarPeriod {
  choice: PeriodChoice;
  /** First and last calendar day, YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
  previousFirstDay: string;
  previousLastDay: string;
  /** How many calendar days the period has. */
  days: number;
  granularity: Granularity;
  /** "Last 30 days", "March 2026", "Q1 2026", "Mar 1, 2026 to Mar 15, 2026". */
  label: string;
  /** What it is compared with: "the 30 days before", "February 2026", "Q4 2025". */
  previousLabel: string;
}

const DAY_MS = 86_400_000;

/** A calendar day from its parts; days and months past their end roll over (Date.UTC does). */
export function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function dayParts(day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { year, month, day: date };
}

/** The calendar day `n` days after (before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  const p = dayParts(day);
  return isoDay(p.year, p.month, p.day + n);
}

/** The calendar day `n` years after `day` (February 29 becomes March 1 in a common year). */
export function addYears(day: string, n: number): string {
  const p = dayParts(day);
  return isoDay(p.year + n, p.month, p.day);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const p = dayParts(value);
  return isoDay(p.year, p.month, p.day) === value;
}

/** "Mar 5, 2026" for a calendar day. */
export function shortDay(day: string): string {
  const p = dayParts(day);
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

/** "2026-03" → "March 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

/** "2026-Q1" → "Q1 2026". */
export function quarterLabel(quarter: string): string {
  return `${quarter.slice(5)} ${quarter.slice(0, 4)}`;
}

/** The month ("2026-03") and quarter ("2026-Q1") a calendar day is in. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}
export function quarterOf(day: string): string {
  const p = dayParts(day);
  return `${p.year}-Q${Math.floor((p.month - 1) / 3) + 1}`;
}

/** The month before (n = -1) or after a month, "2026-01" → "2025-12". */
function shiftMonth(month: string, n: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return isoDay(year, m + n, 1).slice(0, 7);
}

function monthDays(month: string): [first: string, last: string] {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return [isoDay(year, m, 1), isoDay(year, m + 1, 0)];
}

function quarterDays(quarter: string): [first: string, last: string] {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  return [isoDay(year, 3 * q - 2, 1), isoDay(year, 3 * q + 1, 0)];
}

function shiftQuarter(quarter: string, n: number): string {
  const index = Number(quarter.slice(0, 4)) * 4 + Number(quarter.slice(6)) - 1 + n;
  return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
}

/**
 * The calendar days of a period, `today` being the store's current day: rolling days end today;
 * a month or quarter is compared with the one before it, a custom range (or rolling days) with as
 * many days just before it.
 */
export function calendarPeriod(choice: PeriodChoice, today: string): CalendarPeriod {
  let firstDay: string;
  let lastDay: string;
  let label: string;
  let previous: { first: string; last: string; label: string } | undefined;
  switch (choice.kind) {
    case "days":
      firstDay = addDays(today, 1 - choice.days);
      lastDay = today;
      label = `Last ${choice.days} days`;
      break;
    case "month": {
      [firstDay, lastDay] = monthDays(choice.month);
      label = monthLabel(choice.month);
      const before = shiftMonth(choice.month, -1);
      const [first, last] = monthDays(before);
      previous = { first, last, label: monthLabel(before) };
      break;
    }
    case "quarter": {
      [firstDay, lastDay] = quarterDays(choice.quarter);
      label = quarterLabel(choice.quarter);
      const before = shiftQuarter(choice.quarter, -1);
      const [first, last] = quarterDays(before);
      previous = { first, last, label: quarterLabel(before) };
      break;
    }
    case "custom":
      firstDay = choice.from;
      lastDay = choice.to;
      label =
        firstDay === lastDay ? shortDay(firstDay) : `${shortDay(firstDay)} to ${shortDay(lastDay)}`;
      break;
  }
  const days = daysBetween(firstDay, lastDay);
  previous ??= {
    first: addDays(firstDay, -days),
    last: addDays(firstDay, -1),
    label: days === 1 ? "the day before" : `the ${days} days before`,
  };
  return {
    choice,
    firstDay,
    lastDay,
    previousFirstDay: previous.first,
    previousLastDay: previous.last,
    days,
    granularity: periodGranularity(days),
    label,
    previousLabel: previous.label,
  };
}

/** The query string that chooses a period (the Reports screen's URL and its CSV export's). */
export function periodSearch(choice: PeriodChoice): string {
  switch (choice.kind) {
    case "days":
      return `period=${choice.days}`;
    case "month":
      return `period=month&month=${choice.month}`;
    case "quarter":
      return `period=quarter&quarter=${choice.quarter}`;
    case "custom":
      return `period=custom&from=${choice.from}&to=${choice.to}`;
  }
}

/** The months to choose from, newest first: this month and the `count - 1` before it. */
export function recentMonths(today: string, count = 24): { value: string; label: string }[] {
  const months: { value: string; label: string }[] = [];
  for (let i = 0; i < count; i++) {
    const month = shiftMonth(monthOf(today), -i);
    months.push({ value: month, label: monthLabel(month) });
  }
  return months;
}

/** The quarters to choose from, newest first: "Q1 2026 (Jan to Mar)". */
export function recentQuarters(today: string, count = 12): { value: string; label: string }[] {
  const quarters: { value: string; label: string }[] = [];
  let quarter = quarterOf(today);
  for (let i = 0; i < count; i++) {
    const [first, last] = quarterDays(quarter);
    const months = `${MONTHS[dayParts(first).month - 1]} to ${MONTHS[dayParts(last).month - 1]}`;
    quarters.push({ value: quarter, label: `${quarterLabel(quarter)} (${months})` });
    quarter = shiftQuarter(quarter, -1);
  }
  return quarters;
}

export type Change =
  | { kind: "percent"; value: number }
  | { kind: "new" } // nothing in the previous period, something now
  | { kind: "none" }; // nothing in either period

/** This period against the previous one; never Infinity or NaN. */
export function periodChange(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: "none" } : { kind: "new" };
  return {
    kind: "percent",
    value: Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10,
  };
}

export function formatChange(change: Change): string {
  if (change.kind === "none") return "—";
  if (change.kind === "new") return "New";
  const sign = change.value > 0 ? "+" : change.value < 0 ? "−" : "";
  return `${sign}${Math.abs(change.value).toFixed(1)}%`;
}
