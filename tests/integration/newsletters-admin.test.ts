import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as newslettersScreen from "~/routes/admin/newsletters/list";
import { NEWSLETTER_MESSAGES } from "~/schemas/newsletters";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { composeMessages } from "~/server/email/mailing-body.server";
import {
  getLatestNewsletterProgress,
  getNewsletterStats,
  listNewsletterLog,
  removeSubscriber,
  sendNewsletter,
} from "~/server/marketing/newsletter-admin.server";
import { getNewsletterStatus, subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { listSubscribers } from "~/server/marketing/subscriber-list.server";
import { customers, emailOutbox } from "~/server/db-tables";
import { fillSampleIdentity } from "~/server/settings/store-settings.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const ORIGIN = "http://store.test";
type Answer = { data?: { ok?: boolean; errors?: Record<string, string> }; init?: ResponseInit };

let cookie = "";

function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return new Request(`${ORIGIN}/budzadmin/dashboard/newsletters`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN },
    body,
  });
}
const call = (fields: Record<string, string>) =>
  callRoute(newslettersScreen, "action", post(fields)) as Promise<Answer>;

async function subscribe(email: string, source: "footer" | "checkout" = "footer") {
  await subscribeToNewsletter({ email, source });
}

async function setStatuses(statuses: string[]) {
  const rows = await db().select({ id: emailOutbox.id }).from(emailOutbox);
  for (const [i, row] of rows.entries())
    await db().execute(
      sql`update email_outbox set status = ${statuses[i % statuses.length]} where id = ${row.id}`,
    );
}

beforeEach(async () => {
  await resetDatabase();
  // The store has the sample identity (a postal address, which every mailing needs).
  await fillSampleIdentity();
  const admin = await createAdminUser({
    username: "news-staff",
    password: "staff-pass-1",
    role: "manager",
  });
  cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
});

describe("newsletter figures", () => {
  it("counts subscribers, active customers, and the success rate over everything logged", async () => {
    expect(await getNewsletterStats()).toMatchObject({
      subscribers: 0,
      sent: 0,
      logged: 0,
      successRate: 0,
    });
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) await subscribe(email);
    await db()
      .insert(customers)
      .values([
        { name: "A", email: "A@example.com" },
        { name: "B", email: "b@example.com", status: "inactive" },
      ]);
    const sent = await sendNewsletter({ subject: "Hi", body: "<p>Hi</p>", actor: testActor() });
    expect(sent).toMatchObject({ ok: true, queued: 3 });
    expect(await getNewsletterStats()).toMatchObject({
      subscribers: 3,
      activeCustomers: 1,
      sent: 0,
      logged: 3,
      inProgress: 3,
    });
    await setStatuses(["sent", "sent", "bounced"]);
    const stats = await getNewsletterStats();
    expect(stats).toMatchObject({ sent: 2, failedOrBounced: 1, logged: 3, inProgress: 0 });
    expect(stats.successRate).toBe(67);
    const progress = await getLatestNewsletterProgress();
    expect(progress).toMatchObject({ subject: "Hi", total: 3, sent: 2, failed: 1, pending: 0 });
    expect(progress!.mailingId).toBe(sent.ok ? sent.mailingId : "");
    expect(await listNewsletterLog()).toHaveLength(3);
  });

  it("refuses to send with nobody subscribed (with its message)", async () => {
    expect(await sendNewsletter({ subject: "Hi", body: "<p>Hi</p>", actor: testActor() })).toEqual({
      ok: false,
      message: NEWSLETTER_MESSAGES.noRecipients,
    });
  });
});

describe("subscribers", () => {
  it("lists consent time and source, searches by email prefix, and removes on record", async () => {
    await subscribe("ana@example.com", "checkout");
    await subscribe("ben@example.com");
    await subscribe("ana_b@example.com");
    const all = await listSubscribers({ q: "", page: 1, who: "subscribed" });
    expect(all.total).toBe(3);
    expect(all.rows[0]).toMatchObject({ email: "ana_b@example.com", source: "footer" });
    // "_" is a literal, not a LIKE wildcard.
    const found = await listSubscribers({ q: "ANA_", page: 1, who: "all" });
    expect(found.rows.map((r) => r.email)).toEqual(["ana_b@example.com"]);

    const ana = all.rows.find((r) => r.email === "ana@example.com")!;
    expect(await removeSubscriber(ana.id, testActor())).toEqual({
      ok: true,
      email: "ana@example.com",
    });
    expect(await removeSubscriber(ana.id, testActor())).toMatchObject({ ok: false });
    expect((await getNewsletterStatus("ana@example.com")).subscribed).toBe(false);
    expect((await listSubscribers({ q: "", page: 1, who: "subscribed" })).total).toBe(2);
    const gone = await listSubscribers({ q: "", page: 1, who: "unsubscribed" });
    expect(gone.rows.map((r) => r.email)).toEqual(["ana@example.com"]);
    expect(gone.rows[0]!.unsubscribedAt).toBeInstanceOf(Date);
  });
});

describe("the Newsletters route as the server calls it", () => {
  // Visitors without a session: tests/integration/admin-routes.test.ts walks this route too.
  it("answers bad input with a 4xx and the form's messages, never a 500", async () => {
    await subscribe("a@example.com");
    const empty = await call({ intent: "send", subject: " ", body: "<p>x</p>" });
    expect(empty.init?.status).toBe(400);
    expect(empty.data?.errors?.form).toBe(NEWSLETTER_MESSAGES.required);
    const huge = await call({ intent: "send", subject: "Big", body: "x".repeat(1_000_000) });
    expect(huge.init?.status).toBe(400);
    expect(huge.data?.errors?.body).toMatch(/At most/);
    const noAddress = await call({ intent: "test", subject: "s", body: "b", testEmail: "" });
    expect(noAddress.data?.errors?.testEmail).toBe(NEWSLETTER_MESSAGES.testRequired);
    const badAddress = await call({ intent: "test", subject: "s", body: "b", testEmail: "nope" });
    expect(badAddress.data?.errors?.testEmail).toBe(NEWSLETTER_MESSAGES.testInvalid);
    expect((await call({ intent: "remove", id: "not-a-uuid" })).init?.status).toBe(404);
    expect((await call({ intent: "explode" })).init?.status).toBe(400);
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });

  it("queues a sanitised newsletter and a test, each with a toast", async () => {
    await subscribe("a@example.com");
    const sent = await call({
      intent: "send",
      subject: "News",
      body: '<p onclick="steal()">Hello<script>alert(1)</script></p>',
    });
    expect(sent.data?.ok).toBe(true);
    expect(new Headers(sent.init?.headers).get("Set-Cookie")).toContain("budz_admin_flash");
    const test = await call({
      intent: "test",
      subject: "News",
      body: "<p>Hello</p>",
      testEmail: "Owner@Example.com",
    });
    expect(test.data?.ok).toBe(true);
    const rows = await db().select().from(emailOutbox);
    expect(rows.map((r) => [r.kind, r.toAddress, r.subject]).sort()).toEqual([
      ["newsletter", "a@example.com", "News"],
      ["newsletter_test", "owner@example.com", "[TEST] News"],
    ]);
    for (const row of await composeMessages(rows))
      expect(row.html).not.toMatch(/onclick|<script|alert\(1\)/);
  });
});
