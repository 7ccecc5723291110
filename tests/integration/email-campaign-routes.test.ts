import { eq } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import * as audienceRoute from "~/routes/admin/emails/audience";
import * as composeRoute from "~/routes/admin/emails/edit";
import * as clickRoute from "~/routes/resources/email-click";
import * as openRoute from "~/routes/resources/email-open";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { composeMessages } from "~/server/email/mailing-body.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { emailCampaigns, emailOutbox } from "~/server/db-tables";
import { fillSampleIdentity } from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

/**
 * The Emails screen's loaders and actions and the tracking routes, as the server calls them
 * (callRoute: the admin guard for the screen's URLs, then the route).
 */
const ORIGIN = "http://store.test";
let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  // The store has the sample identity (a postal address, which every mailing needs).
  await fillSampleIdentity();
  const admin = await createAdminUser({
    username: "mailer",
    password: "mailer-pass-1",
    role: "manager",
  });
  cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
});

function post(url: string, fields: Record<string, string>) {
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN },
    body: new URLSearchParams(fields),
  });
}
const get = (url: string) => new Request(`${ORIGIN}${url}`, { headers: { Cookie: cookie } });
type Answer = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

const FORM = { name: "Fall sale", subject: "Fall", audience: "subscribers" };

describe("compose", () => {
  it("refuses a 1 MB body with a 400 and the limit, storing nothing", async () => {
    const answer = (await callRoute(
      composeRoute,
      "action",
      post("/budzadmin/dashboard/emails/new", {
        ...FORM,
        intent: "save",
        bodyHtml: "<p>".padEnd(1024 * 1024, "x"),
      }),
    )) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data?.errors?.bodyHtml).toMatch(/too long: at most 200,000 characters/);
    expect(await db().select().from(emailCampaigns)).toHaveLength(0);
  });

  it("refuses an invalid schedule time and an unknown template with messages", async () => {
    const past = (await callRoute(
      composeRoute,
      "action",
      post("/budzadmin/dashboard/emails/new", {
        ...FORM,
        intent: "schedule",
        bodyHtml: "<p>Hi</p>",
        sendAt: "2020-01-01T10:00",
      }),
    )) as Answer;
    expect(past.init?.status).toBe(400);
    expect(past.data?.errors?.sendAt).toBe("Choose a time in the future");

    for (const id of ["not-a-uuid", crypto.randomUUID()]) {
      const error = await thrown(() =>
        callRoute(composeRoute, "loader", get(`/budzadmin/dashboard/emails/new?template=${id}`)),
      );
      expect(isRouteErrorResponse(error) || (error as { init?: unknown }).init).toBeTruthy();
      const e = error as { init?: { status?: number }; data?: { message?: string } };
      expect(e.init?.status).toBe(404);
      expect(e.data?.message).toMatch(/template does not exist/);
    }
  });

  it("sends a test to one address without saving or tracking it", async () => {
    const missing = (await callRoute(
      composeRoute,
      "action",
      post("/budzadmin/dashboard/emails/new", {
        ...FORM,
        intent: "test",
        bodyHtml: "<p>Hi</p>",
      }),
    )) as Answer;
    expect(missing.init?.status).toBe(400);
    expect(missing.data?.errors?.testEmail).toBe("Please enter a test email address");
    const sent = (await callRoute(
      composeRoute,
      "action",
      post("/budzadmin/dashboard/emails/new", {
        ...FORM,
        intent: "test",
        bodyHtml: '<p>Hi <a href="https://budz.example/">shop</a></p>',
        testEmail: "Me@Example.com",
      }),
    )) as { testSent: string };
    expect(sent.testSent).toBe("Test email sent to me@example.com.");
    const rows = await db().select().from(emailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "campaign_test",
      toAddress: "me@example.com",
      subject: "[TEST] Fall",
      campaignId: null,
    });
    expect(rows[0]!.html).not.toContain("/email/click/");
    expect(await db().select().from(emailCampaigns)).toHaveLength(0);
  });

  it("saves a draft with a toast, sends it and gives the live count", async () => {
    await subscribeToNewsletter({ email: "one@example.com", source: "footer" });
    const count = (await callRoute(
      audienceRoute,
      "loader",
      get("/budzadmin/dashboard/emails/audience?audience=never-ordered"),
    )) as Response;
    expect(await count.json()).toEqual({ count: 1 });

    const saved = (await callRoute(
      composeRoute,
      "action",
      post("/budzadmin/dashboard/emails/new", {
        ...FORM,
        intent: "send",
        bodyHtml: '<p>Hi <a href="https://budz.example/fall">shop</a></p><script>x()</script>',
      }),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/budzadmin/dashboard/emails");
    const [row] = await composeMessages(await db().select().from(emailOutbox));
    expect(row!.html).not.toContain("<script");

    // The tracking routes: the pixel is a no-store GIF; the link redirects to the campaign's URL.
    const pixel = (await callRoute(
      openRoute,
      "loader",
      new Request(`${ORIGIN}/email/open/${row!.trackingToken}`),
      { token: row!.trackingToken },
    )) as Response;
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("Content-Type")).toBe("image/gif");
    expect(pixel.headers.get("Cache-Control")).toContain("no-store");
    const forged = (await callRoute(
      openRoute,
      "loader",
      new Request(`${ORIGIN}/email/open/forged`),
      { token: "forged0000000000000000" },
    )) as Response;
    expect(forged.status).toBe(404);

    const click = (await callRoute(
      clickRoute,
      "loader",
      new Request(`${ORIGIN}/email/click/${row!.trackingToken}/0`),
      { token: row!.trackingToken, n: "0" },
    )) as Response;
    expect(click.status).toBe(302);
    expect(click.headers.get("Location")).toBe("https://budz.example/fall");
    const outOfRange = (await callRoute(
      clickRoute,
      "loader",
      new Request(`${ORIGIN}/email/click/${row!.trackingToken}/1`),
      { token: row!.trackingToken, n: "1" },
    )) as Answer & { data?: { message?: string } };
    expect(outOfRange.init?.status).toBe(404);
    expect((outOfRange.data as { message?: string }).message).toMatch(/link is not valid/);
    const [after] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after!.clickedAt).not.toBeNull();
    expect(after!.openedAt).not.toBeNull();
  });
});
