import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { orders, paymentMailbox, payments } from "~/server/db-tables";
import { recordIncomingPayments } from "~/server/payments/matching.server";
import { readMailboxIfDue, saveMailbox } from "~/server/payments/payment-mailbox.server";
import { buildNoticeEmail, OTHER_EMAILS } from "../fixtures/etransfer/notice-emails";
import { buildNoticeSet, seedUnpaidOrders, type SetNotice } from "../fixtures/etransfer/notice-set";
import { dovecotForFile } from "../setup/dovecot";
import { resetDatabase } from "../setup/database";

// A real Dovecot (tests/setup/dovecot.ts) holds the bank's notices; the store reads it as it does
// in production, through the payments mailbox job.
const dovecot = dovecotForFile();
const SHELL = { adminId: null, name: "Shell", ip: null };

beforeEach(resetDatabase);

async function connect() {
  const { host, port, tls, user, password } = dovecot.settings();
  await saveMailbox(
    {
      host,
      port,
      tls,
      username: user,
      password,
      folder: "INBOX",
      processedFolder: "Processed",
      pollSeconds: 60,
    },
    SHELL,
  );
}

/** Every notice's outcome, checked against what the set says should happen. */
async function outcomes(set: SetNotice[]) {
  const stored = await db()
    .select({
      bankReference: payments.bankReference,
      state: payments.state,
      overCents: payments.overCents,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId));
  const byReference = new Map(stored.map((row) => [row.bankReference, row]));
  const firsts = set.filter((notice) => notice.expected !== "duplicate");
  const withValidReference = firsts.filter((n) => n.expected === "paid" || n.expected === "over");
  const paidRight = withValidReference.filter((notice) => {
    const row = byReference.get(notice.bankReference);
    return (
      row?.state === "applied" &&
      row.orderNumber === notice.orderNumber &&
      row.orderStatus === "paid"
    );
  });
  // Orders paid by a payment that was not theirs, or without a valid reference and full amount.
  const wronglyPaid = stored.filter((row) => {
    const notice = firsts.find((n) => n.bankReference === row.bankReference);
    return (
      row.orderStatus === "paid" &&
      (!notice ||
        notice.orderNumber !== row.orderNumber ||
        !["paid", "over"].includes(notice.expected))
    );
  });
  const states = Object.fromEntries(
    ["applied", "suggested", "queued"].map((state) => [
      state,
      stored.filter((r) => r.state === state).length,
    ]),
  );
  return { stored, paidRight, withValidReference, wronglyPaid, states };
}

describe("the payments mailbox job", () => {
  it("reads 200 notices: pays those with a valid reference, suggests, queues, never twice", async () => {
    const placed = await seedUnpaidOrders((query) => db().execute(query), 200);
    const set = buildNoticeSet(placed, 200);
    const others = Object.values(OTHER_EMAILS);
    await dovecot.append("INBOX", [
      ...set.map((notice, i) =>
        buildNoticeEmail({
          kind: i % 3 === 0 ? "received" : "autodeposit",
          language: i % 2 === 0 ? "en" : "fr",
          sender: notice.senderName,
          amountCents: notice.amountCents,
          message: notice.message,
          reference: notice.bankReference,
          multipart: i % 4 === 0,
        }),
      ),
      ...Array.from({ length: 20 }, (_, n) => others[n % others.length]!()),
    ]);
    await connect();

    const run = await readMailboxIfDue();
    expect(run).toMatchObject({ read: true, ok: true, left: 20 });
    const result = await outcomes(set);
    const firsts = set.filter((n) => n.expected !== "duplicate");
    // Every notice accounted for, each transfer stored once.
    expect(result.stored).toHaveLength(firsts.length);
    expect(run.read && run.ok && run.matched.duplicates).toBe(set.length - firsts.length);
    expect(result.paidRight.length / result.withValidReference.length).toBeGreaterThanOrEqual(0.95);
    expect(result.wronglyPaid).toEqual([]);
    const expect_ = (kind: string) => firsts.filter((n) => n.expected === kind).length;
    expect(result.states).toEqual({
      applied: expect_("paid") + expect_("over") + expect_("part"),
      suggested: expect_("typo") + expect_("name"),
      queued: expect_("queued"),
    });
    // Handled notices moved; the other mail stays, marked, and is not read again.
    expect(await dovecot.listFolder("Processed")).toHaveLength(set.length);
    const left = await dovecot.listFolder("INBOX");
    expect(left).toHaveLength(20);
    expect(left.every((message) => message.flags.includes("$BudzLeft"))).toBe(true);
    const [mailbox] = await db().select().from(paymentMailbox);
    expect(mailbox!.lastError).toBeNull();
    expect(mailbox!.leftForStaff).toHaveLength(20);

    // Not due again until the poll interval has passed (then nothing new to do).
    expect(await readMailboxIfDue()).toEqual({ read: false, why: "not due" });
    const later = new Date(Date.now() + 61_000);
    expect(await readMailboxIfDue(later)).toMatchObject({
      read: true,
      ok: true,
      matched: { applied: 0 },
    });
  });

  it("says what is wrong when the mailbox refuses, and waits longer before each new try", async () => {
    await connect();
    await db().update(paymentMailbox).set({ username: "nobody" });
    const first = await readMailboxIfDue();
    expect(first).toMatchObject({
      read: true,
      ok: false,
      error: "The mailbox refused the user name or password.",
    });
    const [after] = await db().select().from(paymentMailbox);
    expect(after!.failuresInARow).toBe(1);
    const wait = after!.nextReadAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(100_000); // 60 s × 2
    expect(await readMailboxIfDue()).toEqual({ read: false, why: "not due" });
    const [settings] = await db().select().from(paymentMailbox);
    expect(settings!.lastError).toBe("The mailbox refused the user name or password.");
  });

  it("one instance reads at a time, and the same notices read twice at once apply once", async () => {
    const placed = await seedUnpaidOrders((query) => db().execute(query), 120);
    const set = buildNoticeSet(placed, 120, 7).map((notice) => ({
      source: "mailbox" as const,
      bankReference: notice.bankReference,
      amountCents: notice.amountCents,
      senderName: notice.senderName,
      message: notice.message,
      receivedAt: new Date(),
    }));
    const reversed = [...set].reverse();
    const [a, b] = await Promise.all([
      recordIncomingPayments(set),
      recordIncomingPayments(reversed),
    ]);
    const alone = {
      applied: a.applied + b.applied,
      suggested: a.suggested + b.suggested,
      queued: a.queued + b.queued,
    };
    const [counted] = (
      (await db()
        .execute(sql`select count(*)::int as n, count(distinct bank_reference)::int as refs,
        (select count(*)::int from order_status_history where changed_by = 'Payment matching') as history,
        (select count(*)::int from order_emails_sent where kind = 'payment_received') as emails,
        (select count(*)::int from orders where status = 'paid') as paid
        from payments`)) as unknown as {
        rows: { n: number; refs: number; history: number; emails: number; paid: number }[];
      }
    ).rows;
    expect(counted!.n).toBe(counted!.refs);
    expect(counted!.n).toBe(alone.applied + alone.suggested + alone.queued);
    expect(counted!.history).toBe(alone.applied);
    expect(counted!.emails).toBe(counted!.paid);
    expect(a.duplicates + b.duplicates).toBe(set.length * 2 - counted!.n);

    // Two instances' jobs at the same moment: the lease lets one read.
    await connect();
    const runs = await Promise.all([readMailboxIfDue(), readMailboxIfDue()]);
    expect(runs.filter((run) => run.read)).toHaveLength(1);
  });
});
