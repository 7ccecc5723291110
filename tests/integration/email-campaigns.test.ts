import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { zonedParts } from "~/lib/dates";
import { CampaignFormSchema } from "~/schemas/campaigns";
import { db } from "~/server/db.server";
import { composeMessages } from "~/server/email/mailing-body.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import {
  CAMPAIGN_ALREADY_SENT,
  CAMPAIGN_LOCKED,
  cancelCampaignSchedule,
  deleteCampaignDraft,
  EMPTY_AUDIENCE,
  saveCampaign,
  sendDueCampaigns,
} from "~/server/marketing/campaign-admin.server";
import {
  getCampaign,
  getCampaignStats,
  listCampaigns,
} from "~/server/marketing/campaign-list.server";
import { recordEmailClick, recordEmailOpen } from "~/server/marketing/campaign-tracking.server";
import {
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplate,
  updateEmailTemplate,
} from "~/server/marketing/email-templates.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { emailCampaigns, emailOutbox } from "~/server/db-tables";
import { fillSampleIdentity } from "~/server/settings/store-settings.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";

const TZ = "America/Vancouver";
const BODY =
  '<h1>Sale</h1><p onclick="steal()">Shop <a href="https://shop.example/sale?a=1&amp;b=2">now</a> or <a href="https://shop.example/faq">read</a> <a href="https://shop.example/sale?a=1&amp;b=2">again</a></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';

function input(fields: Record<string, string> = {}) {
  return CampaignFormSchema.parse({
    intent: "save",
    name: "Spring sale",
    subject: "20% off",
    audience: "subscribers",
    bodyHtml: BODY,
    ...fields,
  });
}

async function subscribers(n: number) {
  for (let i = 0; i < n; i++)
    await subscribeToNewsletter({ email: `fan${i}@example.com`, source: "footer" });
}

async function draft(fields: Record<string, string> = {}) {
  const result = await saveCampaign({ input: input(fields), timeZone: TZ, actor: testActor() });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.id;
}

const outboxOf = (campaignId: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.campaignId, campaignId));

/**
 * "2030-01-02T09:30" style wall-clock text for a moment `minutes` from now in TZ, with the server's
 * tz data (zonedParts), not Node's ICU (whose older data puts Vancouver an hour off from Nov 2026).
 */
function localIn(minutes: number) {
  const p = zonedParts(new Date(Date.now() + minutes * 60_000), TZ);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

beforeEach(async () => {
  await resetDatabase();
  // The store has the sample identity (a postal address, which every campaign needs).
  await fillSampleIdentity();
});

describe("drafts", () => {
  it("stores a draft with its HTML sanitised; only the name is required", async () => {
    const id = await draft();
    const campaign = (await getCampaign(id))!;
    expect(campaign).toMatchObject({ status: "draft", name: "Spring sale", subject: "20% off" });
    expect(campaign.bodyHtml).not.toMatch(/script|onclick|javascript:/i);
    expect(campaign.bodyHtml).toContain('href="https://shop.example/faq"');

    const bare = CampaignFormSchema.safeParse({
      intent: "save",
      name: "",
      audience: "subscribers",
    });
    expect(bare.success).toBe(false);
    const onlyName = CampaignFormSchema.safeParse({
      intent: "save",
      name: "Later",
      audience: "subscribers",
    });
    expect(onlyName.success).toBe(true);
    const sendEmpty = CampaignFormSchema.safeParse({
      intent: "send",
      name: "Later",
      audience: "subscribers",
    });
    expect(sendEmpty.error?.issues.map((i) => i.path[0])).toEqual(["subject", "bodyHtml"]);
  });

  it("refuses a body over the limit and an invalid day count with messages", () => {
    const big = CampaignFormSchema.safeParse({
      name: "Big",
      audience: "subscribers",
      bodyHtml: "x".repeat(1024 * 1024),
    });
    expect(big.error?.issues[0]?.message).toMatch(/too long: at most 200,000 characters/);
    const days = CampaignFormSchema.safeParse({
      name: "Recent",
      audience: "ordered-within",
      days: "0",
    });
    expect(days.error?.issues[0]?.message).toMatch(/number of days from 1/);
  });

  it("edits a draft; a scheduled or sent campaign is no longer editable", async () => {
    await subscribers(1);
    const id = await draft();
    const edited = await saveCampaign({
      id,
      input: input({ name: "Renamed" }),
      timeZone: TZ,
      actor: testActor(),
    });
    expect(edited.ok).toBe(true);
    expect((await getCampaign(id))!.name).toBe("Renamed");

    const scheduled = await saveCampaign({
      id,
      input: input({ intent: "schedule", name: "Renamed", sendAt: localIn(60) }),
      timeZone: TZ,
      actor: testActor(),
    });
    expect(scheduled).toMatchObject({ ok: true, status: "scheduled" });
    const locked = await saveCampaign({
      id,
      input: input({ name: "Again" }),
      timeZone: TZ,
      actor: testActor(),
    });
    expect(locked).toEqual({ ok: false, status: 409, errors: { form: CAMPAIGN_LOCKED } });
    expect(await deleteCampaignDraft(id, testActor())).toMatchObject({ ok: false, status: 409 });

    expect(await cancelCampaignSchedule(id, testActor())).toEqual({ ok: true, name: "Renamed" });
    expect((await getCampaign(id))!).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await deleteCampaignDraft(id, testActor())).toEqual({ ok: true, name: "Renamed" });
    expect(await getCampaign(id)).toBeUndefined();
    const gone = await saveCampaign({ id, input: input(), timeZone: TZ, actor: testActor() });
    expect(gone).toMatchObject({ ok: false, status: 404 });
  });
});

