import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { composeMessages, UNSUBSCRIBE_URL } from "~/server/email/mailing-body.server";
import { renderMailingEmail } from "~/server/email/templates/mailing.server";
import { startEmailWorker, type EmailWorker } from "~/server/email/worker.server";
import {
  countAudience,
  queueMailing,
  queueTestMailing,
  type Audience,
} from "~/server/marketing/mailing.server";
import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";
import {
  customers,
  emailMailings,
  emailOutbox,
  newsletterSubscribers,
  orders,
} from "~/server/db-tables";
import {
  fillSampleIdentity,
  SAMPLE_IDENTITY,
  storeSettings,
} from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { header, startSmtpServer, type TestSmtpServer } from "./email-smtp-server";

const DAY = 24 * 60 * 60 * 1000;
const BODY = `<h1>Spring sale</h1>
<p>Hello! <a href="https://shop.example/sale?t={{tracking_token}}">Shop now</a></p>
<img src="https://shop.example/o/{{tracking_token}}.gif" alt="" onerror="alert(1)">
<script>alert("x")</script><a href="javascript:alert(2)">bad</a>`;

async function subscribe(email: string) {
  const result = await subscribeToNewsletter({ email, source: "footer" });
  expect(result.ok).toBe(true);
}

async function order(email: string, daysAgo: number, customerId: string | null = null) {
  await db()
    .insert(orders)
    .values({
      customerId,
      email,
      shippingName: "Pat Doe",
      shippingStreet: "1 Main St",
      shippingCity: "Vancouver",
      shippingProvince: "BC",
      shippingPostalCode: "V6B 1A1",
      subtotalCents: 1000,
      totalAmountCents: 1000,
      accessToken: crypto.randomBytes(12).toString("hex"),
      createdAt: new Date(Date.now() - daysAgo * DAY),
    });
}

/** The outbox, each row with its bodies as the worker sends them. */
async function outboxRows() {
  return composeMessages(await db().select().from(emailOutbox).orderBy(asc(emailOutbox.toAddress)));
}

async function tokenOf(email: string) {
  const [row] = await db()
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
  return row!.token;
}

let worker: EmailWorker | undefined;
let server: TestSmtpServer | undefined;

beforeEach(async () => {
  await resetDatabase();
  // The store has the sample identity (a postal address, which every mailing needs, and contacts).
  await fillSampleIdentity();
});

afterEach(async () => {
  await worker?.stop();
  await server?.close();
  worker = undefined;
  server = undefined;
});

