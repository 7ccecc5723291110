import { beforeEach, describe, expect, it } from "vitest";
import { announcementStatus } from "~/lib/announcement";
import { AnnouncementSchema } from "~/schemas/content";
import {
  getAnnouncementSettings,
  listAnnouncementCoupons,
  saveAnnouncement,
} from "~/server/content/announcement-admin.server";
import { getLiveAnnouncement } from "~/server/content/announcements.server";
import { db } from "~/server/db.server";
import { eq } from "drizzle-orm";
import * as announcementsRoute from "~/routes/admin/pages/announcements";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { announcements, auditLog, coupons } from "~/server/db-tables";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const TZ = "America/Vancouver";
const NOW = new Date("2026-07-10T19:00:00Z"); // 10 July, 12:00 in Vancouver (UTC-7)

const form = (overrides: Record<string, string> = {}) => ({
  message: "Summer sale on now",
  backgroundColor: "blue",
  couponCode: "",
  startDate: "2026-07-01",
  endDate: "2026-07-31",
  isActive: "on",
  ...overrides,
});

beforeEach(async () => {
  await resetDatabase();
  await db()
    .insert(coupons)
    .values([
      { code: "SAVE15", type: "percentage", value: 15 },
      { code: "WEEKEND25", type: "percentage", value: 25, isActive: false },
    ]);
});

async function save(overrides: Record<string, string> = {}, now = NOW) {
  const parsed = AnnouncementSchema.safeParse(form(overrides));
  if (!parsed.success) return { ok: false as const, issues: parsed.error.issues };
  return saveAnnouncement(parsed.data, TZ, testActor(), now);
}

