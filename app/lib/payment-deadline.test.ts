import { describe, expect, it } from "vitest";
import "~/server/time-zones.server";
import {
  paymentDeadline,
  paymentDeadlineSentence,
  unpaidCancelAt,
  unpaidCancelCutoff,
} from "./payment-deadline";

const TZ = "America/Vancouver";

describe("the date by which an unpaid order's e-Transfer must arrive", () => {
  it("is the day, in the store's time zone, the unpaid-orders job cancels it (placed + delay)", () => {
    // Tuesday 24 Nov 2026, 11:00 in Vancouver; 3 days later is Friday the 27th.
    const placed = new Date("2026-11-24T18:00:00Z");
    expect(paymentDeadline(placed, 3, TZ)).toBe("Friday, November 27");
    expect(unpaidCancelAt(placed, 3).toISOString()).toBe("2026-11-27T18:00:00.000Z");
    // The job's cutoff is the same rule read backwards.
    expect(unpaidCancelCutoff(unpaidCancelAt(placed, 3), 3)).toEqual(placed);
  });

  it("takes the store's day, not UTC's: late evening in Vancouver is already tomorrow in UTC", () => {
    // Tuesday 24 Nov 2026, 23:30 in Vancouver (UTC−7 all year from November 2026) = Wednesday 06:30 UTC.
    const placed = new Date("2026-11-25T06:30:00Z");
    expect(paymentDeadline(placed, 3, TZ)).toBe("Friday, November 27");
    expect(paymentDeadline(placed, 3, "UTC")).toBe("Saturday, November 28");
    expect(paymentDeadline(placed.toISOString(), 1, TZ)).toBe("Wednesday, November 25");
  });

  it("crosses months and years", () => {
    expect(paymentDeadline(new Date("2026-12-30T20:00:00Z"), 3, TZ)).toBe("Saturday, January 2");
  });

  it("is said in one sentence", () => {
    expect(paymentDeadlineSentence("Friday, November 27")).toBe(
      "Your e-Transfer must arrive by Friday, November 27, or the order is cancelled and its items go back on sale.",
    );
  });
});
