/** Reports & Analytics: the four periods (SPEC §9) and how a change between periods is shown. */

export const REPORT_PERIODS = [7, 30, 90, 365] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 30;

/** Orders that count as sales; pending (unpaid) and cancelled ones do not. */
export const SALE_STATUSES = ["paid", "processing", "shipped", "delivered", "completed"] as const;

export function isReportPeriod(value: number): value is ReportPeriod {
  return (REPORT_PERIODS as readonly number[]).includes(value);
}

/** How the bars of Sales Overview are grouped: days up to a month, then weeks, then months. */
export type Granularity = "day" | "week" | "month";
export function periodGranularity(days: ReportPeriod): Granularity {
  return days <= 30 ? "day" : days <= 90 ? "week" : "month";
}

export type Change =
  | { kind: "percent"; value: number }
  | { kind: "new" } // nothing in the previous period, something now
  | { kind: "none" }; // nothing in either period

/** This period against the previous one; never Infinity or NaN. */
export function periodChange(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: "none" } : { kind: "new" };
  return { kind: "percent", value: Math.round(((current - previous) / previous) * 1000) / 10 };
}

export function formatChange(change: Change): string {
  if (change.kind === "none") return "—";
  if (change.kind === "new") return "New";
  const sign = change.value > 0 ? "+" : change.value < 0 ? "−" : "";
  return `${sign}${Math.abs(change.value).toFixed(1)}%`;
}
