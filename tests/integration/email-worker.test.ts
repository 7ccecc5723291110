import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { enqueueEmail, getOutboxMessage } from "~/server/email/outbox.server";
import { queueMailing } from "~/server/marketing/mailing.server";
import { renderOrderConfirmationEmail } from "~/server/email/templates/order-confirmation.server";
import {
  NOT_CONFIGURED,
  startEmailWorker,
  wakeWorker,
  type EmailWorker,
  type EmailWorkerOptions,
} from "~/server/email/worker.server";
import { emailOutbox } from "~/server/db-tables";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { freePort, startSmtpServer, type TestSmtpServer } from "./email-smtp-server";

const FAST: EmailWorkerOptions = { pollIntervalMs: 25, baseBackoffMs: 50, maxBackoffMs: 200 };

let workers: EmailWorker[] = [];
let servers: TestSmtpServer[] = [];

function worker(options: EmailWorkerOptions) {
  const w = startEmailWorker({ ...FAST, ...options });
  workers.push(w);
  return w;
}

async function smtp(port?: number) {
  const server = await startSmtpServer(port);
  servers.push(server);
  return server;
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function row(id: string) {
  return (await getOutboxMessage(id))!;
}

async function statusOf(id: string, status: string) {
  const r = await row(id);
  return r.status === status ? r : undefined;
}

function queue(to = "jane@example.com", subject = "Hello") {
  return enqueueEmail(db(), { kind: "test", to, subject, html: "<p>Hi</p>", text: "Hi" });
}

const ORDER = {
  orderNumber: "BBS-00000042",
  email: "jane@example.com",
  shippingName: "Jane Doe",
  items: [
    { productName: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceAtPurchaseCents: 3500 },
    { productName: "Rolling Papers", sizeLabel: null, quantity: 1, priceAtPurchaseCents: 499 },
  ],
  subtotalCents: 7499,
  discountCents: 0,
  shippingCostCents: 2000,
  totalAmountCents: 9499,
  accessToken: "tok_abc123",
};

beforeEach(async () => {
  await resetDatabase();
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(servers.map((s) => s.close()));
  workers = [];
  servers = [];
});

describe("email outbox worker", () => {
  it("delivers the order confirmation queued in the order's transaction", async () => {
    const server = await smtp();
    const email = renderOrderConfirmationEmail(ORDER);
    const { id } = await db().transaction((tx) =>
      enqueueEmail(tx, { kind: "order_confirmation", to: ORDER.email, ...email }),
    );
    worker({ smtpUrl: server.url });

    const sent = await waitFor(() => statusOf(id, "sent"));
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.lastError).toBeNull();
    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.to).toEqual(["jane@example.com"]);
    expect(mail.subject).toContain("BBS-00000042");
    expect(mail.decoded).toContain("BBS-00000042");
    expect(mail.decoded).toContain(config().ETRANSFER_EMAIL);
    expect(mail.decoded).toContain("$94.99");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.messageId).toContain(id);
  });

  it("sends as the store's name and the sender address of Settings, as they are when sending (issue 37)", async () => {
    const server = await smtp();
    const first = await queue();
    const w = worker({ smtpUrl: server.url });
    await waitFor(() => statusOf(first.id, "sent"));
    // Nothing set: the store's name and the server's default address (MAIL_FROM's, or made up).
    const fromHeader = (raw: string) => /^From: (.*)$/m.exec(raw)?.[1]?.trim();
    expect(server.received[0]!.from).toBe(config().defaultSender.address);
    expect(fromHeader(server.received[0]!.raw)).toBe(
      `${(await storeSettings()).store.name} <${config().defaultSender.address}>`,
    );
    await w.stop();

    // Queued before the owner renames the store and sets its address: sent as they say now.
    const second = await queue();
    await saveSettingsSection("store", {
      ...(await storeSettings()).store,
      name: "Green Leaf, Co.",
    });
    await saveSettingsSection("email", { fromAddress: "hello@greenleaf.ca" });
    worker({ smtpUrl: server.url });
    const sent = await waitFor(() => statusOf(second.id, "sent"));
    const mail = server.received[1]!;
    expect(mail.from).toBe("hello@greenleaf.ca");
    expect(fromHeader(mail.raw)).toBe('"Green Leaf, Co." <hello@greenleaf.ca>');
    expect(sent.messageId).toBe(`<outbox.${second.id}@greenleaf.ca>`);
  });

  it("queues nothing when the surrounding transaction rolls back", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueEmail(tx, {
          kind: "order_confirmation",
          to: "jane@example.com",
          subject: "s",
          html: "h",
          text: "t",
        });
        throw new Error("order failed");
      }),
    ).rejects.toThrow("order failed");
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("retries while the SMTP server is down and delivers once it is back", async () => {
    const port = await freePort();
    const { id } = await queue();
    worker({ smtpUrl: `smtp://127.0.0.1:${port}` });

    const failing = await waitFor(async () => {
      const r = await row(id);
      return r.attempts >= 2 && r.status === "pending" ? r : undefined;
    });
    expect(failing.lastError).toMatch(/ECONNECTION|ECONNREFUSED|ESOCKET/);
    expect(failing.nextAttemptAt.getTime()).toBeGreaterThan(failing.createdAt.getTime());

    const server = await smtp(port);
    const sent = await waitFor(() => statusOf(id, "sent"));
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.lastError).toBeNull();
    expect(server.received).toHaveLength(1);
  });

  it("retries a temporary 4xx refusal with backoff", async () => {
    const server = await smtp();
    let refusals = 2;
    server.rejectMessage = () =>
      refusals-- > 0 ? { message: "Try again later", responseCode: 451 } : undefined;
    const { id } = await queue();
    worker({ smtpUrl: server.url });

    const sent = await waitFor(() => statusOf(id, "sent"));
    expect(sent.attempts).toBe(3);
    expect(server.received).toHaveLength(1);
  });

  it("does not retry a refused recipient (5xx): bounced", async () => {
    const server = await smtp();
    server.rejectRecipient = (address) =>
      address === "nobody@example.com"
        ? { message: "Mailbox unavailable", responseCode: 550 }
        : undefined;
    const { id } = await queue("nobody@example.com");
    worker({ smtpUrl: server.url });

    const bounced = await waitFor(() => statusOf(id, "bounced"));
    expect(bounced.lastError).toContain("550");
    await sleep(300);
    expect((await row(id)).attempts).toBe(1);
    expect(server.received).toHaveLength(0);
  });

  it("does not retry a refused message (5xx): failed", async () => {
    const server = await smtp();
    server.rejectMessage = () => ({ message: "Message rejected as spam", responseCode: 554 });
    const { id } = await queue();
    worker({ smtpUrl: server.url });

    const failed = await waitFor(() => statusOf(id, "failed"));
    expect(failed.lastError).toMatch(/554.*spam/);
    await sleep(300);
    expect((await row(id)).attempts).toBe(1);
  });

  it("gives up after the maximum number of attempts", async () => {
    const port = await freePort();
    const { id } = await queue();
    worker({ smtpUrl: `smtp://127.0.0.1:${port}`, maxAttempts: 3 });

    const failed = await waitFor(() => statusOf(id, "failed"));
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/^Gave up after 3 attempts: /);
  });

  it("never sends a message twice with several workers running concurrently", async () => {
    // One SMTP server per worker shows that every worker took part.
    const receivers = await Promise.all([smtp(), smtp(), smtp(), smtp()]);
    for (const server of receivers) server.acceptDelayMs = 10; // keeps each worker busy a moment
    const ids = new Set<string>();
    for (let i = 0; i < 100; i++)
      ids.add((await queue(`buyer${i}@example.com`, `Message ${i}`)).id);
    for (const server of receivers)
      worker({ smtpUrl: server.url, batchSize: 3, pollIntervalMs: 5 });

    await waitFor(async () => {
      const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.status, "sent"));
      return rows.length === 100;
    }, 75_000); // four workers polling every 5 ms share one PGlite: slow on a busy machine
    await sleep(200);
    const received = receivers.flatMap((s) => s.received);
    expect(received).toHaveLength(100);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(100);
    for (const server of receivers) expect(server.received.length).toBeGreaterThan(0);
    const rows = await db().select().from(emailOutbox);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.id))).toEqual(ids);
  }, 90_000);

  it("claims at most one batch at a time", async () => {
    const server = await smtp();
    server.acceptDelayMs = 300;
    for (let i = 0; i < 6; i++) await queue(`buyer${i}@example.com`);
    worker({ smtpUrl: server.url, batchSize: 2 });
    const sending = await waitFor(async () => {
      const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.status, "sending"));
      return rows.length > 0 ? rows : undefined;
    });
    expect(sending).toHaveLength(2);
    expect(sending.every((r) => r.lockedUntil!.getTime() > Date.now() + 60_000)).toBe(true);
  });

  it("sends an order confirmation before a large mailing queued earlier", async () => {
    await db().execute(sql`
      insert into newsletter_subscribers (email, source, consented_at, unsubscribe_token)
      select 'reader' || g || '@example.com', 'footer', now(), 'token-' || g
      from generate_series(1, 30) g`);
    await db().transaction((tx) =>
      queueMailing(tx, {
        kind: "newsletter",
        subject: "Weekend Sale",
        bodyHtml: "<p>Sale</p>",
        audience: { kind: "subscribers" },
      }),
    );
    await sleep(20);
    const confirmation = await queue("buyer@example.com", "Your order");
    const server = await smtp();
    worker({ smtpUrl: server.url, batchSize: 4, smtpPoolSize: 1 });
    await waitFor(async () => server.received.length >= 31);
    expect(server.received[0]!.to).toEqual(["buyer@example.com"]);
    expect((await row(confirmation.id)).status).toBe("sent");
  });

  it("resends a message abandoned mid-send by a crash exactly once, leaving live claims alone", async () => {
    const server = await smtp();
    const crashed = await queue("crashed@example.com");
    const live = await queue("live@example.com");
    await db()
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, crashed.id));
    await db()
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(emailOutbox.id, live.id));
    worker({ smtpUrl: server.url });
    worker({ smtpUrl: server.url });

    const sent = await waitFor(() => statusOf(crashed.id, "sent"));
    await sleep(300);
    expect(sent.attempts).toBe(2);
    expect(server.received.map((m) => m.to[0])).toEqual(["crashed@example.com"]);
    expect(server.received[0]!.messageId).toBe(`<outbox.${crashed.id}@budzboutique.ca>`);
    expect((await row(live.id)).status).toBe("sending");
  });

  it("as the sole instance (PGlite), resends at once what a crashed predecessor left locked", async () => {
    const server = await smtp();
    const left = await queue("left@example.com");
    await db()
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(emailOutbox.id, left.id));
    worker({ smtpUrl: server.url, soleInstance: true });
    const sent = await waitFor(() => statusOf(left.id, "sent"));
    expect(sent.attempts).toBe(2);
    expect(server.received.map((m) => m.to[0])).toEqual(["left@example.com"]);
  });

  it("stop() waits for the message in flight to be recorded", async () => {
    const server = await smtp();
    server.acceptDelayMs = 800;
    const { id } = await queue();
    const w = worker({ smtpUrl: server.url });
    await waitFor(() => statusOf(id, "sending"));
    await w.stop();
    expect((await row(id)).status).toBe("sent");
    expect(server.received).toHaveLength(1);
  });

  it("wakeWorker() sends at once instead of at the next poll", async () => {
    const server = await smtp();
    worker({ smtpUrl: server.url, pollIntervalMs: 60_000 });
    await sleep(100); // the worker's first look found nothing and is waiting a minute
    const { id } = await queue();
    wakeWorker();
    await waitFor(() => statusOf(id, "sent"), 5_000);
    expect(server.received).toHaveLength(1);
  });

  it("without SMTP_URL keeps messages readable in the outbox and sends them once SMTP is set", async () => {
    const { id } = await queue("kept@example.com", "Kept subject");
    const keeper = worker({ smtpUrl: null });

    const kept = await waitFor(async () => {
      const r = await row(id);
      return r.lastError === NOT_CONFIGURED ? r : undefined;
    });
    expect(kept.status).toBe("pending");
    expect(kept.attempts).toBe(0);
    const dir = path.join(config().dataDir, "outbox");
    const files = fs.readdirSync(dir).filter((f) => f.includes(id));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(eml).toMatch(/^Subject: Kept subject$/m);
    expect(eml).toMatch(/^To: kept@example.com$/m);
    expect(eml).toContain(`Message-ID: <outbox.${id}@`);
    await keeper.stop();

    const server = await smtp();
    worker({ smtpUrl: server.url });
    const sent = await waitFor(() => statusOf(id, "sent"));
    expect(sent.lastError).toBeNull();
    expect(server.received).toHaveLength(1);
  });
});

describe("periodic jobs in the worker loop", () => {
  it("runs each job every `everyMs`, keeps going after a failing one, and stops with the worker", async () => {
    let runs = 0;
    let failures = 0;
    const w = worker({
      smtpUrl: null,
      jobs: [
        { name: "count", everyMs: 30, run: async () => runs++ },
        {
          name: "broken",
          everyMs: 30,
          run: async () => {
            failures++;
            throw new Error("job failed on purpose");
          },
        },
      ],
    });
    await waitFor(async () => runs >= 3 && failures >= 3);
    await w.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(after);
  });
});
