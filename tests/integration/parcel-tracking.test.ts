// The parcel tracking job (app/server/shipping/tracking.server.ts) against the Canada Post fake:
// what it asks, what it stores, what it moves and which emails it queues, run after run.
import { and, asc, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import {
  emailOutbox,
  orderEmailsSent,
  orderStatusHistory,
  orders,
  shipmentEvents,
  shipments,
} from "~/server/db-tables";
import { getAdminOrder } from "~/server/orders/order-admin.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { getOrderByAccessToken } from "~/server/orders/order-view.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { TRACKING_INTERVAL_MS, trackParcels } from "~/server/shipping/tracking.server";
import { connectCanadaPost, canadaPostFakeForFile } from "../setup/canada-post";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

const T0 = new Date("2026-11-30T15:00:00Z");
const MINUTE = 60_000;

const fake = canadaPostFakeForFile();

beforeEach(() => resetDatabase());

const connect = () => connectCanadaPost({ contractId: "0040012345", originPostalCode: "V6B1A1" });

/** A parcel order paid, processed and shipped with a tracking number ending in `suffix`. */
async function shippedOrder(suffix: string) {
  const product = await createProduct({
    name: `Tracked ${suffix}`,
    variations: [{ size: "3.5", priceCents: 3000, stock: 10 }],
  });
  const placed = await placeOrder(checkoutInput([{ id: product.id(0), quantity: 1 }]));
  if (!placed.ok) throw new Error(placed.message);
  const trackingNumber = `12345678901234${suffix}`;
  const [placedRow] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
  const steps = [
    {
      from: "pending",
      change: {
        to: "paid",
        reference: "CA1234ABCD",
        amountReceivedCents: placedRow!.totalAmountCents,
      },
    },
    { from: "paid", change: { to: "processing" } },
    { from: "processing", change: { to: "shipped", trackingNumber } },
  ] as const;
  for (const step of steps) {
    const result = await changeOrderStatus({
      orderId: placed.order.id,
      expectedStatus: step.from,
      change: step.change,
      actor: "test",
    });
    if (!result.ok) throw new Error(result.message);
  }
  const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
  const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, order!.id));
  return { order: order!, shipment: shipment!, trackingNumber };
}

async function shipmentOf(orderId: string) {
  const [row] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
  return row!;
}

async function orderStatus(orderId: string) {
  const [row] = await db()
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.status;
}

async function emailKinds(orderId: string) {
  const rows = await db()
    .select({ kind: orderEmailsSent.kind })
    .from(orderEmailsSent)
    .where(eq(orderEmailsSent.orderId, orderId))
    .orderBy(asc(orderEmailsSent.createdAt));
  return rows.map((row) => row.kind);
}

async function eventCount(shipmentId?: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(shipmentEvents)
    .where(shipmentId ? eq(shipmentEvents.shipmentId, shipmentId) : undefined);
  return row!.n;
}

/** The tracking requests the fake received, by pin. */
function trackingRequests(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of fake.requests) {
    const pin = /\/vis\/track\/pin\/([^/]+)\/detail/.exec(request.path)?.[1];
    if (pin) counts[pin] = (counts[pin] ?? 0) + 1;
  }
  return counts;
}