describe("sending", () => {
  it("queues one tracked message per subscriber, exactly once", async () => {
    await subscribers(3);
    const id = await draft();
    const sent = await saveCampaign({
      id,
      input: input({ intent: "send" }),
      timeZone: TZ,
      actor: testActor(),
    });
    expect(sent).toMatchObject({ ok: true, status: "sent", queued: 3 });
    const campaign = (await getCampaign(id))!;
    expect(campaign.status).toBe("sent");
    expect(campaign.links).toEqual([
      "https://shop.example/sale?a=1&b=2",
      "https://shop.example/faq",
    ]);

    const rows = await composeMessages(await outboxOf(id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.kind).toBe("campaign");
      expect(row.html).toContain(`/email/click/${row.trackingToken}/0"`);
      expect(row.html).toContain(`/email/click/${row.trackingToken}/1"`);
      expect(row.html).toContain(`/email/open/${row.trackingToken}"`);
      expect(row.html).not.toContain("{{tracking_token}}");
      expect(row.html).not.toMatch(/<script|onclick|javascript:/i);
    }
    expect(new Set(rows.map((r) => r.toAddress)).size).toBe(3);

    const again = await saveCampaign({
      id,
      input: input({ intent: "send" }),
      timeZone: TZ,
      actor: testActor(),
    });
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(await outboxOf(id)).toHaveLength(3);
    expect(await cancelCampaignSchedule(id, testActor())).toMatchObject({
      message: CAMPAIGN_ALREADY_SENT,
    });
  });

  it("refuses to send to an empty audience, saving nothing", async () => {
    const result = await saveCampaign({
      input: input({ intent: "send" }),
      timeZone: TZ,
      actor: testActor(),
    });
    expect(result).toEqual({ ok: false, status: 409, errors: { audience: EMPTY_AUDIENCE } });
    expect(await db().select().from(emailCampaigns)).toHaveLength(0);
  });
});

