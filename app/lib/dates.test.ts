import { describe, expect, it, vi } from "vitest";
import { TZ_DATA_VERSION } from "~/server/time-zones.server";
import {
  dateText,
  dateTexts,
  formatDate,
  formatDateTime,
  formatLongCalendarDay,
  formatLongDate,
  formatTime,
  startOfZonedDay,
  withDateTexts,
  zonedParts,
  zonedTime,
} from "./dates";

const TZ = "America/Vancouver";

/** The zone's offset from UTC in hours at an instant, as the server computes it. */
function offsetHours(iso: string, timeZone: string): number {
  const at = new Date(iso);
  const p = zonedParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return (wall - at.getTime()) / 3_600_000;
}

describe("the server's time-zone data (moment-timezone's IANA tz database, not Node's ICU)", () => {
  it("is a current IANA release", () => {
    // Pinned in package.json; 2026f is the release checked when it was chosen.
    expect(TZ_DATA_VERSION).toMatch(/^\d{4}[a-z]$/);
    expect(TZ_DATA_VERSION >= "2026f").toBe(true);
  });

  it("puts STORE_TIMEZONE (America/Vancouver) at UTC−7 on Nov 25, 2026: BC keeps UTC−7 from Nov 1, 2026", () => {
    // Node 20's ICU (tz 2025c) says UTC−8 "PST" here: the store must not follow it.
    expect(offsetHours("2026-11-25T15:17:00Z", TZ)).toBe(-7);
    expect(formatDateTime(new Date("2026-11-25T15:17:00Z"), TZ)).toBe("Nov 25, 2026, 8:17 a.m.");
    expect(offsetHours("2027-01-15T12:00:00Z", TZ)).toBe(-7);
    expect(offsetHours("2026-01-15T12:00:00Z", TZ)).toBe(-8);
  });

  it("follows the clock changes: Vancouver's last spring change and Toronto's autumn change", () => {
    expect(offsetHours("2026-03-08T09:59:59Z", TZ)).toBe(-8);
    expect(offsetHours("2026-03-08T10:00:00Z", TZ)).toBe(-7);
    expect(zonedParts(new Date("2026-03-08T10:00:00Z"), TZ)).toMatchObject({ hour: 3, minute: 0 });
    expect(offsetHours("2026-11-01T05:59:59Z", "America/Toronto")).toBe(-4);
    expect(offsetHours("2026-11-01T06:00:00Z", "America/Toronto")).toBe(-5);
    // No autumn change in Vancouver in 2026: Nov 1 is 24 hours long.
    const nov1 = zonedTime(TZ, 2026, 11, 1).getTime();
    expect(zonedTime(TZ, 2026, 11, 2).getTime() - nov1).toBe(24 * 3_600_000);
  });
});

describe("zoned dates", () => {
  it("finds the instant of a wall-clock time, in and out of daylight saving", () => {
    expect(zonedTime("America/Vancouver", 2026, 6, 30, 23, 59, 59).toISOString()).toBe(
      "2026-07-01T06:59:59.000Z",
    );
    expect(zonedTime("America/Vancouver", 2026, 1, 1).toISOString()).toBe(
      "2026-01-01T08:00:00.000Z",
    );
    expect(zonedTime("America/Toronto", 2026, 12, 31, 23, 59, 59).toISOString()).toBe(
      "2027-01-01T04:59:59.000Z",
    );
  });

  it("gives the start of the store's day", () => {
    const late = new Date("2026-11-21T06:30:00Z"); // 23:30 on the 20th in Vancouver (UTC−7)
    expect(startOfZonedDay(late, "America/Vancouver").toISOString()).toBe(
      "2026-11-20T07:00:00.000Z",
    );
    expect(zonedParts(late, "America/Vancouver")).toMatchObject({
      year: 2026,
      month: 11,
      day: 20,
      hour: 23,
    });
  });
});

describe("date texts (written once on the server, looked up in the browser)", () => {
  it("writes en-CA's medium style by hand", () => {
    const noon = new Date("2026-07-05T19:07:00Z"); // 12:07 p.m. PDT
    expect(formatDateTime(noon, TZ)).toBe("Jul 5, 2026, 12:07 p.m.");
    expect(formatDate(noon, TZ)).toBe("Jul 5, 2026");
    expect(formatTime(new Date("2026-01-05T08:05:00Z"), TZ)).toBe("12:05 a.m.");
    expect(formatLongDate(noon, TZ)).toBe("July 5, 2026");
    expect(formatLongCalendarDay("2026-12-01")).toBe("December 1, 2026");
    expect(dateText(noon, TZ).day).toBe("2026-07-05");
  });

  it("collects every instant of a loader's data, Dates and ISO strings at any depth", () => {
    const placed = new Date("2026-12-31T07:30:00Z");
    const data = {
      list: { rows: [{ createdAt: placed, note: "2026-12-31" }] },
      saved: { sentAt: "2026-11-25T15:17:00.000Z", startDate: null },
    };
    const { dates } = withDateTexts(data, TZ);
    expect(Object.keys(dates).sort()).toEqual([
      "2026-11-25T15:17:00.000Z",
      "2026-12-31T07:30:00.000Z",
    ]);
    // The browser's lookups: what the server wrote, whether the value is a Date or its ISO string.
    expect(formatDateTime(placed.toISOString(), dates)).toBe("Dec 31, 2026, 12:30 a.m.");
    expect(dateText(placed, dates)).toEqual({
      day: "2026-12-31",
      date: "Dec 31, 2026",
      time: "12:30 a.m.",
      dateTime: "Dec 31, 2026, 12:30 a.m.",
    });
    expect(formatDate("2026-11-25T15:17:00Z", dateTexts(data, TZ))).toBe("Nov 25, 2026");
    // An instant that was not sent is written in UTC, the same on both sides.
    expect(formatDateTime(new Date("2026-01-02T03:04:00Z"), dates)).toBe("2026-01-02 03:04 UTC");
  });

  it("has no time-zone data in the browser: zone arithmetic there fails loudly", async () => {
    vi.resetModules();
    const browser = await import("./dates");
    expect(() => browser.zonedParts(new Date(), TZ)).toThrow(/runs on the server/);
    expect(() => browser.formatDate(new Date(), TZ)).toThrow(/runs on the server/);
    const texts = { "2026-11-25T15:17:00.000Z": dateText("2026-11-25T15:17:00Z", TZ) };
    expect(browser.formatDateTime("2026-11-25T15:17:00.000Z", texts)).toBe(
      "Nov 25, 2026, 8:17 a.m.",
    );
  });
});
