/**
 * The announcement bar's rules (docs/product/storefront.md#announcement-bar), shared by the
 * storefront and the admin preview.
 */
import { couponCodesNamed } from "./coupons";

export const ANNOUNCEMENT_COLORS = {
  orange: "#c2410c",
  red: "#b91c1c",
  pink: "#be185d",
  blue: "#1d4ed8",
  green: "#15803d",
  purple: "#7e22ce",
  mustard: "#a16207",
  black: "#111827",
} as const;
type AnnouncementColor = keyof typeof ANNOUNCEMENT_COLORS;
const DEFAULT_ANNOUNCEMENT_COLOR: AnnouncementColor = "orange";

/** Cookie holding the dismissed announcement ids, so the server does not render them again. */
export const ANNOUNCEMENT_DISMISSED_COOKIE = "announcement_dismissed";
export const ANNOUNCEMENT_DISMISSED_STORAGE_KEY = "dismissedAnnouncements";

interface AnnouncementRule {
  id: string;
  isActive: boolean;
  startDate: Date | string | null;
  endDate: Date | string | null;
}

/** Unknown colour names fall back to orange. */
export function announcementBackground(name: string | null | undefined): string {
  const key = (name ?? "").trim().toLowerCase();
  return key in ANNOUNCEMENT_COLORS
    ? ANNOUNCEMENT_COLORS[key as AnnouncementColor]
    : ANNOUNCEMENT_COLORS[DEFAULT_ANNOUNCEMENT_COLOR];
}

/** Only "black" text is honoured; every background colour above is dark enough for white. */
export function announcementTextColor(name: string | null | undefined): string {
  return (name ?? "").trim().toLowerCase() === "black" ? "#111827" : "#ffffff";
}

/** Active, and now lies between the start and end dates (either may be open). */
export function isAnnouncementLive(a: AnnouncementRule, now: Date = new Date()): boolean {
  if (!a.isActive) return false;
  const t = now.getTime();
  if (a.startDate && new Date(a.startDate).getTime() > t) return false;
  if (a.endDate && new Date(a.endDate).getTime() < t) return false;
  return true;
}

/** Appends " - Use code: {code}" when a coupon is set and the message does not mention it. */
export function announcementText(message: string, couponCode: string | null | undefined): string {
  const code = couponCode?.trim();
  if (!code || message.toLowerCase().includes(code.toLowerCase())) return message;
  return `${message} - Use code: ${code}`;
}

export function parseDismissed(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(/[,\s]+/)
    .map((id) => id.trim())
    .filter((id) => /^[\w-]{1,64}$/.test(id))
    .slice(0, 20);
}

export type AnnouncementStatus = "showing" | "scheduled" | "ended" | "inactive";

/** The admin's "current status" box: what visitors to Home see now (before any dismissal). */
export function announcementStatus(
  a: AnnouncementRule,
  now: Date = new Date(),
): AnnouncementStatus {
  if (!a.isActive) return "inactive";
  if (a.startDate && new Date(a.startDate).getTime() > now.getTime()) return "scheduled";
  if (a.endDate && new Date(a.endDate).getTime() < now.getTime()) return "ended";
  return "showing";
}

/**
 * What a dismissal remembers: the announcement's id plus a hash of the text shown, so a changed
 * message (or coupon) is shown again to visitors who dismissed the old one. FNV-1a, 32 bits.
 */
export function announcementDismissKey(id: string, text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${id}-${(hash >>> 0).toString(16).padStart(8, "0")}`;
}

/** A coupon as the announcement rule reads it. */
interface AnnouncedCoupon {
  code: string;
  isActive: boolean;
  startDate: Date | string | null;
  endDate: Date | string | null;
  maxUses: number | null;
  usedCount: number;
}

/** The codes an announcement offers: its coupon, and any code its message names ("code SAVE15"). */
export function announcedCodes(message: string, couponCode: string | null | undefined): string[] {
  const codes = [couponCode?.trim() ?? "", ...couponCodesNamed(message)].filter(Boolean);
  return [...new Set(codes.map((code) => code.toUpperCase()))];
}

/**
 * Why shoppers must not see an announcement because of a code it offers, or null when every code
 * it names is a coupon checkout would take today: a bar that offers a refused code is hidden.
 */
export function announcementCouponProblem(
  codes: readonly string[],
  coupons: readonly AnnouncedCoupon[],
  now: Date = new Date(),
): string | null {
  for (const code of codes) {
    const coupon = coupons.find((c) => c.code.toUpperCase() === code.toUpperCase());
    const reason = !coupon
      ? "is not a coupon"
      : !coupon.isActive
        ? "is switched off"
        : coupon.startDate && new Date(coupon.startDate) > now
          ? "is not valid yet"
          : coupon.endDate && new Date(coupon.endDate) < now
            ? "has expired"
            : coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses
              ? "has reached its usage limit"
              : null;
    if (reason)
      return `Hidden from shoppers: the code ${coupon?.code ?? code} ${reason}, and checkout would refuse it. Choose an active coupon or take the code out of the message.`;
  }
  return null;
}