describe("the campaigns list", () => {
  it("searches by words of the name or subject and filters by status, on the server", async () => {
    await subscribers(2);
    await draft({ name: "Spring sale", subject: "20% off everything" });
    await draft({ name: "Fall launch", subject: "New strains are in" });
    const scheduled = await draft({ name: "Holiday hours", subject: "Spring schedule" });
    expect(
      await saveCampaign({
        id: scheduled,
        input: input({
          intent: "schedule",
          name: "Holiday hours",
          subject: "Spring schedule",
          sendAt: localIn(120),
        }),
        timeZone: TZ,
        actor: testActor(),
      }),
    ).toMatchObject({ ok: true, status: "scheduled" });
    const sent = await draft({ name: "Welcome back", subject: "A gift for you" });
    await saveCampaign({
      id: sent,
      input: input({ intent: "send", name: "Welcome back", subject: "A gift for you" }),
      timeZone: TZ,
      actor: testActor(),
    });

    const names = async (query: Parameters<typeof listCampaigns>[0]) => {
      const list = await listCampaigns(query);
      return { total: list.total, names: list.rows.map((r) => r.name) };
    };
    expect(await names({ page: 1 })).toMatchObject({ total: 4 });
    // "spr" starts a word of a name ("Spring sale") and of a subject ("Spring schedule").
    expect(await names({ page: 1, q: "spr" })).toEqual({
      total: 2,
      names: ["Holiday hours", "Spring sale"],
    });
    expect(await names({ page: 1, q: "STRAINS" })).toEqual({ total: 1, names: ["Fall launch"] });
    expect(await names({ page: 1, q: "spring sched" })).toEqual({
      total: 1,
      names: ["Holiday hours"],
    });
    expect(await names({ page: 1, q: "%'); drop" })).toEqual({ total: 0, names: [] });
    expect(await names({ page: 1, q: "  !!  " })).toMatchObject({ total: 4 });
    expect(await names({ page: 1, status: "draft" })).toEqual({
      total: 2,
      names: ["Fall launch", "Spring sale"],
    });
    expect(await names({ page: 1, status: "scheduled" })).toEqual({
      total: 1,
      names: ["Holiday hours"],
    });
    const sentList = await listCampaigns({ page: 1, status: "sent" });
    expect(sentList.rows.map((r) => [r.name, r.figures.queued])).toEqual([["Welcome back", 2]]);
    expect(await names({ page: 1, status: "draft", q: "spring" })).toEqual({
      total: 1,
      names: ["Spring sale"],
    });
    // A page past the end shows the last page.
    expect((await listCampaigns({ page: 9, pageSize: 1, status: "draft" })).page).toBe(2);
  });
});

