import { and, asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { db } from "~/server/db.server";
import { changeOrderStatus, type StatusChange } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  DAILY_SUMMARY_JOB,
  DAILY_SUMMARY_KIND,
  NEW_ORDER_ALERT_KIND,
  dailySummary,
  sendDailySummaryEmail,
} from "~/server/orders/staff-alerts.server";
import { processUnpaidOrders } from "~/server/orders/unpaid-orders.server";
import { dailyJobs, emailOutbox, orders } from "~/server/db-tables";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createCoupon, createProduct } from "./checkout-factories";
import { placeInvoicedOrder } from "./invoice-factories";

// 9:00 a.m. in Vancouver (UTC−7 in June): after the default hour, 8:00. Yesterday there is June 9,
// from 2026-06-09T07:00Z to 2026-06-10T07:00Z.
const NOW = new Date("2026-06-10T16:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STAFF = ["owner@budz.example", "floor@budz.example"];

beforeEach(resetDatabase);

async function outbox(kind: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, kind))
    .orderBy(asc(emailOutbox.toAddress));
}

async function notify(notifications: { newOrderEmails?: string[]; dailySummaryEmails?: string[] }) {
  await saveSettingsSection("notifications", {
    ...(await storeSettings()).notifications,
    ...notifications,
  });
}

describe("the new-order email to staff", () => {
  async function shop() {
    const flower = await createProduct({
      name: "Blue Dream",
      variations: [{ size: "3.5", priceCents: 4500, stock: 5 }],
    });
    const gummies = await createProduct({ name: "Sour Gummies", priceCents: 1250, stock: 4 });
    await createCoupon({ code: "SAVE10", value: 10 });
    return checkoutInput(
      [
        { id: flower.id(0), quantity: 2 },
        { id: gummies.id(), quantity: 1 },
      ],
      { couponCode: "SAVE10", province: "NL", postalCode: "A1C 5M1", name: "Jane Doe" },
    );
  }

  it("is queued for each new-order recipient in the order's own transaction", async () => {
    await notify({ newOrderEmails: STAFF });
    const result = await placeOrder(await shop(), { now: NOW });
    if (!result.ok) throw new Error(result.message);
    const { orderNumber } = result.order;

    const sent = await outbox(NEW_ORDER_ALERT_KIND);
    expect(sent.map((m) => m.toAddress)).toEqual(["floor@budz.example", "owner@budz.example"]);
    // Written by the transaction that wrote the order (same transaction id).
    const written = (await db().execute(
      sql`select (select xmin::text from orders where order_number = ${orderNumber}) as order_tx,
            array(select xmin::text from email_outbox where kind = ${NEW_ORDER_ALERT_KIND}) as alert_tx`,
    )) as unknown as { rows: { order_tx: string; alert_tx: string[] }[] };
    const { order_tx, alert_tx } = written.rows[0]!;
    expect(alert_tx).toEqual([order_tx, order_tx]);

    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    // 2 × $45 + $12.50 = $102.50; 10% off = $10.25; + $20 shipping; HST 15% of $112.25 = $16.84.
    expect(row!.totalAmountCents).toBe(12909);
    const email = sent[0]!;
    expect(email.subject).toBe(`New order ${orderNumber}: $129.09`);
    for (const line of [
      `Order: ${orderNumber}`,
      "Placed: Jun 10, 2026, 9:00 a.m.",
      "Customer: Jane Doe <jane@example.com>",
      "Ships to: Newfoundland and Labrador",
      "How: Canada Post parcel, Proof of Age PA19",
      "Payment: Awaiting Interac e-Transfer",
      "  2 × Blue Dream (3.5g): $90.00",
      "  1 × Sour Gummies: $12.50",
      "  Subtotal: $102.50",
      "  Discount (SAVE10): -$10.25",
      "  Shipping (Canada Post): $20.00",
      "  HST 15%: $16.84",
      "  Total: $129.09",
      `Open the order: http://localhost:3000/budzadmin/dashboard/orders/${orderNumber}`,
    ])
      expect(email.text).toContain(line);
    expect(email.html).toContain(
      `href="http://localhost:3000/budzadmin/dashboard/orders/${orderNumber}"`,
    );
    expect(email.html).toContain("Blue Dream");
    // The shopper's confirmation is unchanged: no coupon code beside its discount.
    const [confirmation] = await outbox("order_confirmation");
    expect(confirmation!.toAddress).toBe("jane@example.com");
    expect(confirmation!.text).toContain("  Discount: -$10.25");
  });

  it("is not queued without recipients, nor again for a replayed submission", async () => {
    const input = await shop();
    const first = await placeOrder(input, { now: NOW });
    expect(first.ok).toBe(true);
    expect(await outbox(NEW_ORDER_ALERT_KIND)).toEqual([]);
    expect(await outbox("order_confirmation")).toHaveLength(1);

    await notify({ newOrderEmails: ["owner@budz.example"] });
    const second = await placeOrder(
      { ...input, idempotencyKey: "another-submission-1234" },
      { now: NOW },
    );
    expect(second.ok).toBe(true);
    const replay = await placeOrder(
      { ...input, idempotencyKey: "another-submission-1234" },
      { now: NOW },
    );
    expect(replay).toMatchObject({ ok: true, replayed: true });
    const sent = await outbox(NEW_ORDER_ALERT_KIND);
    expect(sent).toHaveLength(1);
    expect(second.ok && sent[0]!.subject).toContain(second.ok && second.order.orderNumber);
  });

  it("is not queued for a refused order", async () => {
    await notify({ newOrderEmails: STAFF });
    const input = await shop();
    const refused = await placeOrder({ ...input, items: [{ ...input.items[0]!, quantity: 6 }] });
    expect(refused.ok).toBe(false);
    const badCoupon = await placeOrder({ ...input, couponCode: "NOPE" });
    expect(badCoupon).toMatchObject({ ok: false, field: "couponCode" });
    expect(await outbox(NEW_ORDER_ALERT_KIND)).toEqual([]);
    expect(await db().select().from(orders)).toEqual([]);
  });
});

