import { dayOfInstant, formatDate, zonedTime, type Zone } from "./dates";
import { formatMoneyInText } from "./money";
import type { Locale } from "./i18n/locale";
import { stockMessages } from "~/lib/i18n/messages/stock";
import { translator } from "./i18n/translate";
import type { CouponTerms } from "./pricing";

/**
 * A coupon's status (docs/product/customers-and-marketing.md#coupons): active, inactive and
 * expired, plus `scheduled` (switched on, start date still ahead), so a coupon that checkout would
 * refuse as "not yet valid" is never listed as active. Exactly one applies: switched off wins, then
 * an end date that has passed, then a start date still ahead.
 */
export const COUPON_STATUSES = ["active", "scheduled", "expired", "inactive"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const COUPON_STATUS_NAMES: Record<CouponStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  inactive: "Inactive",
};

interface CouponDates {
  isActive: boolean;
  startDate: Date | string | null;
  endDate: Date | string | null;
}

/**
 * The coupon's status at `now`, by the same comparisons checkout makes (app/server/marketing/
 * coupons.server.ts): an end date is the last instant of that day in STORE_TIMEZONE, so a coupon
 * "through Dec 31" expires when Dec 31 has passed in the store's time zone.
 */
export function couponStatus(coupon: CouponDates, now: Date): CouponStatus {
  if (!coupon.isActive) return "inactive";
  if (coupon.endDate && now > new Date(coupon.endDate)) return "expired";
  if (coupon.startDate && now < new Date(coupon.startDate)) return "scheduled";
  return "active";
}

/** "20%" for a percentage, "$20" or "$12.50" for a dollar amount (French "20 %", "20 $"). */
export function formatCouponValue(coupon: CouponTerms, locale: Locale = "en"): string {
  if (coupon.type === "percentage")
    return translator(stockMessages, locale)("couponPercent", { value: String(coupon.value) });
  return formatMoneyInText(coupon.value, locale);
}

/** Share of a coupon's uses taken, in whole percent (0-100); null when it has no maximum. */
export function usagePercent(usedCount: number, maxUses: number | null): number | null {
  if (maxUses === null || maxUses <= 0) return null;
  return Math.min(100, Math.round((usedCount / maxUses) * 100));
}

/**
 * Avg. Usage Rate: the mean of used ÷ max uses over the coupons that have a maximum, in percent
 * with one decimal. Coupons without a maximum have no rate and are left out; null (shown "—")
 * when no coupon has one, so the card never shows NaN.
 */
export function averageUsageRate(sumOfRatios: number, couponsWithMax: number): number | null {
  if (couponsWithMax <= 0 || !Number.isFinite(sumOfRatios)) return null;
  return Math.round((sumOfRatios / couponsWithMax) * 1000) / 10;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day typed in a form ("2026-12-31"), or null when it is not a real date. */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== date || year < 2000 || year > 2100) return null;
  return { year, month, day: date };
}

/** The first instant of a day in timeZone (a start date). */
export function startOfDay(day: string, timeZone: string): Date {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Not a date: ${day}`);
  return zonedTime(timeZone, d.year, d.month, d.day);
}

/** The last instant (ms) of a day in timeZone (an end date: the coupon works all that day). */
export function endOfDay(day: string, timeZone: string): Date {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Not a date: ${day}`);
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  const midnight = zonedTime(
    timeZone,
    next.getUTCFullYear(),
    next.getUTCMonth() + 1,
    next.getUTCDate(),
  );
  return new Date(midnight.getTime() - 1);
}

/**
 * The calendar day ("2026-12-31") an instant falls on in the store's time zone, for date inputs
 * (zone: its name on the server, or the loader's dateTexts in a component).
 */
export function dayOf(date: Date | string, zone: Zone): string {
  return dayOfInstant(date, zone);
}

/** "Jan 1, 2026 – Dec 31, 2026", "From Jan 1, 2026, no end date", … in the store's time zone. */
export function couponValidity(
  coupon: { startDate: Date | string | null; endDate: Date | string | null },
  zone: Zone,
): string {
  const from = coupon.startDate ? formatDate(coupon.startDate, zone) : null;
  const to = coupon.endDate ? formatDate(coupon.endDate, zone) : null;
  if (from && to) return `${from} – ${to}`;
  if (to) return `Until ${to}`;
  return from ? `From ${from}, no end date` : "No start or end date";
}

/** The coupon codes a text names, written in capitals after "code" ("code <strong>WELCOME20</strong>"). */
export function couponCodesNamed(text: string): string[] {
  const codes = [...text.matchAll(/\b[Cc]odes?\s+(?:<strong>)?([A-Z0-9][A-Z0-9_-]{2,})\b/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(codes)];
}
