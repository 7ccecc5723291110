import { href, Form, Link } from "react-router";
import {
  FIRST_REPORT_DAY,
  LAST_REPORT_DAY,
  monthLabel,
  quarterLabel,
  REPORT_PERIODS,
  type PeriodChoice,
} from "~/lib/report-period";
import type { PeriodError, RangeValues } from "~/schemas/reports";
import { buttonClass } from "./button";
import { inputClass, selectClass } from "./field";

const LABEL = "mb-1 block text-xs font-medium text-stone-600";
const SELECT = selectClass.replace("w-full", "w-auto min-w-44");
const DAY = inputClass.replace("w-full", "w-40");
const FORM = "flex flex-wrap items-end gap-2";

type Option = { value: string; label: string };

/**
 * The Reports screen's period, kept in the URL: rolling days as links, and for the books a
 * calendar month, a quarter or a custom range, each a small GET form (plain forms: they work
 * without JavaScript). A refused month, quarter or range shows its message under its control.
 */
export function ReportPeriodPicker({
  choice,
  months,
  quarters,
  error,
  values,
}: {
  /** The period shown (undefined while a refused one is on screen). */
  choice?: PeriodChoice;
  months: Option[];
  quarters: Option[];
  error?: PeriodError;
  /** The custom range's dates as typed (shown again with their message). */
  values?: RangeValues;
}) {
  const reports = href("/budzadmin/dashboard/reports");
  const month = choice?.kind === "month" ? choice.month : months[0]?.value;
  const quarter = choice?.kind === "quarter" ? choice.quarter : quarters[0]?.value;
  const from = values?.from ?? (choice?.kind === "custom" ? choice.from : "");
  const to = values?.to ?? (choice?.kind === "custom" ? choice.to : "");
  // A month or quarter chosen by URL that the list does not hold (an older one) ends it.
  const withChosen = (
    options: Option[],
    value: string | undefined,
    label: (v: string) => string,
  ) =>
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: label(value) }]
      : options;
  const messageId = (field: PeriodError["field"]) => `report-${field}-error`;
  const invalid = (field: PeriodError["field"]) =>
    error?.field === field
      ? { "aria-invalid": true as const, "aria-describedby": messageId(field) }
      : {};
  const message = (...fields: PeriodError["field"][]) =>
    error && fields.includes(error.field) ? (
      <p id={messageId(error.field)} className="basis-full text-sm text-red-700">
        {error.message}
      </p>
    ) : null;
  const current = (kind: PeriodChoice["kind"]) => choice?.kind === kind;

  return (
    <div className="mb-4 space-y-3">
      <nav aria-label="Report period" className="flex flex-wrap gap-2">
        {REPORT_PERIODS.map((days) => {
          const chosen = choice?.kind === "days" && choice.days === days;
          return (
            <Link
              key={days}
              to={`${reports}?period=${days}`}
              aria-current={chosen ? "page" : undefined}
              className={buttonClass(chosen ? "primary" : "secondary", "sm")}
            >
              Last {days} days
            </Link>
          );
        })}
      </nav>
      <div className="flex flex-wrap items-start gap-x-8 gap-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <Form method="get" action={reports} aria-label="Calendar month" className={FORM}>
          <input type="hidden" name="period" value="month" />
          <div>
            <label htmlFor="report-month" className={LABEL}>
              Calendar month
            </label>
            <select
              key={month}
              id="report-month"
              name="month"
              defaultValue={month}
              className={SELECT}
              {...invalid("month")}
            >
              {withChosen(months, month, monthLabel).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass(current("month") ? "primary" : "secondary")}>
            Show month
          </button>
          {message("month")}
        </Form>
        <Form method="get" action={reports} aria-label="Quarter" className={FORM}>
          <input type="hidden" name="period" value="quarter" />
          <div>
            <label htmlFor="report-quarter" className={LABEL}>
              Quarter
            </label>
            <select
              key={quarter}
              id="report-quarter"
              name="quarter"
              defaultValue={quarter}
              className={SELECT}
              {...invalid("quarter")}
            >
              {withChosen(quarters, quarter, quarterLabel).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className={buttonClass(current("quarter") ? "primary" : "secondary")}
          >
            Show quarter
          </button>
          {message("quarter")}
        </Form>
        <Form method="get" action={reports} aria-label="Custom range" className={FORM}>
          <input type="hidden" name="period" value="custom" />
          <div>
            <label htmlFor="report-from" className={LABEL}>
              From
            </label>
            <input
              key={`from-${from}`}
              id="report-from"
              type="date"
              name="from"
              required
              defaultValue={from}
              min={FIRST_REPORT_DAY}
              max={LAST_REPORT_DAY}
              className={DAY}
              {...invalid("from")}
            />
          </div>
          <div>
            <label htmlFor="report-to" className={LABEL}>
              To
            </label>
            <input
              key={`to-${to}`}
              id="report-to"
              type="date"
              name="to"
              required
              defaultValue={to}
              min={FIRST_REPORT_DAY}
              max={LAST_REPORT_DAY}
              className={DAY}
              {...invalid("to")}
            />
          </div>
          <button
            type="submit"
            className={buttonClass(current("custom") ? "primary" : "secondary")}
          >
            Show range
          </button>
          {message("from", "to")}
        </Form>
      </div>
    </div>
  );
}
