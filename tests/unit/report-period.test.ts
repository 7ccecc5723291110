import { describe, expect, it } from "vitest";
import {
  calendarPeriod,
  periodChange,
  periodSearch,
  recentMonths,
  recentQuarters,
  type PeriodChoice,
} from "~/lib/report-period";
import { parseExportQuery, parseReportQuery } from "~/schemas/reports";
import { reportRange, storeToday } from "~/server/reports/report-range.server";

const TZ = "America/Toronto";
const TODAY = "2026-05-20";

const period = (choice: PeriodChoice, today = TODAY) => {
  const p = calendarPeriod(choice, today);
  return [p.firstDay, p.lastDay, p.previousFirstDay, p.previousLastDay, p.days];
};

describe("calendar periods (pure calendar days)", () => {
  it("a month runs from its first to its last day, compared with the month before", () => {
    expect(period({ kind: "month", month: "2026-03" })).toEqual([
      "2026-03-01",
      "2026-03-31",
      "2026-02-01",
      "2026-02-28",
      31,
    ]);
    // January is compared with the December before it.
    expect(period({ kind: "month", month: "2026-01" })).toEqual([
      "2026-01-01",
      "2026-01-31",
      "2025-12-01",
      "2025-12-31",
      31,
    ]);
    const april = calendarPeriod({ kind: "month", month: "2026-04" }, TODAY);
    expect([april.label, april.previousLabel, april.days, april.granularity]).toEqual([
      "April 2026",
      "March 2026",
      30,
      "day",
    ]);
  });

  it("knows leap years: February 2028 has 29 days, 2100's February 28", () => {
    expect(period({ kind: "month", month: "2028-02" })).toEqual([
      "2028-02-01",
      "2028-02-29",
      "2028-01-01",
      "2028-01-31",
      29,
    ]);
    expect(period({ kind: "month", month: "2028-03" }).slice(2)).toEqual([
      "2028-02-01",
      "2028-02-29",
      31,
    ]);
    expect(period({ kind: "month", month: "2100-02" })[1]).toBe("2100-02-28");
    expect(period({ kind: "month", month: "2000-02" })[1]).toBe("2000-02-29");
  });

  it("a quarter is three calendar months, compared with the quarter before (weeks as bars)", () => {
    expect(period({ kind: "quarter", quarter: "2026-Q1" })).toEqual([
      "2026-01-01",
      "2026-03-31",
      "2025-10-01",
      "2025-12-31",
      90,
    ]);
    expect(period({ kind: "quarter", quarter: "2028-Q1" })[4]).toBe(91);
    expect(period({ kind: "quarter", quarter: "2026-Q3" })).toEqual([
      "2026-07-01",
      "2026-09-30",
      "2026-04-01",
      "2026-06-30",
      92,
    ]);
    const q4 = calendarPeriod({ kind: "quarter", quarter: "2026-Q4" }, TODAY);
    expect([q4.label, q4.previousLabel, q4.granularity]).toEqual(["Q4 2026", "Q3 2026", "week"]);
  });

  it("a custom range is compared with as many days just before it", () => {
    expect(period({ kind: "custom", from: "2026-03-01", to: "2026-03-15" })).toEqual([
      "2026-03-01",
      "2026-03-15",
      "2026-02-14",
      "2026-02-28",
      15,
    ]);
    // Over a leap day: 28 Feb, 29 Feb and 1 Mar 2028.
    expect(period({ kind: "custom", from: "2028-02-28", to: "2028-03-01" })).toEqual([
      "2028-02-28",
      "2028-03-01",
      "2028-02-25",
      "2028-02-27",
      3,
    ]);
    const one = calendarPeriod({ kind: "custom", from: "2026-03-08", to: "2026-03-08" }, TODAY);
    expect([one.label, one.previousLabel, one.days]).toEqual(["Mar 8, 2026", "the day before", 1]);
    const year = calendarPeriod({ kind: "custom", from: "2025-04-01", to: "2026-03-31" }, TODAY);
    expect([year.label, year.days, year.granularity]).toEqual([
      "Apr 1, 2025 to Mar 31, 2026",
      365,
      "month",
    ]);
  });

  it("rolling days end today", () => {
    expect(period({ kind: "days", days: 7 })).toEqual([
      "2026-05-14",
      "2026-05-20",
      "2026-05-07",
      "2026-05-13",
      7,
    ]);
    expect(calendarPeriod({ kind: "days", days: 365 }, "2028-12-31").firstDay).toBe("2028-01-02");
  });

  it("offers this month and quarter first, back across the year", () => {
    expect(recentMonths("2026-02-10", 3)).toEqual([
      { value: "2026-02", label: "February 2026" },
      { value: "2026-01", label: "January 2026" },
      { value: "2025-12", label: "December 2025" },
    ]);
    expect(recentQuarters("2026-02-10", 2)).toEqual([
      { value: "2026-Q1", label: "Q1 2026 (Jan to Mar)" },
      { value: "2025-Q4", label: "Q4 2025 (Oct to Dec)" },
    ]);
  });

  it("compares with a previous figure below zero (a net) by its size", () => {
    expect(periodChange(500, -1000)).toEqual({ kind: "percent", value: 150 });
    expect(periodChange(-500, 1000)).toEqual({ kind: "percent", value: -150 });
  });
});

