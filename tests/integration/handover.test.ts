import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { CheckoutInput } from "~/schemas/checkout";
import { db } from "~/server/db.server";
import {
  auditLog,
  deliveryBookings,
  emailOutbox,
  handovers,
  orderStatusHistory,
  orders,
  refunds,
  stockMovements,
} from "~/server/db-tables";
import {
  exportDeliveryRecordsCsv,
  listDeliveryRecords,
  parseRecordsRange,
} from "~/server/shipping/delivery-records.server";
import { findHandoverOrder, recordHandover } from "~/server/shipping/handover.server";
import { processPickupHolds } from "~/server/shipping/pickup-holds.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { resetDatabase } from "../setup/database";
import { testActor } from "../setup/audit";
import { checkoutInput, createProduct, productStock } from "./checkout-factories";
import { NOW, firstWindow, openEverything } from "./fulfilment-factories";

beforeEach(resetDatabase);

const driver = testActor(null, "Dana Driver");

/** A paid order of 2 units (stock 10) by the method, in Vancouver unless overridden. */
async function paidOrder(overrides: Partial<CheckoutInput>) {
  const p = await createProduct({ name: "Pink Kush", priceCents: 2000, stock: 10 });
  const result = await placeOrder(checkoutInput([{ id: p.id(), quantity: 2 }], overrides), {
    now: NOW,
  });
  if (!result.ok) throw new Error(result.message);
  const [placed] = await db().select().from(orders).where(eq(orders.id, result.order.id));
  const paid = await changeOrderStatus({
    orderId: placed!.id,
    expectedStatus: "pending",
    change: { to: "paid", reference: "CA1", amountReceivedCents: placed!.totalAmountCents },
    actor: testActor(),
    now: NOW,
  });
  expect(paid.ok).toBe(true);
  return { order: placed!, productId: p.product.id };
}

const orderRow = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

const lastEmail = async (kind: string) =>
  (
    await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, kind))
      .orderBy(desc(emailOutbox.createdAt))
  )[0];

describe("handing a delivery over at the door", () => {
  it("checks the ID's year against the province's age, then records the handover and delivers", async () => {
    await openEverything();
    const window = await firstWindow();
    const { order } = await paidOrder({ fulfilmentMethod: "delivery", deliveryWindow: window.key });
    const handOver = (birthYear: number, birthdayPassed = false) =>
      recordHandover({
        orderNumber: order.orderNumber,
        expectedStatus: "paid",
        handover: { result: "delivered", idKind: "drivers_licence", birthYear, birthdayPassed },
        actor: driver,
        now: NOW,
      });

    // British Columbia's age is 19: born 2008 is under it; born 2007 turns 19 this year.
    const under = await handOver(2008);
    expect(under).toMatchObject({ ok: false, status: 422 });
    expect(!under.ok && under.errors?.birthYear).toMatch(/under 19/);
    const turning = await handOver(2007);
    expect(turning).toMatchObject({ ok: false, status: 422 });
    expect(!turning.ok && turning.errors?.birthdayPassed).toMatch(/turn 19 this year/);
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await db().select().from(handovers)).toEqual([]);

    expect(await handOver(2007, true)).toMatchObject({ ok: true, result: "delivered" });
    expect((await orderRow(order.id)).status).toBe("delivered");
    const [record] = await db().select().from(handovers);
    expect(record).toMatchObject({
      orderNumber: order.orderNumber,
      method: "delivery",
      result: "delivered",
      reason: null,
      idKind: "drivers_licence",
      birthYear: 2007,
      staffName: "Dana Driver",
      recipientName: "Jane Doe",
      address: "123 Main St, Vancouver BC V6B 1A1",
      province: "BC",
      keepUntil: "2032-12-01",
    });
    const [history] = await db()
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "delivered")),
      );
    expect(history).toMatchObject({
      toStatus: "delivered",
      note: "Delivered: ID checked (Driver's licence, born 2007)",
    });
    expect((await lastEmail("order_delivered"))?.text).toContain("Our driver handed over");
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.area, "deliveries"));
    expect(audit).toMatchObject({ action: "handover", recordId: order.orderNumber });

    // Once handed over, nothing more is: the second record is refused, and no record is added.
    expect(await handOver(1990)).toMatchObject({ ok: false, status: 409 });
    expect(await db().select().from(handovers)).toHaveLength(1);
  });

  it("never marks a delivery or pickup delivered without its handover, nor ships it", async () => {
    await openEverything();
    const window = await firstWindow();
    const { order } = await paidOrder({ fulfilmentMethod: "delivery", deliveryWindow: window.key });
    const step = (change: Parameters<typeof changeOrderStatus>[0]["change"], from = "paid") =>
      changeOrderStatus({
        orderId: order.id,
        expectedStatus: from,
        change,
        actor: testActor(),
        now: NOW,
      });
    const delivered = await step({ to: "delivered" });
    expect(delivered).toMatchObject({ ok: false, status: 400 });
    expect(!delivered.ok && delivered.message).toMatch(/record its handover/);
    expect(await step({ to: "processing" })).toMatchObject({ ok: true });
    expect(
      await step({ to: "shipped", trackingNumber: "1234567890123456" }, "processing"),
    ).toMatchObject({ ok: false, status: 400 });
    // A local delivery has no Canada Post shipment.
    expect((await orderRow(order.id)).status).toBe("processing");

    // A parcel has no handover: Canada Post checks the ID.
    const parcel = await paidOrder({ fulfilmentMethod: "parcel" });
    const refused = await recordHandover({
      orderNumber: parcel.order.orderNumber,
      expectedStatus: "paid",
      handover: { result: "refused", reason: "no_id" },
      actor: driver,
      now: NOW,
    });
    expect(refused).toMatchObject({ ok: false, status: 400 });
  });

  it("brings a refused delivery back: cancelled, refunded in full, stock returned, window freed", async () => {
    await openEverything();
    const window = await firstWindow();
    const { order, productId } = await paidOrder({
      fulfilmentMethod: "delivery",
      deliveryWindow: window.key,
    });
    expect(await productStock(productId)).toBe(8);
    const result = await recordHandover({
      orderNumber: order.orderNumber,
      expectedStatus: "paid",
      handover: { result: "refused", reason: "intoxicated" },
      actor: driver,
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true, result: "refused", refunded: order.totalAmountCents });

    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      status: "cancelled",
      cancelReason: "Delivery refused: appeared intoxicated",
      refundedCents: order.totalAmountCents,
    });
    expect(await productStock(productId)).toBe(10);
    const movements = await db()
      .select({ reason: stockMovements.reason, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.productId, productId)));
    expect(movements).toContainEqual({ reason: "returned", quantity: 2 });
    expect(movements.filter((m) => m.reason === "cancelled")).toEqual([]);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountCents: order.totalAmountCents, method: "etransfer" });
    const [booking] = await db().select().from(deliveryBookings);
    expect(booking!.booked).toBe(0);
    const [record] = await db().select().from(handovers);
    expect(record).toMatchObject({ result: "refused", reason: "intoxicated", idKind: null });
    expect((await lastEmail("order_cancelled"))?.text).toContain(
      "Reason: Delivery refused: appeared intoxicated",
    );
  });
});