describe("scheduling", () => {
  it("refuses a time in the past or not a real time", async () => {
    for (const sendAt of [localIn(-5), "2026-02-31T10:00", "soon", ""]) {
      const parsed = CampaignFormSchema.safeParse({
        intent: "schedule",
        name: "x",
        subject: "y",
        audience: "subscribers",
        bodyHtml: "<p>z</p>",
        sendAt,
      });
      if (!parsed.success) {
        expect(parsed.error.issues[0]!.path).toEqual(["sendAt"]);
        continue;
      }
      const result = await saveCampaign({ input: parsed.data, timeZone: TZ, actor: testActor() });
      expect(result).toEqual({
        ok: false,
        status: 400,
        errors: { sendAt: "Choose a time in the future" },
      });
    }
    expect(await db().select().from(emailCampaigns)).toHaveLength(0);
  });

  it("reads the time in the store's time zone and sends it once when due, even with two workers", async () => {
    await subscribers(4);
    // The next 15 January, always within the two years a schedule may reach. Vancouver keeps
    // UTC−7 all year from Nov 1, 2026 (tz data 2026f), so 9:30 there is 16:30 UTC.
    const now = new Date();
    const year =
      now.getUTCFullYear() + (now < new Date(Date.UTC(now.getUTCFullYear(), 0, 14)) ? 0 : 1);
    const result = await saveCampaign({
      input: input({ intent: "schedule", sendAt: `${year}-01-15T09:30` }),
      timeZone: TZ,
      actor: testActor(),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.scheduledAt!.toISOString()).toBe(`${year}-01-15T16:30:00.000Z`);
    expect(await sendDueCampaigns()).toBe(0);
    expect(await outboxOf(result.id)).toHaveLength(0);

    await db()
      .update(emailCampaigns)
      .set({ scheduledAt: sql`now() - interval '1 minute'` })
      .where(eq(emailCampaigns.id, result.id));
    const runs = await Promise.all([sendDueCampaigns(), sendDueCampaigns(), sendDueCampaigns()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await outboxOf(result.id)).toHaveLength(4);
    expect((await getCampaign(result.id))!.status).toBe("sent");
    expect(await sendDueCampaigns()).toBe(0);
    expect(await outboxOf(result.id)).toHaveLength(4);
  });
});

describe("tracking", () => {
  async function sentCampaign(recipients = 2) {
    await subscribers(recipients);
    const id = await draft();
    await saveCampaign({ id, input: input({ intent: "send" }), timeZone: TZ, actor: testActor() });
    await db().update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.campaignId, id));
    return { id, rows: await outboxOf(id) };
  }

  it("counts an open once per recipient and ignores forged tokens", async () => {
    const { id, rows } = await sentCampaign();
    const token = rows[0]!.trackingToken;
    expect(await recordEmailOpen(token)).toBe(true);
    const [first] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, rows[0]!.id));
    expect(first!.openedAt).not.toBeNull();
    expect(await recordEmailOpen(token)).toBe(true);
    const [second] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, rows[0]!.id));
    expect(second!.openedAt).toEqual(first!.openedAt);

    expect(await recordEmailOpen("forged-token-forged-token-forged1")).toBe(false);
    expect(await recordEmailOpen("<script>")).toBe(false);
    expect((await getCampaign(id))!.figures).toMatchObject({ sent: 2, opened: 1, openRate: 50 });
  });

  it("redirects only to the campaign's own links and counts a click once", async () => {
    const { id, rows } = await sentCampaign();
    const token = rows[1]!.trackingToken;
    expect(await recordEmailClick(token, "1")).toBe("https://shop.example/faq");
    expect(await recordEmailClick(token, "0")).toBe("https://shop.example/sale?a=1&b=2");
    expect(await recordEmailClick(token, "2")).toBeUndefined();
    expect(await recordEmailClick(token, "-1")).toBeUndefined();
    expect(await recordEmailClick(token, "https://evil.example")).toBeUndefined();
    expect(await recordEmailClick("forged-token-forged-token-forged1", "0")).toBeUndefined();

    // A message that is not a campaign's (an order email) has no links to redirect to.
    const other = await db().transaction((tx) =>
      enqueueEmail(tx, {
        kind: "order_confirmation",
        to: "a@example.com",
        subject: "s",
        html: "",
        text: "",
      }),
    );
    const [orderRow] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, other.id));
    expect(await recordEmailClick(orderRow!.trackingToken, "0")).toBeUndefined();

    const figures = (await getCampaign(id))!.figures;
    expect(figures).toMatchObject({ clicked: 1, opened: 1, clickRate: 50, openRate: 50 });
    const stats = await getCampaignStats();
    expect(stats).toMatchObject({
      totalSubscribers: 2,
      campaignsSent: 1,
      avgOpenRate: 50,
      avgClickRate: 50,
    });
  });

  it("computes 0 for every card when nothing was sent", async () => {
    expect(await getCampaignStats()).toEqual({
      totalSubscribers: 0,
      campaignsSent: 0,
      avgOpenRate: 0,
      avgClickRate: 0,
    });
  });
});

describe("templates", () => {
  it("creates, edits and deletes, sanitising the HTML", async () => {
    const { id } = await createEmailTemplate(
      {
        name: "Monthly",
        description: "Our monthly news",
        subject: "News",
        bodyHtml: '<p onmouseover="x()">Hi</p><script>bad()</script>',
      },
      testActor(),
    );
    expect((await getEmailTemplate(id))!.bodyHtml).toBe("<p>Hi</p>");
    expect(
      await updateEmailTemplate(
        id,
        {
          name: "Monthly news",
          description: "",
          subject: "News!",
          bodyHtml: "<p>Hello</p>",
        },
        testActor(),
      ),
    ).toBe(true);
    expect(await getEmailTemplate(id)).toMatchObject({ name: "Monthly news", subject: "News!" });
    expect(await deleteEmailTemplate(id, testActor())).toEqual({ name: "Monthly news" });
    expect(await getEmailTemplate(id)).toBeUndefined();
    expect(await getEmailTemplate("not-a-uuid")).toBeUndefined();
    expect(
      await updateEmailTemplate(
        id,
        { name: "x", description: "", subject: "", bodyHtml: "" },
        testActor(),
      ),
    ).toBe(false);
  });
});