/** Steps an order along the status machine at a given time. */
async function move(orderId: string, from: string, change: StatusChange, at: Date) {
  const result = await changeOrderStatus({
    orderId,
    expectedStatus: from,
    change,
    actor: "owner",
    now: at,
  });
  if (!result.ok) throw new Error(result.message);
}

async function pay(order: { id: string }, at: Date) {
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  await move(
    order.id,
    "pending",
    { to: "paid", reference: "ET-1", amountReceivedCents: row!.totalAmountCents },
    at,
  );
}

const at = (iso: string) => new Date(iso);

/**
 * A week of orders around NOW (the default cancellation delay is 5 days):
 * - Ann: placed June 8, paid yesterday afternoon: paid yesterday, waiting to ship.
 * - Bob: placed and paid yesterday, being prepared since this morning: both, waiting to ship.
 * - Cat: placed yesterday, unpaid (cancelled June 14): placed yesterday only.
 * - Dan: placed yesterday at 1:00 a.m., cancelled: placed yesterday, since cancelled.
 * - Eve: placed June 5 at 1:00 p.m., unpaid: cancelled today at 1:00 p.m., within 24 hours.
 * - Fay: placed June 5 at 3:00 a.m., unpaid: overdue (the job has not run yet).
 * - Gus: placed June 6 at 10:00 a.m., unpaid: cancelled June 11 at 10:00 a.m., 25 hours away.
 * - Hal: placed today at 1:00 a.m.: not yesterday.
 * - Ivy: placed June 8 at 11:30 p.m., paid and shipped then: not yesterday, nothing to do.
 * - Jon: placed June 8, paid this morning: waiting to ship, not paid yesterday.
 */
