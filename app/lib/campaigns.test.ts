import { describe, expect, it } from "vitest";
import { parseLocalDateTime } from "~/schemas/campaigns";
import { campaignAudience, describeAudience, formatRate, ratePercent } from "./campaigns";

describe("campaign figures", () => {
  it("rates are part ÷ whole with one decimal, 0 when nothing was delivered", () => {
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(2, 3)).toBe(66.7);
    expect(ratePercent(0, 0)).toBe(0);
    expect(ratePercent(5, 0)).toBe(0);
    expect(formatRate(33.3)).toBe("33.3%");
    expect(formatRate(0)).toBe("0%");
  });

  it("reads and describes the stored audience", () => {
    expect(campaignAudience({ recipients: "ordered-within", audienceDays: 1 })).toEqual({
      kind: "ordered-within",
      days: 1,
    });
    expect(campaignAudience({ recipients: "never-ordered", audienceDays: null })).toEqual({
      kind: "never-ordered",
    });
    expect(describeAudience({ kind: "ordered-within", days: 30 })).toBe(
      "Customers who ordered in the last 30 days",
    );
    expect(describeAudience({ kind: "subscribers" })).toBe("All subscribers");
  });

  it("reads a datetime-local value only when it is a real time", () => {
    expect(parseLocalDateTime("2027-03-14T02:30")).toEqual({
      year: 2027,
      month: 3,
      day: 14,
      hour: 2,
      minute: 30,
    });
    for (const bad of ["2027-02-29T10:00", "2027-01-01T24:00", "2027-01-01", "tomorrow", ""])
      expect(parseLocalDateTime(bad)).toBeNull();
  });
});