describe("Top Bar Announcement settings", () => {
  it("offers the default before anything is saved: active, orange, today + 30 days", async () => {
    const settings = await getAnnouncementSettings(TZ, NOW);
    expect(settings).toMatchObject({
      backgroundColor: "orange",
      isActive: true,
      startDate: "2026-07-10",
      endDate: "2026-08-09",
      updatedAt: null,
    });
  });

  it("saves the row 'main' with whole days in the store's time zone and shows it on Home", async () => {
    expect(await save({ couponCode: "save15" })).toEqual({ ok: true });
    const [row] = await db().select().from(announcements);
    expect(row).toMatchObject({ name: "main", couponCode: "SAVE15", backgroundColor: "blue" });
    expect(row!.startDate!.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(row!.endDate!.toISOString()).toBe("2026-08-01T06:59:59.999Z");
    expect(await getAnnouncementSettings(TZ, NOW)).toMatchObject({
      startDate: "2026-07-01",
      endDate: "2026-07-31",
      couponCode: "SAVE15",
    });
    const live = await getLiveAnnouncement(NOW);
    expect(live).toMatchObject({
      text: "Summer sale on now - Use code: SAVE15",
      background: "#1d4ed8",
    });
    // 31 July 23:59 local is still in; 1 August 00:00 local is not.
    expect(await getLiveAnnouncement(new Date("2026-08-01T06:59:00Z"))).toBeDefined();
    expect(await getLiveAnnouncement(new Date("2026-08-01T07:00:00Z"))).toBeUndefined();
  });

  it("lists every coupon from the coupons table and refuses a code that is not there", async () => {
    expect((await listAnnouncementCoupons()).map((c) => c.code)).toEqual(["SAVE15", "WEEKEND25"]);
    expect(await save({ couponCode: "NOPE10" })).toEqual({
      ok: false,
      status: 400,
      message: "There is no coupon NOPE10.",
      errors: { couponCode: "There is no coupon NOPE10." },
    });
    expect(await db().select().from(announcements)).toHaveLength(0);
  });

  it("refuses an end before the start, an over-long message, an empty one and an unknown colour", async () => {
    const messages = async (overrides: Record<string, string>) => {
      const result = await save(overrides);
      return "issues" in result ? result.issues.map((i) => i.message) : [];
    };
    expect(await messages({ startDate: "2026-07-31", endDate: "2026-07-01" })).toEqual([
      "The end date must be on or after the start date.",
    ]);
    expect(await messages({ message: "x".repeat(201) })).toEqual(["At most 200 characters."]);
    expect(await messages({ message: "  " })).toEqual(["Please enter the announcement message."]);
    expect(await messages({ backgroundColor: "teal" })).toEqual([
      "Choose one of the listed colours.",
    ]);
    expect(await messages({ startDate: "2026-02-31" })).toEqual(["This date does not exist."]);
    expect(await db().select().from(announcements)).toHaveLength(0);
  });

  it("a changed message gets a new dismissal key, so visitors who dismissed the old one see it", async () => {
    await save();
    const first = await getLiveAnnouncement(NOW);
    await save({ message: "Summer sale: 20% off edibles" });
    const second = await getLiveAnnouncement(NOW);
    expect(second!.id).not.toBe(first!.id);
    await save({ message: "Summer sale: 20% off edibles", backgroundColor: "red" });
    expect((await getLiveAnnouncement(NOW))!.id).toBe(second!.id);
  });

  it("saves the French message (empty: the English is shown), in the audit entry, kept when not sent", async () => {
    expect(await save({ messageFr: "  Soldes d’été en cours " })).toEqual({ ok: true });
    expect(await getAnnouncementSettings(TZ, NOW)).toMatchObject({
      message: "Summer sale on now",
      messageFr: "Soldes d’été en cours",
    });
    await save({ messageFr: "Soldes d’été\u00a0: 20\u00a0% de rabais" });
    const entries = await db()
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.area, "announcements"));
    expect(entries.find((e) => e.action === "update")?.changes).toEqual({
      messageFr: ["Soldes d’été en cours", "Soldes d’été\u00a0: 20\u00a0% de rabais"],
    });
    // A post without the field keeps it; an empty one clears it.
    await save({ message: "Summer sale, last days" });
    expect((await getAnnouncementSettings(TZ, NOW)).messageFr).toBe(
      "Soldes d’été\u00a0: 20\u00a0% de rabais",
    );
    await save({ messageFr: "" });
    const [row] = await db().select().from(announcements);
    expect(row!.messageFr).toBe("");
    // The English message's rules: one line, at most 200 characters.
    const refused = AnnouncementSchema.safeParse(form({ messageFr: "x".repeat(201) }));
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["messageFr"], "At most 200 characters."],
    ]);
    expect(
      AnnouncementSchema.safeParse(form({ messageFr: "Ligne un\nligne deux" })).error?.issues[0]
        ?.message,
    ).toBe("The French message must be on one line.");
  });

  it("says on the admin when the French message names a code checkout would refuse", async () => {
    await save({ messageFr: "Soldes d’été avec le code WEEKEND25" });
    const admin = await createAdminUser({
      username: "bar-owner",
      password: "owner-pass-1",
      role: "owner",
    });
    const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
    const loaded = (await callRoute(
      announcementsRoute,
      "loader",
      new Request("http://store.test/budzadmin/dashboard/pages/announcements", {
        headers: { Cookie: cookie },
      }),
    )) as Awaited<ReturnType<typeof announcementsRoute.loader>>;
    expect(loaded.saved.messageFr).toBe("Soldes d’été avec le code WEEKEND25");
    expect(loaded.hiddenBecause).toMatch(
      /^French message: Hidden from shoppers: the code WEEKEND25/,
    );
  });

  it("status: showing now, scheduled, ended, inactive", async () => {
    const rule = {
      id: "main",
      isActive: true,
      startDate: "2026-07-01T07:00:00Z",
      endDate: "2026-08-01T06:59:59Z",
    };
    expect(announcementStatus(rule, NOW)).toBe("showing");
    expect(announcementStatus(rule, new Date("2026-06-30T12:00:00Z"))).toBe("scheduled");
    expect(announcementStatus(rule, new Date("2026-08-02T12:00:00Z"))).toBe("ended");
    expect(announcementStatus({ ...rule, isActive: false }, NOW)).toBe("inactive");
    await save({ isActive: "" });
    expect(await getLiveAnnouncement(NOW)).toBeUndefined();
  });
});
