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
import { inLocale, type Locale } from "~/lib/i18n/locale";
import { contentMessages } from "~/lib/i18n/messages/content";
import { translator } from "~/lib/i18n/translate";
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
 * (docs/product/storefront.md#announcement-bar). On French pages its French message where one
 * was written, else the English one.
 */
export async function getLiveAnnouncement(
  now: Date = new Date(),
  locale: Locale = "en",
): Promise<LiveAnnouncement | undefined> {
  const [row] = await db().select().from(announcements).where(eq(announcements.name, "main"));
  if (!row || !isAnnouncementLive(row, now) || !row.message.trim()) return undefined;
  if (await announcementHiddenBecause(row, now)) return undefined;
  const settings = await storeSettings();
  const shown = inLocale(locale, row.message, row.messageFr);
  // Amounts as the message's language writes them (an English message shown in French keeps "$20").
  const message = fillStoreFields(
    shown,
    settings,
    { html: false },
    shown === row.message ? "en" : locale,
  );
  const text = localizedAnnouncementText(message, row.couponCode, locale);
  return {
    id: announcementDismissKey(row.id, text),
    text,
    background: announcementBackground(row.backgroundColor),
    color: announcementTextColor(row.textColor),
  };
}

/** The message with " - Use code: {code}" appended (in its language) when it does not name it. */
function localizedAnnouncementText(
  message: string,
  couponCode: string | null,
  locale: Locale,
): string {
  const english = announcementText(message, couponCode);
  if (locale === "en" || english === message) return english;
  return translator(contentMessages, locale)("useCode", { message, code: couponCode!.trim() });
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
