import { describe, expect, it } from "vitest";
import { startOfZonedDay, zonedParts, zonedTime } from "./dates";

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
    const late = new Date("2026-11-21T07:30:00Z"); // 23:30 on the 20th in Vancouver
    expect(startOfZonedDay(late, "America/Vancouver").toISOString()).toBe(
      "2026-11-20T08:00:00.000Z",
    );
    expect(zonedParts(late, "America/Vancouver")).toMatchObject({
      year: 2026,
      month: 11,
      day: 20,
      hour: 23,
    });
  });
});