describe("a period as instants in the store's time zone (America/Toronto)", () => {
  const NOW = new Date("2026-05-20T16:00:00Z");
  const iso = (choice: PeriodChoice) => {
    const r = reportRange(choice, TZ, NOW);
    return [r.previousStart.toISOString(), r.start.toISOString(), r.end.toISOString()];
  };

  it("a month begins at local midnight on either side of a DST change", () => {
    // March 2026: EST (UTC−5) on the 1st, EDT (UTC−4) from 8 March; February all EST.
    expect(iso({ kind: "month", month: "2026-03" })).toEqual([
      "2026-02-01T05:00:00.000Z",
      "2026-03-01T05:00:00.000Z",
      "2026-04-01T04:00:00.000Z",
    ]);
    // November 2026: EDT on the 1st at midnight (the change is at 2 a.m.), EST by December.
    expect(iso({ kind: "month", month: "2026-11" })).toEqual([
      "2026-10-01T04:00:00.000Z",
      "2026-11-01T04:00:00.000Z",
      "2026-12-01T05:00:00.000Z",
    ]);
  });

  it("a quarter and a leap February", () => {
    expect(iso({ kind: "quarter", quarter: "2026-Q1" })).toEqual([
      "2025-10-01T04:00:00.000Z",
      "2026-01-01T05:00:00.000Z",
      "2026-04-01T04:00:00.000Z",
    ]);
    expect(iso({ kind: "month", month: "2028-02" }).slice(1)).toEqual([
      "2028-02-01T05:00:00.000Z",
      "2028-03-01T05:00:00.000Z",
    ]);
  });

  it("a custom day of 23 hours (spring forward) and one of 25 (fall back)", () => {
    const hours = (day: string) => {
      const r = reportRange({ kind: "custom", from: day, to: day }, TZ, NOW);
      return (r.end.getTime() - r.start.getTime()) / 3_600_000;
    };
    expect(hours("2026-03-08")).toBe(23);
    expect(hours("2026-11-01")).toBe(25);
    expect(hours("2026-05-20")).toBe(24);
  });

  it("today is the store's day, not UTC's", () => {
    // 11:30 p.m. in Toronto on 19 May is already 20 May in UTC.
    expect(storeToday(TZ, new Date("2026-05-20T03:30:00Z"))).toBe("2026-05-19");
    const r = reportRange(7, TZ, new Date("2026-05-20T03:30:00Z"));
    expect([r.firstDay, r.lastDay]).toEqual(["2026-05-13", "2026-05-19"]);
  });
});

