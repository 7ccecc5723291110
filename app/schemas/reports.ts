import {
  DEFAULT_REPORT_PERIOD,
  FIRST_REPORT_DAY,
  isCalendarDay,
  isReportPeriod,
  LAST_REPORT_DAY,
  MAX_CUSTOM_DAYS,
  monthOf,
  quarterOf,
  daysBetween,
  type PeriodChoice,
} from "~/lib/report-period";

const PERIOD_CHOICES = "Choose 7, 30, 90 or 365 days, a month, a quarter or a custom range.";

/** A custom range's dates as typed, to show them again beside their message. */
export interface RangeValues {
  from: string;
  to: string;
}

/** Which control a refused period names, and what it says. */
export interface PeriodError {
  field: "month" | "quarter" | "from" | "to";
  message: string;
}

type ReportQuery =
  | { ok: true; choice: PeriodChoice; notice?: string }
  | { ok: false; error: PeriodError; values: RangeValues };

const DEFAULT_CHOICE: PeriodChoice = { kind: "days", days: DEFAULT_REPORT_PERIOD };
const inBounds = (day: string) => day >= FIRST_REPORT_DAY && day <= LAST_REPORT_DAY;
const shown = (value: string) => `"${value.slice(0, 20)}"`;

function customRange(fromText: string, toText: string): ReportQuery {
  const values = { from: fromText.slice(0, 20), to: toText.slice(0, 20) };
  const refuse = (field: PeriodError["field"], message: string): ReportQuery => ({
    ok: false,
    error: { field, message },
    values,
  });
  const from = fromText.trim();
  const to = toText.trim();
  for (const [field, value, name] of [
    ["from", from, "first"],
    ["to", to, "last"],
  ] as const) {
    if (value === "") return refuse(field, `Enter the ${name} day of the range.`);
    if (!isCalendarDay(value))
      return refuse(field, `${shown(value)} is not a date. Use YYYY-MM-DD, such as 2026-03-31.`);
    if (!inBounds(value))
      return refuse(field, `Choose a day from ${FIRST_REPORT_DAY} to ${LAST_REPORT_DAY}.`);
  }
  if (to < from)
    return refuse(
      "to",
      "The range ends before it begins: choose a To date on or after the From date.",
    );
  if (daysBetween(from, to) > MAX_CUSTOM_DAYS)
    return refuse(
      "to",
      `A custom range is at most ${MAX_CUSTOM_DAYS} days. Choose a shorter range, or a month or quarter.`,
    );
  return { ok: true, choice: { kind: "custom", from, to } };
}

/**
 * The Reports screen's period from its URL, `today` being the store's day:
 * - `?period=7|30|90|365` (missing: 30);
 * - `?period=month&month=2026-03` (missing month: this month);
 * - `?period=quarter&quarter=2026-Q1` (missing quarter: this quarter);
 * - `?period=custom&from=2026-03-01&to=2026-03-15` (both days, in order, at most 366 days).
 * An unknown `period` shows 30 days with a notice (the export refuses it); a bad month, quarter or
 * range is refused with the message to show beside its control (a 400).
 */
export function parseReportQuery(params: URLSearchParams, today: string): ReportQuery {
  const period = (params.get("period") ?? "").trim();
  const text = (name: string) => params.get(name) ?? "";
  if (period === "") return { ok: true, choice: DEFAULT_CHOICE };
  if (period === "month") {
    const month = text("month").trim() || monthOf(today);
    if (!/^\d{4}-\d{2}$/.test(month) || !isCalendarDay(`${month}-01`) || !inBounds(`${month}-01`))
      return {
        ok: false,
        error: {
          field: "month",
          message: `${shown(month)} is not a month. Choose one from the list.`,
        },
        values: { from: "", to: "" },
      };
    return { ok: true, choice: { kind: "month", month } };
  }
  if (period === "quarter") {
    const quarter = (text("quarter").trim() || quarterOf(today)).toUpperCase();
    if (!/^\d{4}-Q[1-4]$/.test(quarter) || !inBounds(`${quarter.slice(0, 4)}-01-01`))
      return {
        ok: false,
        error: {
          field: "quarter",
          message: `${shown(quarter)} is not a quarter. Choose one from the list.`,
        },
        values: { from: "", to: "" },
      };
    return { ok: true, choice: { kind: "quarter", quarter } };
  }
  if (period === "custom") return customRange(text("from"), text("to"));
  const days = /^\d{1,3}$/.test(period) ? Number(period) : NaN;
  if (isReportPeriod(days)) return { ok: true, choice: { kind: "days", days } };
  return {
    ok: true,
    choice: DEFAULT_CHOICE,
    notice: `${shown(period)} is not a report period, so the last ${DEFAULT_REPORT_PERIOD} days are shown. ${PERIOD_CHOICES}`,
  };
}

/** The export's period: the screen's rule, except that an unknown period is refused too. */
export function parseExportQuery(
  params: URLSearchParams,
  today: string,
): { ok: true; choice: PeriodChoice } | { ok: false; message: string } {
  const query = parseReportQuery(params, today);
  if (!query.ok) return { ok: false, message: query.error.message };
  if (query.notice) return { ok: false, message: `Unknown report period. ${PERIOD_CHOICES}` };
  return { ok: true, choice: query.choice };
}
