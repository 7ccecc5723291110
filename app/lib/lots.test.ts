import { describe, expect, it } from "vitest";
import { daysUntil, expiryState } from "./lots";

describe("a lot's expiry as the admin shows it", () => {
  it("counts whole days to the expiry: none on the day itself", () => {
    expect(daysUntil("2026-11-29", "2026-12-20")).toBe(21);
    expect(daysUntil("2026-11-29", "2026-11-30")).toBe(1);
    expect(daysUntil("2026-11-29", "2026-11-29")).toBe(0);
    expect(daysUntil("2026-11-29", "2026-11-28")).toBe(-1);
    // Across a change of clocks, still whole days.
    expect(daysUntil("2026-10-31", "2026-11-02")).toBe(2);
  });

  it("is expiring within the window, expired once past", () => {
    expect(expiryState("2026-12-20", "2026-11-29", 30)).toBe("expiring");
    expect(expiryState("2026-11-28", "2026-11-29", 30)).toBe("expired");
  });
});