async function week() {
  const place = (name: string, iso: string) =>
    placeInvoicedOrder({ at: at(iso), name, email: `${name.toLowerCase()}@example.com` });
  const ann = await place("Ann", "2026-06-08T18:00:00Z");
  await pay(ann, at("2026-06-09T20:00:00Z"));
  const bob = await place("Bob", "2026-06-09T17:00:00Z");
  await pay(bob, at("2026-06-09T19:00:00Z"));
  await move(bob.id, "paid", { to: "processing" }, at("2026-06-10T15:00:00Z"));
  const cat = await place("Cat", "2026-06-09T22:00:00Z");
  const dan = await place("Dan", "2026-06-09T08:00:00Z");
  await move(dan.id, "pending", { to: "cancelled", reason: "Asked to" }, at("2026-06-09T09:00Z"));
  const eve = await place("Eve", "2026-06-05T20:00:00Z");
  const fay = await place("Fay", "2026-06-05T10:00:00Z");
  const gus = await place("Gus", "2026-06-06T17:00:00Z");
  const hal = await place("Hal", "2026-06-10T08:00:00Z");
  const ivy = await place("Ivy", "2026-06-09T06:30:00Z");
  await pay(ivy, at("2026-06-09T06:40:00Z"));
  await move(ivy.id, "paid", { to: "processing" }, at("2026-06-09T06:50:00Z"));
  await move(
    ivy.id,
    "processing",
    { to: "shipped", trackingNumber: "1234567890123456" },
    at("2026-06-09T06:55:00Z"),
  );
  const jon = await place("Jon", "2026-06-08T20:00:00Z");
  await pay(jon, at("2026-06-10T15:30:00Z"));
  return { ann, bob, cat, dan, eve, fay, gus, hal, ivy, jon };
}

async function totalOf(...list: { id: string }[]) {
  let cents = 0;
  for (const order of list) {
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    cents += row!.totalAmountCents;
  }
  return cents;
}

