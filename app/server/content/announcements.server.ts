import { eq } from "drizzle-orm";
import {
  announcementBackground,
  announcementText,
  announcementTextColor,
  isAnnouncementLive,
} from "~/lib/announcement";
import { db } from "../db.server";
import { announcements } from "../schema";

export interface LiveAnnouncement {
  id: string;
  text: string;
  background: string;
  color: string;
}

/** The 'main' announcement as the Home page shows it, or undefined when SPEC §4 hides it. */
export async function getLiveAnnouncement(
  now: Date = new Date(),
): Promise<LiveAnnouncement | undefined> {
  const [row] = await db().select().from(announcements).where(eq(announcements.name, "main"));
  if (!row || !isAnnouncementLive(row, now) || !row.message.trim()) return undefined;
  return {
    id: row.id,
    text: announcementText(row.message, row.couponCode),
    background: announcementBackground(row.backgroundColor),
    color: announcementTextColor(row.textColor),
  };
}
