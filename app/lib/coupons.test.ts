import { describe, expect, it } from "vitest";
import { CouponFormSchema, COUPON_MESSAGES } from "~/schemas/coupons";
import { formErrors } from "~/lib/form";
import "~/server/time-zones.server";
import {
  averageUsageRate,
  couponStatus,
  couponValidity,
  dayOf,
  endOfDay,
  formatCouponValue,
  parseDay,
  startOfDay,
  usagePercent,
} from "./coupons";

const TZ = "America/Vancouver";

describe("coupon dates in STORE_TIMEZONE", () => {
  it("starts a coupon at the store's midnight and ends it at the last instant of its end day", () => {
    expect(startOfDay("2026-07-01", TZ).toISOString()).toBe("2026-07-01T07:00:00.000Z");
    // BC keeps UTC−7 from Nov 1, 2026 (tz data 2026f): no autumn change that year.
    expect(endOfDay("2026-12-31", TZ).toISOString()).toBe("2027-01-01T06:59:59.999Z");
    // Across the autumn clock change (Nov 2, 2025): the day is 25 hours long.
    expect(endOfDay("2025-11-02", TZ).getTime() - startOfDay("2025-11-02", TZ).getTime()).toBe(
      25 * 3600 * 1000 - 1,
    );
    expect(endOfDay("2026-11-01", TZ).getTime() - startOfDay("2026-11-01", TZ).getTime()).toBe(
      24 * 3600 * 1000 - 1,
    );
    expect(dayOf(endOfDay("2026-12-31", TZ), TZ)).toBe("2026-12-31");
  });

  it("refuses days that do not exist", () => {
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2026-13-01")).toBeNull();
    expect(parseDay("26-1-1")).toBeNull();
    expect(parseDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe("couponStatus", () => {
  const start = startOfDay("2026-01-01", TZ);
  const end = endOfDay("2026-06-30", TZ);
  const coupon = { isActive: true, startDate: start, endDate: end };

  it("is expired once the end day has passed in the store's time zone", () => {
    // 23:30 on June 30 in Vancouver is already July 1 in UTC: still active.
    expect(couponStatus(coupon, new Date("2026-07-01T06:30:00Z"))).toBe("active");
    expect(couponStatus(coupon, new Date("2026-07-01T07:00:00Z"))).toBe("expired");
  });

  it("is scheduled before its start, inactive when switched off whatever the dates", () => {
    expect(couponStatus(coupon, new Date("2026-01-01T07:59:59Z"))).toBe("scheduled");
    expect(couponStatus(coupon, new Date("2026-01-01T08:00:00Z"))).toBe("active");
    expect(couponStatus({ ...coupon, isActive: false }, new Date("2026-03-01"))).toBe("inactive");
    expect(couponStatus({ ...coupon, isActive: false }, new Date("2027-03-01"))).toBe("inactive");
  });

  it("treats missing dates as open", () => {
    expect(couponStatus({ isActive: true, startDate: null, endDate: null }, new Date())).toBe(
      "active",
    );
  });
});

describe("usage figures", () => {
  it("gives a coupon's share of its uses, none without a maximum", () => {
    expect(usagePercent(23, 100)).toBe(23);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(5, 5)).toBe(100);
    expect(usagePercent(7, null)).toBeNull();
    expect(usagePercent(0, 0)).toBeNull();
  });

  it("averages used ÷ max over the coupons with a maximum, and never gives NaN", () => {
    // The sample coupons' uses of their maximum: 23/100, 156/500, 89/200, 12/50.
    const sum = 23 / 100 + 156 / 500 + 89 / 200 + 12 / 50;
    expect(averageUsageRate(sum, 4)).toBe(30.7);
    expect(averageUsageRate(0, 0)).toBeNull();
    expect(averageUsageRate(Number.NaN, 2)).toBeNull();
  });

  it("shows percent as value% and fixed as $value", () => {
    expect(formatCouponValue({ type: "percentage", value: 20 })).toBe("20%");
    expect(formatCouponValue({ type: "fixed", value: 2000 })).toBe("$20");
    expect(formatCouponValue({ type: "fixed", value: 1250 })).toBe("$12.50");
    expect(formatCouponValue({ type: "fixed", value: 100000 })).toBe("$1,000");
  });

  it("words the validity", () => {
    const s = startOfDay("2026-01-01", TZ);
    const e = endOfDay("2026-12-31", TZ);
    expect(couponValidity({ startDate: s, endDate: e }, TZ)).toBe("Jan 1, 2026 – Dec 31, 2026");
    expect(couponValidity({ startDate: s, endDate: null }, TZ)).toBe(
      "From Jan 1, 2026, no end date",
    );
  });
});

describe("CouponFormSchema (shared by the form and the action)", () => {
  const valid = {
    code: " summer-25 ",
    description: "Summer sale\u0000",
    type: "percentage",
    value: "25",
    minOrder: "$1,250.5",
    maxUses: "",
    perCustomerLimit: "1",
    startDate: "2026-06-01",
    endDate: "2026-06-01",
    isActive: "on",
  };
  const errors = (fields: Record<string, string>) => {
    const parsed = CouponFormSchema.safeParse({ ...valid, ...fields });
    return parsed.success ? {} : formErrors(parsed.error);
  };

  it("reads a valid form: code upper-cased, money in cents, empty limits as none", () => {
    expect(CouponFormSchema.parse(valid)).toEqual({
      code: "SUMMER-25",
      description: "Summer sale",
      type: "percentage",
      value: 25,
      minOrderCents: 125050,
      maxUses: null,
      perCustomerLimit: 1,
      startDate: "2026-06-01",
      endDate: "2026-06-01",
      isActive: true,
      revision: null,
    });
    expect(CouponFormSchema.parse({ ...valid, type: "fixed", value: "12.5" }).value).toBe(1250);
    expect(CouponFormSchema.parse({ ...valid, isActive: undefined }).isActive).toBe(false);
  });

  it("keeps percentages to 1-100 and dollar amounts above $0", () => {
    expect(errors({ value: "0" }).value).toBe(COUPON_MESSAGES.percent);
    expect(errors({ value: "101" }).value).toBe(COUPON_MESSAGES.percent);
    expect(errors({ value: "12.5" }).value).toBe(COUPON_MESSAGES.percent);
    expect(errors({ value: "100" })).toEqual({});
    expect(errors({ type: "fixed", value: "0" }).value).toBe(COUPON_MESSAGES.dollars);
    expect(errors({ type: "fixed", value: "abc" }).value).toBe(COUPON_MESSAGES.dollars);
    expect(errors({ type: "dollars" }).type).toBe(COUPON_MESSAGES.type);
  });

  it("reports every problem at once, the end date before the start included", () => {
    expect(errors({ code: "a b", value: "", endDate: "2026-05-31", maxUses: "0" })).toEqual({
      code: COUPON_MESSAGES.codeFormat,
      value: COUPON_MESSAGES.percent,
      endDate: COUPON_MESSAGES.endBeforeStart,
      maxUses: COUPON_MESSAGES.maxUses,
    });
    expect(errors({ code: "", startDate: "" })).toMatchObject({
      code: COUPON_MESSAGES.codeRequired,
      startDate: COUPON_MESSAGES.startRequired,
    });
    expect(errors({ startDate: "2026-02-30" }).startDate).toBe(COUPON_MESSAGES.date);
    expect(errors({ description: "x".repeat(201) }).description).toMatch(/At most 200/);
  });
});