describe("pickup at the counter", () => {
  it("emails the code when ready, finds the order by it, and cancels it once the hold is over", async () => {
    await openEverything();
    const { order, productId } = await paidOrder({ fulfilmentMethod: "pickup" });
    expect(order.pickupCode).toMatch(/^[2-9A-Z]{6}$/);
    const ready = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "paid",
      change: { to: "processing" },
      actor: testActor(),
      now: NOW,
    });
    expect(ready.ok).toBe(true);
    expect((await orderRow(order.id)).readyAt).toEqual(NOW);
    const email = await lastEmail("order_ready_for_pickup");
    expect(email?.subject).toContain(`order ${order.orderNumber} is ready for pickup`);
    expect(email?.text).toContain(`Your pickup code is ${order.pickupCode}`);
    // Held 7 days (the default) from Dec 1 in the store's time zone: until Dec 8.
    expect(email?.text).toContain("We hold your order until December 8, 2026");
    expect(email?.text).toContain("1 Store Street, Vancouver BC V6B 1A1");

    const code = order.pickupCode!;
    expect(await findHandoverOrder(code.toLowerCase())).toBe(order.orderNumber);
    expect(await findHandoverOrder(order.orderNumber.toLowerCase())).toBe(order.orderNumber);
    expect(await findHandoverOrder("nothing")).toBeNull();

    // On its last day it is still held; the day after, it is cancelled and refunded.
    const lastDay = new Date("2026-12-09T06:59:00Z"); // Dec 8, 23:59 in Vancouver (UTC−7)
    expect(await processPickupHolds(lastDay)).toMatchObject({ cancelled: 0 });
    expect(await processPickupHolds(new Date("2026-12-09T07:01:00Z"))).toMatchObject({
      cancelled: 1,
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "Not picked up within 7 days",
      refundedCents: order.totalAmountCents,
    });
    expect(await productStock(productId)).toBe(10);
    // A second run finds nothing more to do.
    expect(await processPickupHolds(new Date("2026-12-10T08:00:00Z"))).toMatchObject({
      cancelled: 0,
    });
  });

  it("hands a pickup over after the ID check, at the store", async () => {
    await openEverything();
    const { order } = await paidOrder({
      fulfilmentMethod: "pickup",
      province: "AB",
      postalCode: "T2P 1J9",
      city: "Calgary",
    });
    // Alberta's age is 18: born 2008 turns 18 this year, with the birthday passed.
    const result = await recordHandover({
      orderNumber: order.orderNumber,
      expectedStatus: "paid",
      handover: { result: "delivered", idKind: "passport", birthYear: 2008, birthdayPassed: true },
      actor: driver,
      now: NOW,
    });
    expect(result.ok).toBe(true);
    const [record] = await db().select().from(handovers);
    expect(record).toMatchObject({
      method: "pickup",
      address: "At the store",
      keepUntil: "2032-12-01",
    });
    expect((await lastEmail("order_delivered"))?.subject).toContain("was picked up");
  });
});

