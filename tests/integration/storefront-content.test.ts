import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_THANKS } from "~/lib/newsletter";
import {
  announcementHiddenBecause,
  getLiveAnnouncement,
} from "~/server/content/announcements.server";
import { getPublishedPage } from "~/server/content/pages.server";
import { db } from "~/server/db.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { announcements, coupons, newsletterSubscribers, pages } from "~/server/db-tables";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import * as newsletterRoute from "~/routes/resources/newsletter";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const DAY = 86_400_000;

beforeEach(async () => {
  await resetDatabase();
});

describe("announcement", () => {
  async function setMain(values: Partial<typeof announcements.$inferInsert>) {
    await db()
      .insert(announcements)
      .values({ name: "main", message: "Big sale", ...values });
  }

  it("shows an active announcement within its dates, with the code appended and colour mapped", async () => {
    const now = new Date();
    await db().insert(coupons).values({ code: "SAVE15", type: "percentage", value: 15 });
    await setMain({
      couponCode: "SAVE15",
      backgroundColor: "purple",
      startDate: new Date(now.getTime() - DAY),
      endDate: new Date(now.getTime() + DAY),
    });
    const live = await getLiveAnnouncement(now);
    expect(live?.text).toBe("Big sale - Use code: SAVE15");
    expect(live?.background).toBe("#7e22ce");
  });

  it("is hidden when inactive, not yet started or ended", async () => {
    const now = new Date();
    await setMain({ isActive: false });
    expect(await getLiveAnnouncement(now)).toBeUndefined();
    await db()
      .update(announcements)
      .set({ isActive: true, startDate: new Date(now.getTime() + DAY) });
    expect(await getLiveAnnouncement(now)).toBeUndefined();
    await db()
      .update(announcements)
      .set({ startDate: null, endDate: new Date(now.getTime() - 1000) });
    expect(await getLiveAnnouncement(now)).toBeUndefined();
  });

  it("is hidden while a code it offers is one checkout would refuse, and says why", async () => {
    const now = new Date();
    await setMain({ message: "New customers save 20%", couponCode: "WELCOME20" });
    const hidden = async () => (await getLiveAnnouncement(now)) === undefined;
    const reason = async () =>
      announcementHiddenBecause((await db().select().from(announcements))[0]!, now);
    // A fresh store's code that no coupon has: hidden, and the admin reads why.
    expect(await hidden()).toBe(true);
    expect(await reason()).toMatch(/^Hidden from shoppers: the code WELCOME20 is not a coupon/);
    await db()
      .insert(coupons)
      .values({ code: "WELCOME20", type: "percentage", value: 20, isActive: false });
    expect(await reason()).toMatch(/WELCOME20 is switched off/);
    await db()
      .update(coupons)
      .set({ isActive: true, endDate: new Date(now.getTime() - DAY) });
    expect(await reason()).toMatch(/WELCOME20 has expired/);
    await db().update(coupons).set({ endDate: null, maxUses: 5, usedCount: 5 });
    expect(await reason()).toMatch(/WELCOME20 has reached its usage limit/);
    await db().update(coupons).set({ maxUses: null });
    expect(await hidden()).toBe(false);
    // A code named in the message counts too.
    await db().update(announcements).set({ message: "Use code SPRING10 today" });
    expect(await reason()).toMatch(/the code SPRING10 is not a coupon/);
    expect(await hidden()).toBe(true);
  });

  it("is undefined when no row named main exists", async () => {
    expect(await getLiveAnnouncement()).toBeUndefined();
  });
});

describe("content pages", () => {
  it("serves the seeded pages sanitised, and hides unpublished ones", async () => {
    await insertDefaultContent();
    // A store started without sample data offers nothing it has not set up: no announcement.
    expect(await db().select().from(announcements)).toEqual([]);
    const contact = await getPublishedPage("contact");
    // Contact details come from Settings (the page's card), never from text seeded into the page.
    expect(contact?.content).toContain("We are here to help");
    expect(contact?.content).not.toContain("604-555-0199");
    await db()
      .update(pages)
      .set({ content: '<p onclick="steal()">Hi<script>alert(1)</script></p>' })
      .where(eq(pages.slug, "about"));
    expect((await getPublishedPage("about"))?.content).toBe("<p>Hi</p>");
    await db().update(pages).set({ isPublished: false }).where(eq(pages.slug, "faq"));
    expect(await getPublishedPage("faq")).toBeUndefined();
  });
});

describe("newsletter", () => {
  it("records the subscriber with consent time and source; a repeat address is not an error", async () => {
    const first = await subscribeToNewsletter({ email: " Jo@Example.com ", source: "footer" });
    expect(first).toEqual({ ok: true, message: NEWSLETTER_THANKS });
    const again = await subscribeToNewsletter({ email: "jo@example.com", source: "footer" });
    expect(again.ok).toBe(true);
    const rows = await db().select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "jo@example.com", source: "footer" });
    expect(rows[0]!.consentedAt).toBeInstanceOf(Date);
    expect(rows[0]!.unsubscribeToken.length).toBeGreaterThan(20);
  });

  it("subscribes a former subscriber again with a fresh consent time", async () => {
    await subscribeToNewsletter({ email: "sam@example.com", source: "footer", now: new Date(0) });
    await db().execute(sql`update newsletter_subscribers set unsubscribed_at = now()`);
    await subscribeToNewsletter({ email: "SAM@example.com", source: "footer" });
    const [row] = await db().select().from(newsletterSubscribers);
    expect(row!.unsubscribedAt).toBeNull();
    expect(row!.consentedAt.getTime()).toBeGreaterThan(0);
  });

  it("refuses a missing or malformed address with a clear message", async () => {
    expect(await subscribeToNewsletter({ email: "", source: "footer" })).toEqual({
      ok: false,
      message: "Please enter your email address.",
    });
    expect(await subscribeToNewsletter({ email: "not-an-email", source: "footer" })).toEqual({
      ok: false,
      message: "Please enter a valid email address.",
    });
    expect(await subscribeToNewsletter({ email: null, source: "footer" })).toMatchObject({
      ok: false,
    });
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });
});

describe("footer newsletter form (POST /newsletter)", () => {
  const post = (email: string, headers: Record<string, string> = {}) =>
    callRoute(
      newsletterRoute,
      "action",
      new Request("http://localhost:3000/newsletter", {
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: { Origin: "http://localhost:3000", ...headers },
      }),
    );

  it("stores the subscriber from the footer and answers with the thank-you message", async () => {
    const result = (await post("footer@example.com")) as { data: unknown; init: ResponseInit };
    expect(result.data).toEqual({ ok: true, message: NEWSLETTER_THANKS });
    const [row] = await db().select().from(newsletterSubscribers);
    expect(row).toMatchObject({ email: "footer@example.com", source: "footer" });
  });

  it("sends a plain form post (no JavaScript) back to the page with the thank-you flag", async () => {
    const response = (await post("nojs@example.com", {
      "Sec-Fetch-Mode": "navigate",
      Referer: "http://localhost:3000/about?x=1",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about?x=1&subscribed=1#newsletter");
  });

  it("answers 400 with the message for a bad address, and refuses cross-site posts", async () => {
    const bad = (await post("nope")) as { data: unknown; init: ResponseInit };
    expect(bad.init.status).toBe(400);
    await expect(post("x@example.com", { Origin: "https://evil.example" })).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });
});
