import { eq } from "drizzle-orm";
import {
  announcedCodes,
  announcementBackground,
  announcementCouponProblem,
  announcementDismissKey,
  announcementText,
  announcementTextColor,
  isAnnouncementLive,
} from "~/lib/announcement";
import { fillStoreFields } from "~/lib/store-settings";
import { db } from "../db.server";
import { findCouponsByCodes } from "../marketing/coupons.server";
import { storeSettings } from "../settings/store-settings.server";
import { announcements } from "../db-tables";

interface LiveAnnouncement {
  /** The dismissal key: the row's id and a hash of the text, so a new message shows again. */
  id: string;
  text: string;
  background: string;
  color: string;
}

/**
 * The 'main' announcement as the Home page shows it, or undefined when its rules hide it
 * (docs/product/storefront.md#announcement-bar).
 */
export async function getLiveAnnouncement(
  now: Date = new Date(),
): Promise<LiveAnnouncement | undefined> {
  const [row] = await db().select().from(announcements).where(eq(announcements.name, "main"));
  if (!row || !isAnnouncementLive(row, now) || !row.message.trim()) return undefined;
  if (await announcementHiddenBecause(row, now)) return undefined;
  const message = fillStoreFields(row.message, await storeSettings(), { html: false });
  const text = announcementText(message, row.couponCode);
  return {
    id: announcementDismissKey(row.id, text),
    text,
    background: announcementBackground(row.backgroundColor),
    color: announcementTextColor(row.textColor),
  };
}

/**
 * Why the announcement is hidden from shoppers because of a code it offers (one that checkout would
 * refuse today), or null: the storefront hides such a bar and the admin's status box says why.
 */
export async function announcementHiddenBecause(
  announcement: { message: string; couponCode: string | null },
  now: Date = new Date(),
): Promise<string | null> {
  const codes = announcedCodes(announcement.message, announcement.couponCode);
  return announcementCouponProblem(codes, await findCouponsByCodes(codes), now);
}
