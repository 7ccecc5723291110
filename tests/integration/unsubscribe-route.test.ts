import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as unsubscribeRoute from "~/routes/store/unsubscribe";
import { db } from "~/server/db.server";
import { getNewsletterStatus, subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { newsletterSubscribers } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const { NOT_FOUND_MESSAGE } = unsubscribeRoute;
const ORIGIN = "http://store.test";
interface Args {
  request: Request;
  params: { token: string };
  ip: string;
}

function args(
  token: string,
  init: { method?: string; origin?: string; body?: BodyInit; type?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.origin) headers.Origin = init.origin;
  if (init.type) headers["Content-Type"] = init.type;
  const request = new Request(`${ORIGIN}/unsubscribe/${token}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
  });
  return { request, params: { token }, ip: init.ip ?? "198.51.100.7" } satisfies Args;
}

/** The page's loader and action as the server calls them, from the visitor's address. */
const loader = ({ request, params, ip }: Args) =>
  callRoute(unsubscribeRoute, "loader", request, params, { clientIp: ip });
const action = ({ request, params, ip }: Args) =>
  callRoute(unsubscribeRoute, "action", request, params, { clientIp: ip });

const oneClick = (token: string, ip?: string) =>
  args(token, {
    ip,
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    type: "application/x-www-form-urlencoded",
  });

async function statusOf(run: () => Promise<unknown>) {
  try {
    const result = await run();
    // A refusal the page shows itself: data() with its status.
    const init = (result as { init?: ResponseInit }).init;
    if (init?.status)
      return {
        status: init.status,
        headers: new Headers(init.headers),
        data: (result as { data: { refused: { message: string } } }).data.refused,
      };
    return {
      status: 200,
      result: result as { link: { kind: string; email?: string }; done: boolean },
    };
  } catch (thrown) {
    const init = (thrown as { init?: ResponseInit }).init;
    return {
      status: init?.status ?? 500,
      headers: new Headers(init?.headers),
      data: (thrown as { data?: { message?: string } }).data,
    };
  }
}

let token = "";

beforeEach(async () => {
  await resetDatabase();
  await subscribeToNewsletter({ email: "reader@example.com", source: "footer" });
  const [row] = await db()
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, "reader@example.com"));
  token = row!.token;
});

describe("/unsubscribe/:token", () => {
  it("GET shows the confirm page and changes nothing (mail scanners prefetch links)", async () => {
    const { status, result } = await statusOf(() => loader(args(token)));
    expect(status).toBe(200);
    expect(result!.link).toEqual({ kind: "subscribed", email: "reader@example.com" });
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(true);
  });

  it("the page's button (same site) unsubscribes at once, and again is harmless", async () => {
    const post = () =>
      action(args(token, { method: "POST", origin: ORIGIN, body: new FormData() }));
    const first = await statusOf(post);
    expect(first.status).toBe(200);
    expect(first.result!.link).toEqual({ kind: "unsubscribed", email: "reader@example.com" });
    expect(first.result!.done).toBe(true);
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(false);
    const [{ at } = { at: null }] = await db()
      .select({ at: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers);
    expect(at).toBeInstanceOf(Date);

    expect((await statusOf(post)).status).toBe(200);
    const [again] = await db()
      .select({ at: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers);
    expect(again!.at).toEqual(at);
    const shown = await statusOf(() => loader(args(token)));
    expect(shown.result!.link.kind).toBe("unsubscribed");
  });

  it("accepts the mail client's one-click POST (RFC 8058) from another site without cookies", async () => {
    const { status } = await statusOf(() => action(oneClick(token)));
    expect(status).toBe(200);
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(false);
  });

  it("refuses any other cross-site POST", async () => {
    for (const origin of [undefined, "https://evil.example"]) {
      const body = new URLSearchParams({ other: "1" });
      const { status } = await statusOf(() =>
        action(
          args(token, { method: "POST", origin, body, type: "application/x-www-form-urlencoded" }),
        ),
      );
      expect(status).toBe(403);
    }
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(true);
  });

  it("answers a forged or malformed token with a clear 404, never a 500", async () => {
    for (const forged of [
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "x",
      "%27%20or%201%3D1",
      "a".repeat(500),
    ]) {
      for (const run of [() => loader(args(forged)), () => action(oneClick(forged))]) {
        const outcome = await statusOf(run);
        expect(outcome.status).toBe(404);
        expect(outcome.data?.message).toBe(NOT_FOUND_MESSAGE);
      }
    }
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(true);
  });

  it("explains the link of a test message and changes nothing", async () => {
    const { status, result } = await statusOf(() => action(oneClick("test")));
    expect(status).toBe(200);
    expect(result!.link.kind).toBe("test");
  });

  it("throttles one address guessing tokens (GET and POST) with a 429, and only that address", async () => {
    const guesser = "203.0.113.9";
    // Real links never count: a mail provider may fetch thousands from one address.
    for (let i = 0; i < 25; i++)
      expect((await statusOf(() => loader(args(token, { ip: guesser })))).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const forged = `forged-token-${i}-xxxxxxxx`;
      const run =
        i % 2
          ? () => loader(args(forged, { ip: guesser }))
          : () => action(oneClick(forged, guesser));
      expect((await statusOf(run)).status).toBe(404);
    }
    for (const run of [
      () => loader(args(token, { ip: guesser })),
      () => action(oneClick(token, guesser)),
    ]) {
      const refused = await statusOf(run);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers!.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.data?.message).toMatch(
        /^Too many attempts\. Please wait \d+ minutes? and try again\. You can also reply to any of our emails and we will unsubscribe you\.$/,
      );
    }
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(true);
    // Another address is not held up.
    expect((await statusOf(() => action(oneClick(token)))).status).toBe(200);
    expect((await getNewsletterStatus("reader@example.com")).subscribed).toBe(false);
  });
});