describe(`handovers at the same moment (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("records exactly one outcome when two drivers, or the counter and the hold job, act at once", async () => {
    await openEverything();
    const window = await firstWindow();
    const { order, productId } = await paidOrder({
      fulfilmentMethod: "delivery",
      deliveryWindow: window.key,
    });
    const outcomes = await Promise.all([
      recordHandover({
        orderNumber: order.orderNumber,
        expectedStatus: "paid",
        handover: {
          result: "delivered",
          idKind: "passport",
          birthYear: 1980,
          birthdayPassed: false,
        },
        actor: driver,
        now: NOW,
      }),
      recordHandover({
        orderNumber: order.orderNumber,
        expectedStatus: "paid",
        handover: { result: "refused", reason: "no_id" },
        actor: testActor(null, "Second Driver"),
        now: NOW,
      }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ status: 409 });
    expect(await db().select().from(handovers)).toHaveLength(1);
    const after = await orderRow(order.id);
    const [record] = await db().select().from(handovers);
    // The stock matches the one outcome: sold when delivered, back when refused.
    expect(await productStock(productId)).toBe(record!.result === "delivered" ? 8 : 10);
    expect(after.status).toBe(record!.result === "delivered" ? "delivered" : "cancelled");

    // A pickup past its hold, handed over at the counter while the job cancels it.
    const pickup = await paidOrder({ fulfilmentMethod: "pickup" });
    await changeOrderStatus({
      orderId: pickup.order.id,
      expectedStatus: "paid",
      change: { to: "processing" },
      actor: testActor(),
      now: NOW,
    });
    const late = new Date("2026-12-10T18:00:00Z");
    const [counter, job] = await Promise.all([
      recordHandover({
        orderNumber: pickup.order.orderNumber,
        expectedStatus: "processing",
        handover: {
          result: "delivered",
          idKind: "passport",
          birthYear: 1980,
          birthdayPassed: false,
        },
        actor: driver,
        now: late,
      }),
      processPickupHolds(late),
    ]);
    const final = await orderRow(pickup.order.id);
    expect(Number(counter.ok) + job.cancelled).toBe(1);
    expect(final.status).toBe(counter.ok ? "delivered" : "cancelled");
    expect(final.refundedCents).toBe(counter.ok ? 0 : final.totalAmountCents);
  });
});

describe("delivery records", () => {
  it("lists and exports any date range, and deletes records past their keeping", async () => {
    const day = (d: string, n: number) => ({
      orderNumber: `BBS-0000000${n}`,
      method: "delivery",
      result: "delivered",
      idKind: "passport",
      birthYear: 1980,
      staffName: "Dana Driver",
      recipientName: `Recipient ${n}`,
      address: "1 Main St, Toronto ON M5V 2T6",
      province: "ON",
      keepUntil: "2029-01-01",
      createdAt: new Date(`${d}T20:00:00Z`),
    });
    await db()
      .insert(handovers)
      .values([
        day("2026-01-15", 1),
        day("2026-06-01", 2),
        day("2026-11-30", 3),
        { ...day("2020-01-01", 4), keepUntil: "2023-01-01" },
      ]);
    const range = parseRecordsRange("http://x/?from=2026-01-01&to=2026-06-30", NOW);
    const page = await listDeliveryRecords(range, {});
    expect(page.rows.map((r) => r.orderNumber)).toEqual(["BBS-00000002", "BBS-00000001"]);
    // The default: the last 30 days.
    const recent = await listDeliveryRecords(parseRecordsRange("http://x/", NOW), {});
    expect(recent.rows.map((r) => r.orderNumber)).toEqual(["BBS-00000003"]);

    let csv = "";
    for await (const chunk of exportDeliveryRecordsCsv({ from: "2000-01-01", to: "2026-12-31" }))
      csv += chunk;
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toContain("Date (America/Vancouver),Order,Method,Result");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(
      "BBS-00000003,Local delivery,Handed over,,Passport,1980,Dana Driver",
    );

    expect(() => parseRecordsRange("http://x/?from=2026-02-30", NOW)).toThrow();
    expect(() => parseRecordsRange("http://x/?from=2026-03-01&to=2026-02-01", NOW)).toThrow();

    expect(await processPickupHolds(NOW)).toMatchObject({ expiredRecords: 1 });
    expect(await db().select().from(handovers)).toHaveLength(3);
  });
});
