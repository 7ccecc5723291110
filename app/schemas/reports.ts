import { DEFAULT_REPORT_PERIOD, isReportPeriod, type ReportPeriod } from "~/lib/report-period";

export const PERIOD_CHOICES = "Choose 7, 30, 90 or 365 days.";

/**
 * `?period=` on the Reports screen: 7, 30, 90 or 365. Missing means 30; anything else also shows 30
 * with a notice saying why (the export refuses it instead).
 */
export function parseReportPeriod(value: string | null): {
  days: ReportPeriod;
  valid: boolean;
  notice?: string;
} {
  if (value === null || value === "") return { days: DEFAULT_REPORT_PERIOD, valid: true };
  const days = /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN;
  if (isReportPeriod(days)) return { days, valid: true };
  return {
    days: DEFAULT_REPORT_PERIOD,
    valid: false,
    notice: `"${value.slice(0, 20)}" is not a report period, so the last ${DEFAULT_REPORT_PERIOD} days are shown. ${PERIOD_CHOICES}`,
  };
}
