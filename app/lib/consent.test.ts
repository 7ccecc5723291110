import { describe, expect, it } from "vitest";
import { consentInForce, consentLapsed } from "./consent";

describe("consent in force", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  it("express consent (no expiry) holds until an unsubscribe", () => {
    expect(consentInForce({ unsubscribedAt: null, consentExpiresAt: null }, now)).toBe(true);
    expect(consentInForce({ unsubscribedAt: now, consentExpiresAt: null }, now)).toBe(false);
  });

  it("implied consent holds until its expiry, not at it", () => {
    expect(consentLapsed("2026-06-01T00:00:01Z", now)).toBe(false);
    expect(consentLapsed(now, now)).toBe(true);
    expect(consentInForce({ unsubscribedAt: null, consentExpiresAt: now }, now)).toBe(false);
  });
});