describe("the parcel tracking job", () => {
  it("moves, stores and emails once per parcel, run after run", async () => {
    await connect();
    const inTransit = await shippedOrder("01");
    const outForDelivery = await shippedOrder("02");
    const delivered = await shippedOrder("03");
    const returned = await shippedOrder("04");
    const all = [inTransit, outForDelivery, delivered, returned];

    const first = await trackParcels({ now: T0 });
    expect(first).toEqual({
      skipped: null,
      asked: 4,
      moved: { inTransit: 2, delivered: 1 },
      outForDeliveryEmails: 1,
      returned: [returned.order.orderNumber],
      failed: 0,
      stoppedEarly: false,
    });
    expect(trackingRequests()).toEqual(Object.fromEntries(all.map((p) => [p.trackingNumber, 1])));

    expect((await shipmentOf(inTransit.order.id)).status).toBe("in_transit");
    expect((await shipmentOf(outForDelivery.order.id)).status).toBe("in_transit");
    expect((await shipmentOf(delivered.order.id)).status).toBe("delivered");
    // A returned parcel is left for staff.
    expect((await shipmentOf(returned.order.id)).status).toBe("shipped");
    expect(await orderStatus(inTransit.order.id)).toBe("shipped");
    expect(await orderStatus(outForDelivery.order.id)).toBe("shipped");
    expect(await orderStatus(delivered.order.id)).toBe("delivered");
    expect(await orderStatus(returned.order.id)).toBe("shipped");
    for (const parcel of all)
      expect((await shipmentOf(parcel.order.id)).trackingCheckedAt).toEqual(T0);

    // The delivered step is the order's own: its history names the system, its email goes once.
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, delivered.order.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "delivered",
      changedBy: "system",
    });
    expect(await emailKinds(delivered.order.id)).toEqual([
      "confirmation",
      "payment_received",
      "shipped",
      "delivered",
    ]);
    expect(await emailKinds(outForDelivery.order.id)).toEqual([
      "confirmation",
      "payment_received",
      "shipped",
      "out_for_delivery",
    ]);
    expect(await emailKinds(inTransit.order.id)).not.toContain("out_for_delivery");
    const [email] = await db()
      .select({ subject: emailOutbox.subject, text: emailOutbox.text, to: emailOutbox.toAddress })
      .from(orderEmailsSent)
      .innerJoin(emailOutbox, eq(emailOutbox.id, orderEmailsSent.outboxId))
      .where(
        and(
          eq(orderEmailsSent.orderId, outForDelivery.order.id),
          eq(orderEmailsSent.kind, "out_for_delivery"),
        ),
      );
    expect(email!.subject).toContain("out for delivery");
    expect(email!.text).toContain(outForDelivery.trackingNumber);
    expect(email!.text).toContain("canadapost-postescanada.ca");
    expect(email!.to).toBe("jane@example.com");

    // Every scan stored, newest first as Canada Post answered.
    const events = await db()
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, outForDelivery.shipment.id));
    expect(events.length).toBeGreaterThan(1);
    expect(events).toContainEqual(
      expect.objectContaining({
        code: "0174",
        description: "Item out for delivery",
        location: "MONTREAL, QC",
        state: "out_for_delivery",
        at: new Date("2026-11-30T13:27:43Z"),
      }),
    );
    for (const parcel of all) expect(await eventCount(parcel.shipment.id)).toBeGreaterThan(0);
    const stored = await eventCount();

    // Staff's order page and the shopper's both list them, newest first.
    const admin = await getAdminOrder(outForDelivery.order.orderNumber);
    expect(admin!.trackingEvents).toHaveLength(events.length);
    expect(admin!.trackingEvents[0]).toMatchObject({
      description: "Item out for delivery",
      location: "MONTREAL, QC",
      at: new Date("2026-11-30T13:27:43Z"),
    });
    const times = admin!.trackingEvents.map((event) => event.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const view = await getOrderByAccessToken(outForDelivery.order.accessToken);
    expect(view!.trackingEvents).toHaveLength(events.length);
    expect(view!.trackingEvents[0]).toEqual({
      at: "2026-11-30T13:27:43.000Z",
      when: expect.stringContaining("2026"),
      description: "Item out for delivery",
      location: "MONTREAL, QC",
    });
    expect(view!.trackingEvents.map((event) => event.at)).toEqual(
      admin!.trackingEvents.map((event) => event.at.toISOString()),
    );

    // Right after: nothing is due.
    const second = await trackParcels({ now: new Date(T0.getTime() + MINUTE) });
    expect(second).toMatchObject({ asked: 0, failed: 0, stoppedEarly: false });
    expect(Object.values(trackingRequests()).reduce((a, b) => a + b)).toBe(4);

    // After the interval: the three still on their way are asked again (the delivered one is not),
    // once each; no scan is stored twice and no email goes twice.
    fake.requests.length = 0;
    const later = new Date(T0.getTime() + TRACKING_INTERVAL_MS + MINUTE);
    const third = await trackParcels({ now: later });
    expect(third).toEqual({
      skipped: null,
      asked: 3,
      moved: { inTransit: 0, delivered: 0 },
      outForDeliveryEmails: 0,
      returned: [returned.order.orderNumber],
      failed: 0,
      stoppedEarly: false,
    });
    expect(trackingRequests()).toEqual({
      [inTransit.trackingNumber]: 1,
      [outForDelivery.trackingNumber]: 1,
      [returned.trackingNumber]: 1,
    });
    expect(await eventCount()).toBe(stored);
    expect(await emailKinds(outForDelivery.order.id)).toEqual([
      "confirmation",
      "payment_received",
      "shipped",
      "out_for_delivery",
    ]);
    expect((await emailKinds(delivered.order.id)).filter((k) => k === "delivered")).toHaveLength(1);
  });

  it("asks about each parcel once when two runs start together", async () => {
    await connect();
    const parcels = [];
    for (const suffix of ["01", "02", "03", "01"]) parcels.push(await shippedOrder(suffix));
    const [a, b] = await Promise.all([
      trackParcels({ now: T0, concurrency: 2 }),
      trackParcels({ now: T0, concurrency: 2 }),
    ]);
    expect(a.asked + b.asked).toBe(4);
    expect(Object.values(trackingRequests()).reduce((x, y) => x + y)).toBe(4);
    expect(a.outForDeliveryEmails + b.outForDeliveryEmails).toBe(1);
    expect(a.moved.delivered + b.moved.delivered).toBe(1);
    for (const parcel of parcels)
      expect((await shipmentOf(parcel.order.id)).trackingCheckedAt).toEqual(T0);
  });

  it("backs off when throttled, stops early and leaves the parcels due", async () => {
    await connect();
    const parcels = [await shippedOrder("01"), await shippedOrder("02"), await shippedOrder("03")];
    fake.setMode({ tracking: "rate_limited" });
    const started = Date.now();
    const summary = await trackParcels({ now: T0, maxBackoffMs: 40 });
    expect(summary).toMatchObject({
      asked: 0,
      failed: 0,
      stoppedEarly: true,
      moved: { inTransit: 0, delivered: 0 },
    });
    // It waited between tries (capped here; Retry-After says 7 s) and tried a bounded number of times.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 40);
    const tries = Object.values(trackingRequests()).reduce((a, b) => a + b);
    expect(tries).toBeGreaterThan(parcels.length);
    expect(tries).toBeLessThanOrEqual(parcels.length * 4);
    for (const parcel of parcels) {
      const shipment = await shipmentOf(parcel.order.id);
      expect(shipment).toMatchObject({ status: "shipped", trackingCheckedAt: null });
    }
    expect(await eventCount()).toBe(0);

    // Due again at the next run, which goes through once Canada Post answers.
    fake.setMode({ tracking: "ok" });
    const next = await trackParcels({ now: new Date(T0.getTime() + 30 * MINUTE) });
    expect(next).toMatchObject({ asked: 3, stoppedEarly: false });
  });

  it("stops early on a 503 too, then asks nothing more", async () => {
    await connect();
    await shippedOrder("01");
    fake.setMode({ tracking: "overloaded" });
    const summary = await trackParcels({ now: T0, maxBackoffMs: 10, concurrency: 1 });
    expect(summary).toMatchObject({ asked: 0, stoppedEarly: true });
    expect(Object.values(trackingRequests())).toEqual([4]);
  });

  it("does not hang on a Canada Post that never answers", async () => {
    await connect();
    const parcels = [await shippedOrder("01"), await shippedOrder("02")];
    fake.setMode({ tracking: "hang" });
    const started = Date.now();
    const summary = await trackParcels({ now: T0, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(summary).toMatchObject({ asked: 0, failed: 2, stoppedEarly: false });
    // A timeout passes: the parcels are looked at again next run.
    for (const parcel of parcels)
      expect((await shipmentOf(parcel.order.id)).trackingCheckedAt).toBeNull();
  });

  it("keeps the look of a parcel Canada Post has no history for, and goes on", async () => {
    await connect();
    const unknown = await shippedOrder("99");
    const known = await shippedOrder("01");
    const summary = await trackParcels({ now: T0 });
    expect(summary).toMatchObject({ asked: 1, failed: 1, moved: { inTransit: 1, delivered: 0 } });
    expect((await shipmentOf(unknown.order.id)).trackingCheckedAt).toEqual(T0);
    expect((await shipmentOf(known.order.id)).status).toBe("in_transit");
  });

  it("does nothing when the store is not connected to Canada Post", async () => {
    const parcel = await shippedOrder("01");
    const summary = await trackParcels({ now: T0 });
    expect(summary).toMatchObject({ skipped: "not connected", asked: 0 });
    expect(fake.requests).toHaveLength(0);
    expect((await shipmentOf(parcel.order.id)).trackingCheckedAt).toBeNull();
  });
});