describe("the daily summary to staff", () => {
  it("reports yesterday's orders and payments, what waits to ship and what is cancelled within 24 hours", async () => {
    const o = await week();
    const summary = await dailySummary(db(), NOW, 5);
    expect(summary.day).toBe("2026-06-09");
    expect(summary.placed).toEqual({
      count: 3,
      totalCents: await totalOf(o.bob, o.cat, o.dan),
      cancelled: 1,
    });
    expect(summary.paid).toEqual({ count: 2, totalCents: await totalOf(o.ann, o.bob) });
    expect(summary.toShip.count).toBe(3);
    expect(summary.toShip.rows).toEqual([
      {
        orderNumber: o.bob.orderNumber,
        customerName: "Bob",
        totalCents: await totalOf(o.bob),
        status: "processing",
        at: at("2026-06-09T19:00:00Z"),
      },
      expect.objectContaining({ orderNumber: o.ann.orderNumber, at: at("2026-06-09T20:00:00Z") }),
      expect.objectContaining({ orderNumber: o.jon.orderNumber, status: "paid" }),
    ]);
    expect(summary.toCancel).toEqual({
      count: 2,
      rows: [
        {
          orderNumber: o.fay.orderNumber,
          customerName: "Fay",
          totalCents: await totalOf(o.fay),
          at: at("2026-06-10T10:00:00Z"),
        },
        expect.objectContaining({ orderNumber: o.eve.orderNumber, at: at("2026-06-10T20:00:00Z") }),
      ],
    });

    // The unpaid-order job's own rule: what the summary says goes at a time, goes then.
    const cancelled = async (when: Date) => {
      await processUnpaidOrders(when);
      const rows = await db()
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.status, "cancelled")));
      return rows.map((row) => row.orderNumber).sort();
    };
    expect(await cancelled(at("2026-06-10T19:59:59Z"))).toEqual(
      [o.dan.orderNumber, o.fay.orderNumber].sort(),
    );
    expect(await cancelled(at("2026-06-10T20:00:00Z"))).toContain(o.eve.orderNumber);
    expect(await cancelled(at("2026-06-11T16:00:00Z"))).not.toContain(o.gus.orderNumber);
  });

  it("follows the cancellation delay of Settings → Payments", async () => {
    const o = await week();
    // Four days: Gus (June 6, 10:00 a.m. + 4 days) is due in an hour; Cat (June 13) is not yet.
    const summary = await dailySummary(db(), NOW, 4);
    expect(summary.toCancel.rows.map((row) => row.orderNumber)).toEqual([
      o.fay.orderNumber,
      o.eve.orderNumber,
      o.gus.orderNumber,
    ]);
  });

  it("says so in the email, with links to each order", async () => {
    const o = await week();
    await notify({ dailySummaryEmails: ["owner@budz.example"] });
    // The recipients come from Settings → Notifications.
    expect(await sendDailySummaryEmail({ now: NOW })).toEqual({
      sent: true,
      recipients: 1,
      day: "2026-06-09",
    });
    const [email, ...others] = await outbox(DAILY_SUMMARY_KIND);
    expect(others).toEqual([]);
    expect(email!.toAddress).toBe("owner@budz.example");
    const placedTotal = formatMoney(await totalOf(o.bob, o.cat, o.dan));
    expect(email!.subject).toBe(
      `Daily summary for Jun 9, 2026: 3 orders (${placedTotal}), 3 to ship, 2 unpaid to be cancelled`,
    );
    const money = async (order: { id: string }) => formatMoney(await totalOf(order));
    for (const line of [
      "Daily summary for Tuesday, June 9, 2026",
      `Orders placed: 3 orders, ${placedTotal} (1 since cancelled)`,
      `Payments received: 2 orders marked paid, ${formatMoney(await totalOf(o.ann, o.bob))} received`,
      "PAID, WAITING TO SHIP (3)",
      `- ${o.bob.orderNumber}, Bob, ${await money(o.bob)}: paid Jun 9, 2026, 12:00 p.m. (being prepared)`,
      `- ${o.ann.orderNumber}, Ann, ${await money(o.ann)}: paid Jun 9, 2026, 1:00 p.m.`,
      `- ${o.jon.orderNumber}, Jon, ${await money(o.jon)}: paid Jun 10, 2026, 8:30 a.m.`,
      "UNPAID, CANCELLED WITHIN 24 HOURS (2)",
      `- ${o.fay.orderNumber}, Fay, ${await money(o.fay)}: to be cancelled now (overdue)`,
      `- ${o.eve.orderNumber}, Eve, ${await money(o.eve)}: to be cancelled Jun 10, 2026, 1:00 p.m.`,
      "Unpaid orders are cancelled 5 days after they are placed",
      "/budzadmin/dashboard/orders?date=yesterday",
    ])
      expect(email!.text!).toContain(line);
    for (const order of [o.cat, o.dan, o.gus, o.hal, o.ivy])
      expect(email!.text).not.toContain(order.orderNumber);
    expect(email!.html).toContain(`/budzadmin/dashboard/orders/${o.bob.orderNumber}"`);
    expect(email!.html).toContain("now (overdue)");
  });

  it("cuts a long list and says how many more there are", async () => {
    const base = {
      email: "old@example.com",
      phone: "604-555-0199",
      shippingStreet: "1 Main St",
      shippingCity: "Vancouver",
      shippingProvince: "BC",
      shippingPostalCode: "V6B 1A1",
      status: "pending",
      subtotalCents: 1000,
      shippingCostCents: 0,
      totalAmountCents: 1000,
      sample: true,
    };
    await db()
      .insert(orders)
      .values(
        Array.from({ length: 53 }, (_, i) => ({
          ...base,
          shippingName: `Buyer ${i}`,
          accessToken: `token-${i}`,
          createdAt: new Date(NOW.getTime() - 6 * DAY - i * HOUR),
        })),
      );
    const summary = await dailySummary(db(), NOW, 5);
    expect(summary.toCancel.count).toBe(53);
    expect(summary.toCancel.rows).toHaveLength(50);
    // Oldest first: the first to go.
    expect(summary.toCancel.rows[0]!.customerName).toBe("Buyer 52");

    await sendDailySummaryEmail({ now: NOW, recipients: ["owner@budz.example"] });
    const [email] = await outbox(DAILY_SUMMARY_KIND);
    expect(email!.text!.match(/^- BBS-/gm)).toHaveLength(50);
    expect(email!.text!).toContain(
      "…and 3 more: http://localhost:3000/budzadmin/dashboard/orders?status=pending",
    );
  });

  it("is queued once a day for each recipient, even when runs race", async () => {
    await week();
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => sendDailySummaryEmail({ now: NOW, recipients: STAFF })),
    );
    expect(runs.filter((run) => run.sent)).toEqual([
      { sent: true, recipients: 2, day: "2026-06-09" },
    ]);
    expect(runs.filter((run) => !run.sent)).toEqual(
      Array(4).fill({ sent: false, reason: "already sent" }),
    );
    expect((await outbox(DAILY_SUMMARY_KIND)).map((m) => m.toAddress)).toEqual([...STAFF].sort());
    expect(await db().select().from(dailyJobs)).toEqual([
      expect.objectContaining({ name: DAILY_SUMMARY_JOB, day: "2026-06-10" }),
    ]);

    // Later that day: nothing more. The next morning: again, once.
    expect(
      await sendDailySummaryEmail({ now: new Date(NOW.getTime() + 10 * HOUR), recipients: STAFF }),
    ).toEqual({
      sent: false,
      reason: "already sent",
    });
    const tomorrow = new Date(NOW.getTime() + DAY);
    const next = await Promise.all([
      sendDailySummaryEmail({ now: tomorrow, recipients: STAFF }),
      sendDailySummaryEmail({ now: tomorrow, recipients: STAFF }),
    ]);
    expect(next.filter((run) => run.sent)).toEqual([
      { sent: true, recipients: 2, day: "2026-06-10" },
    ]);
    expect(await outbox(DAILY_SUMMARY_KIND)).toHaveLength(4);
  });

  it("waits for the hour in the store's time zone", async () => {
    await week();
    // 7:59 a.m. in Vancouver.
    const early = at("2026-06-10T14:59:00Z");
    expect(await sendDailySummaryEmail({ now: early, recipients: STAFF })).toEqual({
      sent: false,
      reason: "before the hour",
    });
    expect(await db().select().from(dailyJobs)).toEqual([]);
    expect(await sendDailySummaryEmail({ now: early, recipients: STAFF, hour: 7 })).toMatchObject({
      sent: true,
    });
  });

  it("claims a quiet day without an email, and sends nothing later that day", async () => {
    // Placed and shipped a week ago: nothing to report.
    const old = await placeInvoicedOrder({ at: new Date(NOW.getTime() - 7 * DAY) });
    await pay(old, new Date(NOW.getTime() - 7 * DAY + HOUR));
    await move(old.id, "paid", { to: "processing" }, new Date(NOW.getTime() - 6 * DAY));
    await move(
      old.id,
      "processing",
      { to: "shipped", trackingNumber: "1234567890123456" },
      new Date(NOW.getTime() - 6 * DAY),
    );
    expect(await sendDailySummaryEmail({ now: NOW, recipients: STAFF })).toEqual({
      sent: false,
      reason: "nothing to report",
    });
    expect(await db().select().from(dailyJobs)).toEqual([
      expect.objectContaining({ name: DAILY_SUMMARY_JOB, day: "2026-06-10" }),
    ]);
    // An order paid this afternoon waits for tomorrow's summary.
    const today = await placeInvoicedOrder({ at: new Date(NOW.getTime() + HOUR) });
    await pay(today, new Date(NOW.getTime() + 2 * HOUR));
    expect(
      await sendDailySummaryEmail({ now: new Date(NOW.getTime() + 3 * HOUR), recipients: STAFF }),
    ).toEqual({ sent: false, reason: "already sent" });
    expect(await outbox(DAILY_SUMMARY_KIND)).toEqual([]);
  });

  it("sends nothing and claims nothing without recipients", async () => {
    await week();
    expect(await sendDailySummaryEmail({ now: NOW })).toEqual({
      sent: false,
      reason: "no recipients",
    });
    expect(await db().select().from(dailyJobs)).toEqual([]);
    expect(await outbox(DAILY_SUMMARY_KIND)).toEqual([]);
  });
});