describe("mailing audiences", () => {
  beforeEach(async () => {
    for (const email of ["recent@example.com", "old@example.com", "never@example.com"])
      await subscribe(email);
    await subscribe("gone@example.com");
    await unsubscribeFromNewsletter({ email: "gone@example.com" });
    await subscribe("Linked@Example.com");
    // An order 3 days ago under another address, linked through the customer record.
    const [customer] = await db()
      .insert(customers)
      .values({ name: "Linked", email: "linked@example.com" })
      .returning();
    await order("checkout-alias@example.com", 3, customer!.id);
    await order("RECENT@example.com", 2);
    await order("old@example.com", 90);
    await order("gone@example.com", 1);
    await order("stranger@example.com", 1);
  });

  const cases: [Audience, string[]][] = [
    [
      { kind: "subscribers" },
      ["linked@example.com", "never@example.com", "old@example.com", "recent@example.com"].sort(),
    ],
    [{ kind: "ordered-within", days: 30 }, ["linked@example.com", "recent@example.com"].sort()],
    [
      { kind: "ordered-within", days: 365 },
      ["linked@example.com", "old@example.com", "recent@example.com"].sort(),
    ],
    [{ kind: "never-ordered" }, ["never@example.com"]],
  ];

  for (const [audience, expected] of cases) {
    it(`counts and queues ${JSON.stringify(audience)}`, async () => {
      expect(await countAudience(audience)).toBe(expected.length);
      const { queued } = await db().transaction((tx) =>
        queueMailing(tx, { kind: "newsletter", subject: "Hi", bodyHtml: "<p>Hi</p>", audience }),
      );
      expect(queued).toBe(expected.length);
      const rows = await outboxRows();
      expect(rows.map((r) => r.toAddress).sort()).toEqual(expected);
      expect(new Set(rows.map((r) => r.toAddress.toLowerCase())).size).toBe(rows.length);
    });
  }

  it("refuses a window that is not a whole number of days", async () => {
    await expect(countAudience({ kind: "ordered-within", days: 0 })).rejects.toThrow(RangeError);
    await expect(countAudience({ kind: "ordered-within", days: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe("the mailing's message", () => {
  it("puts the body in the store's layout, with a one-click unsubscribe link and the store's identity", async () => {
    const { store } = await storeSettings();
    const { publicUrl } = config();
    const body = `<h2>Spring sale</h2><p>Hello! <a href="https://shop.example/sale?t={{tracking_token}}">Shop now</a> or see https://shop.example/faq at <a href="https://shop.example/faq">https://shop.example/faq</a></p><img src="https://shop.example/o/{{tracking_token}}.gif" alt="pixel"><table><tr><td>Pink Kush</td><td>$30.00</td></tr></table><p>${"Every word of this paragraph counts. ".repeat(4)}</p>`;
    const message = renderMailingEmail({ subject: "Spring sale", bodyHtml: body });
    expect(message.subject).toBe("Spring sale");

    const { html } = message;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>Spring sale</title>");
    // The store's header, linking to the shop, then the body as written (it is sanitised before).
    expect(html).toMatch(new RegExp(`<a href="${publicUrl}/"[^>]*>${store.name}</a`));
    expect(html).toContain(body);
    expect(html.indexOf(`>${store.name}</a`)).toBeLessThan(html.indexOf(body));
    // The preview line inbox lists show: the start of the body's text.
    expect(html).toMatch(/display:none[^>]*>\s*Spring sale Hello! Shop now/);
    // The footer, after the body: who sends it, how to reach them, how to stop it in one click.
    const footer = html.slice(html.indexOf(body) + body.length);
    expect(footer).toContain(`${store.name} · For adults 19+ in Canada`);
    for (const contact of [SAMPLE_IDENTITY.email, SAMPLE_IDENTITY.phone, "123 Sample Street"])
      expect(footer).toContain(contact);
    expect(footer).toContain(
      `You are receiving this because you subscribed to ${store.name} news.`,
    );
    expect(footer).toMatch(
      new RegExp(`<a href="${UNSUBSCRIBE_URL}"[^>]*>Unsubscribe</a\\s*> with one click\\.`),
    );

    // The text part: the body converted by html-to-text (headings in their case, a link's address
    // after its text and once when it is the text, images left out, lines wrapped at 78), then
    // the same footer. A change in html-to-text's output fails here.
    expect(message.text).toBe(
      [
        "Spring sale",
        "",
        "Hello! Shop now https://shop.example/sale?t={{tracking_token}} or see",
        "https://shop.example/faq at https://shop.example/faq",
        "",
        "Pink Kush",
        "$30.00",
        "",
        "Every word of this paragraph counts. Every word of this paragraph counts.",
        "Every word of this paragraph counts. Every word of this paragraph counts.",
        "",
        "--",
        `${store.name} · For adults 19+ in Canada`,
        publicUrl,
        `${SAMPLE_IDENTITY.email} · ${SAMPLE_IDENTITY.phone} · 123 Sample Street, Vancouver BC V6B 1A1`,
        "",
        `You are receiving this because you subscribed to ${store.name} news.`,
        `Unsubscribe with one click: ${UNSUBSCRIBE_URL}`,
        "",
      ].join("\n"),
    );
  });
});

describe("queueMailing", () => {
  it("personalises every row: its own tracking token and unsubscribe link, scripts removed", async () => {
    for (let i = 0; i < 5; i++) await subscribe(`reader${i}@example.com`);
    const { queued, mailingId } = await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "campaign",
        subject: "  Spring\nsale ",
        bodyHtml: BODY,
        audience: { kind: "subscribers" },
      }),
    );
    expect(queued).toBe(5);
    const rows = await outboxRows();
    expect(new Set(rows.map((r) => r.mailingId)).size).toBe(1);
    expect(rows[0]!.mailingId).toBe(mailingId);
    expect(rows).toHaveLength(5);
    const tokens = new Set(rows.map((r) => r.trackingToken));
    expect(tokens.size).toBe(5);
    for (const row of rows) {
      expect(row.kind).toBe("campaign");
      expect(row.status).toBe("pending");
      expect(row.subject).toBe("Spring sale");
      expect(row.trackingToken).toMatch(/^[0-9a-f]{64}$/);
      const unsubscribe = `${config().publicUrl}/unsubscribe/${await tokenOf(row.toAddress)}`;
      expect(row.listUnsubscribe).toBe(unsubscribe);
      for (const part of [row.html, row.text]) {
        expect(part).not.toContain("{{");
        expect(part).toContain(unsubscribe);
      }
      expect(row.html).toContain(`sale?t=${row.trackingToken}`);
      expect(row.html).toContain(`/o/${row.trackingToken}.gif`);
      for (const other of tokens)
        if (other !== row.trackingToken) expect(row.html).not.toContain(other);
      expect(row.html).not.toMatch(/<script|onerror|javascript:/i);
      expect(row.html).toContain("Spring sale");
      expect(row.html).toContain(config().STORE_NAME);
      expect(row.html).toContain("support@budzboutique.ca");
      expect(row.text).toContain("Spring sale");
    }
  });

  it("queues nothing when the caller's transaction rolls back", async () => {
    await subscribe("a@example.com");
    await expect(
      db().transaction(async (tx) => {
        await queueMailing(tx, {
          kind: "newsletter",
          subject: "Hi",
          bodyHtml: "<p>Hi</p>",
          audience: { kind: "subscribers" },
        });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await outboxRows()).toHaveLength(0);
  });

  it("queues a test message with the [TEST] subject", async () => {
    await subscribe("owner@example.com");
    await db().transaction(async (tx) => {
      await queueTestMailing(tx, {
        kind: "newsletter",
        to: "owner@example.com",
        subject: "News",
        bodyHtml: "<p>{{tracking_token}}</p>",
      });
      await queueTestMailing(tx, {
        kind: "newsletter",
        to: "outsider@example.com",
        subject: "News",
        bodyHtml: "<p>Hi</p>",
      });
    });
    const [outsider, owner] = await outboxRows();
    expect(owner!.subject).toBe("[TEST] News");
    expect(owner!.kind).toBe("newsletter_test");
    expect(owner!.html).toContain(`<p>${owner!.trackingToken}</p>`);
    expect(owner!.listUnsubscribe).toBe(
      `${config().publicUrl}/unsubscribe/${await tokenOf("owner@example.com")}`,
    );
    expect(outsider!.listUnsubscribe).toBe(`${config().publicUrl}/unsubscribe/test`);
  });

  it("sends List-Unsubscribe and List-Unsubscribe-Post through a real SMTP server", async () => {
    await subscribe("reader@example.com");
    await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "newsletter",
        subject: "Hello",
        bodyHtml: "<p>Hello</p>",
        audience: { kind: "subscribers" },
      }),
    );
    server = await startSmtpServer();
    worker = startEmailWorker({ smtpUrl: server.url, pollIntervalMs: 25 });
    const deadline = Date.now() + 15_000;
    while (server.received.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const mail = server.received[0]!;
    const url = `${config().publicUrl}/unsubscribe/${await tokenOf("reader@example.com")}`;
    expect(header(mail.raw, "List-Unsubscribe")).toBe(`<${url}>`);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.decoded).toContain(url);
  });

  it("stores the rendered message once per mailing; each row holds only what is personal", async () => {
    for (let i = 0; i < 3; i++) await subscribe(`reader${i}@example.com`);
    const { mailingId } = await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "newsletter",
        subject: "Weekly",
        bodyHtml: BODY,
        audience: { kind: "subscribers" },
      }),
    );
    const mailings = await db().select().from(emailMailings);
    expect(mailings).toHaveLength(1);
    expect(mailings[0]).toMatchObject({ id: mailingId, kind: "newsletter", subject: "Weekly" });
    // The placeholders stay in the stored body; the script is gone already.
    expect(mailings[0]!.html).toContain("{{tracking_token}}");
    expect(mailings[0]!.html).toContain("{{unsubscribe_url}}");
    expect(mailings[0]!.text).toContain("{{unsubscribe_url}}");
    expect(mailings[0]!.html).not.toMatch(/<script|onerror/i);
    const rows = await db().select().from(emailOutbox);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.html).toBeNull();
      expect(row.text).toBeNull();
      expect(row.mailingId).toBe(mailingId);
    }
    // The database refuses a mailing row that could not be personalised.
    await expect(
      db()
        .insert(emailOutbox)
        .values({
          kind: "newsletter",
          toAddress: "x@example.com",
          subject: "S",
          mailingId,
          trackingToken: "t".repeat(64),
        }),
    ).rejects.toThrow();
  });

  it("sends every recipient their own copy exactly once, and the same message again after a crash", async () => {
    const readers = Array.from({ length: 12 }, (_, i) => `reader${i}@example.com`);
    for (const email of readers) await subscribe(email);
    await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "campaign",
        subject: "Spring sale",
        bodyHtml: BODY,
        audience: { kind: "subscribers" },
      }),
    );
    server = await startSmtpServer();
    worker = startEmailWorker({ smtpUrl: server.url, pollIntervalMs: 25, batchSize: 4 });
    const sentRows = async () =>
      db().select().from(emailOutbox).where(eq(emailOutbox.status, "sent"));
    const deadline = Date.now() + 30_000;
    while ((await sentRows()).length < readers.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    const rows = await sentRows();
    expect(rows).toHaveLength(readers.length);
    expect(server.received).toHaveLength(readers.length);
    expect(new Set(server.received.map((m) => m.messageId)).size).toBe(readers.length);
    for (const row of rows) {
      const [mail, ...more] = server.received.filter((m) => m.to[0] === row.toAddress);
      expect(more).toHaveLength(0);
      expect(mail!.messageId).toBe(row.messageId);
      const unsubscribe = `${config().publicUrl}/unsubscribe/${await tokenOf(row.toAddress)}`;
      expect(mail!.decoded).toContain(unsubscribe);
      expect(mail!.decoded).toContain(`sale?t=${row.trackingToken}`);
      expect(mail!.decoded).not.toContain("{{");
      for (const other of rows)
        if (other.id !== row.id) expect(mail!.decoded).not.toContain(other.trackingToken);
    }

    // A crash after the SMTP server accepted one message but before it was recorded: the row is
    // left 'sending' and its lock runs out. It is sent once more, as the same message.
    const [crashed] = rows;
    await db()
      .update(emailOutbox)
      .set({ status: "sending", lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, crashed!.id));
    await worker.stop();
    worker = startEmailWorker({ smtpUrl: server.url, pollIntervalMs: 25 });
    const again = Date.now() + 15_000;
    while (server.received.length === readers.length && Date.now() < again)
      await new Promise((r) => setTimeout(r, 25));
    const copies = server.received.filter((m) => m.to[0] === crashed!.toAddress);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
    expect(header(copies[1]!.raw, "Date")).toBe(header(copies[0]!.raw, "Date"));
    const body = (m: { decoded: string }) =>
      m.decoded
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("\n")
        .replace(/--_NmP-[^\s]+/g, "");
    expect(body(copies[1]!)).toBe(body(copies[0]!));
    expect(server.received).toHaveLength(readers.length + 1);
  });
});
