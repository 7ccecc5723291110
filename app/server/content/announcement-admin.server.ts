import { asc, eq, sql } from "drizzle-orm";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { zonedParts, zonedTime } from "~/lib/dates";
import { fail, type Result } from "~/lib/errors";
import "../time-zones.server";
import type { AnnouncementInput } from "~/schemas/content";
import { db } from "../db.server";
import { announcements, coupons } from "../db-tables";
import { invalidatesPages } from "../storefront/page-invalidation.server";

/**
 * The Top Bar Announcements tab: the one `main` row, its coupon choices from the coupons
 * table, and a save. Start and end are calendar days in the store's time zone: shown from the
 * start of the start day to the end of the end day.
 */

const DAY_MS = 86_400_000;

const isoDay = (date: Date, timeZone: string) => {
  const { year, month, day } = zonedParts(date, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};

function dayStart(isoDate: string, timeZone: string, offsetDays = 0): Date {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return zonedTime(timeZone, y, m, d + offsetDays);
}

export interface AnnouncementSettings {
  message: string;
  /** The French message: "" when not written (the French store shows the English). */
  messageFr: string;
  backgroundColor: string;
  couponCode: string | null;
  startDate: string;
  endDate: string;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  updatedAt: string | null;
}

/**
 * The saved settings as the form shows them; when none were saved yet, the default of
 * docs/product/storefront.md#editing-the-announcement.
 */
export async function getAnnouncementSettings(
  timeZone: string,
  now = new Date(),
): Promise<AnnouncementSettings> {
  const [row] = await db().select().from(announcements).where(eq(announcements.name, "main"));
  if (!row) {
    const today = isoDay(now, timeZone);
    return {
      message: "",
      messageFr: "",
      backgroundColor: "orange",
      couponCode: null,
      startDate: today,
      endDate: isoDay(new Date(dayStart(today, timeZone, 30).getTime() + DAY_MS / 2), timeZone),
      isActive: true,
      startsAt: null,
      endsAt: null,
      updatedAt: null,
    };
  }
  return {
    message: row.message,
    messageFr: row.messageFr,
    backgroundColor: row.backgroundColor,
    couponCode: row.couponCode,
    startDate: row.startDate ? isoDay(row.startDate, timeZone) : "",
    // The end is stored as the last instant shown; its calendar day is the one before a midnight.
    endDate: row.endDate ? isoDay(new Date(row.endDate.getTime() - 1), timeZone) : "",
    isActive: row.isActive,
    startsAt: row.startDate?.toISOString() ?? null,
    endsAt: row.endDate?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Codes the announcement may carry: every coupon in the table, by code. */
export async function listAnnouncementCoupons() {
  return db()
    .select({
      code: coupons.code,
      type: coupons.type,
      value: coupons.value,
      isActive: coupons.isActive,
    })
    .from(coupons)
    .orderBy(asc(sql`lower(${coupons.code})`));
}

/** Saves the settings; refused (with the field at fault) when the coupon code is not a coupon. */
export async function saveAnnouncement(
  input: AnnouncementInput,
  timeZone: string,
  actor: AuditActor,
  now = new Date(),
): Promise<Result> {
  let couponCode: string | null = null;
  if (input.couponCode) {
    const [coupon] = await db()
      .select({ code: coupons.code })
      .from(coupons)
      .where(eq(sql`lower(${coupons.code})`, input.couponCode.toLowerCase()));
    if (!coupon) {
      const message = `There is no coupon ${input.couponCode}.`;
      return fail(400, message, { couponCode: message });
    }
    couponCode = coupon.code;
  }
  const values = {
    message: input.message,
    // Left out of the input (a caller without the field): the saved French stays.
    ...(input.messageFr === undefined ? {} : { messageFr: input.messageFr }),
    backgroundColor: input.backgroundColor,
    couponCode,
    isActive: input.isActive,
    startDate: input.startDate ? dayStart(input.startDate, timeZone) : null,
    endDate: input.endDate ? new Date(dayStart(input.endDate, timeZone, 1).getTime() - 1) : null,
    updatedAt: now,
  };
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(announcements)
      .where(eq(announcements.name, "main"))
      .for("update");
    await tx
      .insert(announcements)
      .values({ name: "main", textColor: "white", ...values })
      .onConflictDoUpdate({ target: announcements.name, set: values });
    const { updatedAt: _at, ...audited } = values;
    const changes = changedFields(
      before,
      audited,
      Object.keys(audited) as (keyof typeof audited)[],
    );
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        actor,
        area: "announcements",
        action: before ? "update" : "create",
        record: { type: "announcement", id: "main", label: "Announcement bar" },
        changes,
      });
  });
  return invalidatesPages("announcement saved")({ ok: true });
}