describe("the period in the URL", () => {
  const parse = (query: string, today = TODAY) =>
    parseReportQuery(new URLSearchParams(query), today);

  it("reads every kind of period, and writes it back the same", () => {
    const choices: PeriodChoice[] = [
      { kind: "days", days: 90 },
      { kind: "month", month: "2025-12" },
      { kind: "quarter", quarter: "2026-Q2" },
      { kind: "custom", from: "2026-01-15", to: "2026-02-14" },
    ];
    for (const choice of choices) expect(parse(periodSearch(choice))).toEqual({ ok: true, choice });
    expect(parse("")).toEqual({ ok: true, choice: { kind: "days", days: 30 } });
    // A month or quarter left out is the current one; a quarter in small letters is fine.
    expect(parse("period=month")).toEqual({
      ok: true,
      choice: { kind: "month", month: "2026-05" },
    });
    expect(parse("period=quarter&quarter=2026-q1")).toEqual({
      ok: true,
      choice: { kind: "quarter", quarter: "2026-Q1" },
    });
    expect(parse("period=quarter")).toMatchObject({ choice: { quarter: "2026-Q2" } });
  });

  it("shows 30 days with a notice for an unknown period; the export refuses it", () => {
    expect(parse("period=14")).toMatchObject({
      ok: true,
      choice: { kind: "days", days: 30 },
      notice: expect.stringContaining('"14" is not a report period'),
    });
    expect(parseExportQuery(new URLSearchParams("period=14"), TODAY)).toEqual({
      ok: false,
      message: expect.stringContaining("Unknown report period"),
    });
  });

  it("refuses a bad or reversed range with its message, beside the right box", () => {
    const refused = (query: string) => {
      const result = parse(query);
      if (result.ok) throw new Error(`accepted: ${query}`);
      return [result.error.field, result.error.message];
    };
    expect(refused("period=custom&to=2026-03-01")).toEqual([
      "from",
      "Enter the first day of the range.",
    ]);
    expect(refused("period=custom&from=2026-03-01")).toEqual([
      "to",
      "Enter the last day of the range.",
    ]);
    expect(refused("period=custom&from=2026-02-30&to=2026-03-01")).toEqual([
      "from",
      '"2026-02-30" is not a date. Use YYYY-MM-DD, such as 2026-03-31.',
    ]);
    expect(refused("period=custom&from=2027-02-29&to=2027-03-01")[0]).toBe("from");
    expect(refused("period=custom&from=2026-03-01&to=03/15/2026")[0]).toBe("to");
    expect(refused("period=custom&from=2026-03-15&to=2026-03-01")).toEqual([
      "to",
      "The range ends before it begins: choose a To date on or after the From date.",
    ]);
    expect(refused("period=custom&from=2025-01-01&to=2026-01-02")).toEqual([
      "to",
      "A custom range is at most 366 days. Choose a shorter range, or a month or quarter.",
    ]);
    expect(refused("period=custom&from=1999-12-31&to=2000-01-02")[1]).toBe(
      "Choose a day from 2000-01-01 to 2100-12-31.",
    );
    expect(refused("period=month&month=2026-13")[0]).toBe("month");
    expect(refused("period=month&month=March")[0]).toBe("month");
    expect(refused("period=quarter&quarter=2026-Q5")[0]).toBe("quarter");
    // Text a person would never type: refused with a short echo, never thrown.
    expect(refused(`period=custom&from=%00&to=${"9".repeat(3000)}`)[0]).toBe("from");
    expect(refused(`period=custom&from=2026-01-01&to=${"9".repeat(3000)}`)[1]).toBe(
      '"99999999999999999999" is not a date. Use YYYY-MM-DD, such as 2026-03-31.',
    );
    expect(refused("period=month&month=%ff%fe")[0]).toBe("month");
    // A leap year's whole year (366 days) is allowed; the range's typed values come back.
    expect(parse("period=custom&from=2028-01-01&to=2028-12-31")).toMatchObject({ ok: true });
    expect(parse("period=custom&from=2026-03-15&to=2026-03-01")).toMatchObject({
      values: { from: "2026-03-15", to: "2026-03-01" },
    });
    expect(parseExportQuery(new URLSearchParams("period=custom&from=x&to=y"), TODAY)).toEqual({
      ok: false,
      message: '"x" is not a date. Use YYYY-MM-DD, such as 2026-03-31.',
    });
  });
});
