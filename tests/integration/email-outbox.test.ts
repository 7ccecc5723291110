import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import {
  enqueueEmail,
  getOutboxMessage,
  listOutbox,
  newTrackingToken,
  retryOutboxMessage,
} from "~/server/email/outbox.server";
import { emailOutbox } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";

beforeEach(resetDatabase);

function queue(n: number, extra: { kind?: string; trackingToken?: string } = {}) {
  return enqueueEmail(db(), {
    kind: extra.kind ?? "test",
    to: `buyer${n}@example.com`,
    subject: `Message\n${n}`,
    html: `<p>${n}</p>`,
    text: String(n),
    trackingToken: extra.trackingToken,
  });
}

describe("outbox", () => {
  it("stores a pending row with its own tracking token and a one-line subject", async () => {
    const token = newTrackingToken();
    const { id } = await queue(1, { trackingToken: token });
    const other = await queue(2);
    const row = (await getOutboxMessage(id))!;
    expect(row).toMatchObject({
      kind: "test",
      toAddress: "buyer1@example.com",
      subject: "Message 1",
      status: "pending",
      attempts: 0,
      trackingToken: token,
      lastError: null,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await getOutboxMessage(other.id))!.trackingToken).not.toBe(token);
  });

  it("refuses a malformed recipient (a programming error, not a shopper's)", async () => {
    for (const to of ["", "jane", "jane@", "a b@example.com", "Jane <jane@example.com>"]) {
      await expect(
        enqueueEmail(db(), { kind: "test", to, subject: "s", html: "h", text: "t" }),
      ).rejects.toThrow("not an email address");
    }
  });

  it("lists newest first, by page and status, and reads one message", async () => {
    for (let i = 0; i < 30; i++) {
      const { id } = await queue(i, { kind: i % 2 ? "odd" : "even" });
      // Distinct times: rows queued within the same clock tick would otherwise tie.
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
      await db().update(emailOutbox).set({ createdAt }).where(eq(emailOutbox.id, id));
    }
    await db()
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now()` })
      .where(eq(emailOutbox.toAddress, "buyer3@example.com"));

    const first = await listOutbox({ page: 1 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.toAddress).toBe("buyer29@example.com");
    const second = await listOutbox({ page: 2 });
    expect(second.items.map((m) => m.toAddress).at(-1)).toBe("buyer0@example.com");
    // Past the end: the last page, not an empty one.
    expect((await listOutbox({ page: 99 })).page).toBe(2);

    const sent = await listOutbox({ status: "sent" });
    expect(sent.items.map((m) => m.toAddress)).toEqual(["buyer3@example.com"]);
    expect((await listOutbox({ kind: "odd" })).total).toBe(15);

    const message = await getOutboxMessage(sent.items[0]!.id);
    expect(message).toMatchObject({ html: "<p>3</p>", text: "3", status: "sent" });
    expect(await getOutboxMessage("not-a-uuid")).toBeUndefined();
    expect(await getOutboxMessage("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("sends a failed or bounced message again, nothing else", async () => {
    const failed = await queue(1);
    const pending = await queue(2);
    await db()
      .update(emailOutbox)
      .set({ status: "failed", attempts: 10, lastError: "Gave up" })
      .where(eq(emailOutbox.id, failed.id));

    expect(await retryOutboxMessage(failed.id)).toBe(true);
    expect(await getOutboxMessage(failed.id)).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
    });
    expect(await retryOutboxMessage(pending.id)).toBe(false);
    expect(await retryOutboxMessage("nope")).toBe(false);
  });
});
