import { eq } from "drizzle-orm";
import { testActor } from "../setup/audit";
import { beforeEach, describe, expect, it } from "vitest";
import { SHIPMENT_STATUSES, SHIPMENT_TRANSITIONS } from "~/lib/order-status";
import { db } from "~/server/db.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { shipments } from "~/server/db-tables";
import { listPackingSlips } from "~/server/shipping/packing-slips.server";
import {
  changeShipmentStatus,
  getShippingStats,
  listShipments,
} from "~/server/shipping/shipments.server";
import { resetDatabase } from "../setup/database";
import { createProduct } from "./checkout-factories";
import { shipmentAt, state, TRACKING } from "./shipping-factories";

beforeEach(resetDatabase);

describe("Shipping cards", () => {
  it("are zero with no On Time Rate when nothing is delivered", async () => {
    expect(await getShippingStats()).toEqual({
      preparing: 0,
      inTransit: 0,
      delivered: 0,
      deliveredOnTime: 0,
      onTimeRate: null,
    });
    await shipmentAt("preparing");
    await shipmentAt("shipped");
    expect(await getShippingStats()).toMatchObject({
      preparing: 1,
      inTransit: 1,
      onTimeRate: null,
    });
  });

  it("count each status and rate early, on-time and late deliveries by the store's calendar day", async () => {
    await shipmentAt("preparing");
    await shipmentAt("preparing");
    await shipmentAt("shipped");
    await shipmentAt("in_transit");
    const early = await shipmentAt("delivered");
    const onTime = await shipmentAt("delivered");
    const late = await shipmentAt("delivered");
    const set = (id: string, estimate: string, delivered: string) =>
      db()
        .update(shipments)
        .set({ estimatedDelivery: estimate, deliveredDate: new Date(delivered) })
        .where(eq(shipments.id, id));
    await set(early.shipmentId, "2025-03-10", "2025-03-08T20:00:00Z");
    // 06:30 UTC on the 10th is still the 9th in Vancouver: on time by the store's clock.
    await set(onTime.shipmentId, "2025-03-09", "2025-03-10T06:30:00Z");
    await set(late.shipmentId, "2025-03-09", "2025-03-10T09:00:00Z");
    expect(await getShippingStats()).toEqual({
      preparing: 2,
      inTransit: 2,
      delivered: 3,
      deliveredOnTime: 2,
      onTimeRate: 67,
    });
  });
});

describe("the shipments list", () => {
  it("filters by status, searches order number, customer and tracking number, newest first", async () => {
    const a = await shipmentAt("preparing", { name: "Alice Martin" });
    const b = await shipmentAt("shipped", { name: "Bob Tremblay", tracking: "RR123456789CA" });
    const c = await shipmentAt("delivered", { name: "Chloé Roy", tracking: "123456789012" });

    const all = await listShipments({});
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.orderNumber)).toEqual([c, b, a].map((s) => s.orderNumber));
    expect(all.rows[1]).toMatchObject({
      customer: "Bob Tremblay",
      city: "Vancouver",
      province: "BC",
      carrier: "Canada Post",
      trackingNumber: "RR123456789CA",
      status: "shipped",
    });
    expect(all.rows[1]!.estimatedDelivery).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(all.rows[1]!.shippedDate).toBeInstanceOf(Date);

    const only = async (query: Parameters<typeof listShipments>[0]) =>
      (await listShipments(query)).rows.map((r) => r.orderNumber);
    expect(await only({ status: "preparing" })).toEqual([a.orderNumber]);
    expect(await only({ status: "delivered" })).toEqual([c.orderNumber]);
    expect(await only({ status: "in_transit" })).toEqual([]);
    expect(await only({ q: b.orderNumber.slice(-3) })).toEqual([b.orderNumber]);
    expect(await only({ q: "alice" })).toEqual([a.orderNumber]);
    expect(await only({ q: "rr 1234" })).toEqual([b.orderNumber]);
    expect(await only({ q: "1234 5678 9012" })).toEqual([c.orderNumber]);
    expect(await only({ q: "tremblay", status: "delivered" })).toEqual([]);
    expect(await only({ q: "100%_" })).toEqual([]);

    const page2 = await listShipments({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(page2.rows.map((r) => r.orderNumber)).toEqual([a.orderNumber]);
  });
});

describe("changeShipmentStatus", () => {
  for (const from of SHIPMENT_STATUSES) {
    for (const to of SHIPMENT_STATUSES) {
      const allowed = SHIPMENT_TRANSITIONS[from].includes(to);
      it(`${from} → ${to} is ${allowed ? "allowed" : "refused"}`, async () => {
        const s = await shipmentAt(from);
        const before = await state(s.orderId);
        const result = await changeShipmentStatus({
          shipmentId: s.shipmentId,
          expectedStatus: from,
          to,
          trackingNumber: "RR 123 456 789 ca",
          actor: testActor(null, "Staff Sam"),
        });
        const after = await state(s.orderId);
        if (!allowed) {
          expect(result).toMatchObject({ ok: false, status: 400 });
          if (!result.ok) expect(result.message).toMatch(/cannot be marked/);
          expect(after).toEqual(before);
          return;
        }
        expect(result).toEqual({ ok: true, orderNumber: s.orderNumber, from, to });
        expect(after.shipment.status).toBe(to);
        expect(after.shipment.updatedAt.getTime()).toBeGreaterThan(
          before.shipment.updatedAt.getTime(),
        );
        if (to === "shipped") {
          expect(after.order.status).toBe("shipped");
          expect(after.shipment).toMatchObject({ trackingNumber: "RR123456789CA" });
          expect(after.shipment.shippedDate).toBeInstanceOf(Date);
          expect(after.shipment.estimatedDelivery).toMatch(/^\d{4}-\d\d-\d\d$/);
          expect(after.history.at(-1)).toMatchObject({
            fromStatus: "processing",
            toStatus: "shipped",
            changedBy: "Staff Sam",
          });
        } else if (to === "in_transit") {
          // Only the parcel moved: the order stays shipped and its history is untouched.
          expect(after.order).toEqual(before.order);
          expect(after.history).toEqual(before.history);
        } else {
          expect(after.order.status).toBe("delivered");
          expect(after.shipment.deliveredDate).toBeInstanceOf(Date);
          expect(after.history.at(-1)).toMatchObject({
            fromStatus: "shipped",
            toStatus: "delivered",
            changedBy: "Staff Sam",
          });
        }
      });
    }
  }

  it("refuses a malformed tracking number with Canada Post's format, changing nothing", async () => {
    const s = await shipmentAt("preparing");
    const before = await state(s.orderId);
    const result = await changeShipmentStatus({
      shipmentId: s.shipmentId,
      expectedStatus: "preparing",
      to: "shipped",
      trackingNumber: "12345",
      actor: testActor(null, "Staff Sam"),
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: { trackingNumber: expect.any(String) },
    });
    if (!result.ok) expect(result.message).toMatch(/16 or 12 digits/);
    expect(await state(s.orderId)).toEqual(before);
  });

  it("refuses a stale status (someone moved it first) with 409, changing nothing", async () => {
    const s = await shipmentAt("shipped");
    const first = await changeShipmentStatus({
      shipmentId: s.shipmentId,
      expectedStatus: "shipped",
      to: "in_transit",
      actor: testActor(null, "Staff A"),
    });
    expect(first.ok).toBe(true);
    const before = await state(s.orderId);
    for (const attempt of [
      { expectedStatus: "shipped", to: "in_transit" },
      { expectedStatus: "shipped", to: "delivered" },
      { expectedStatus: "preparing", to: "shipped" },
    ]) {
      const result = await changeShipmentStatus({
        shipmentId: s.shipmentId,
        ...attempt,
        trackingNumber: TRACKING,
        actor: testActor(null, "Staff B"),
      });
      expect(result).toMatchObject({ ok: false, status: 409 });
      if (!result.ok) expect(result.message).toMatch(/it is now In transit\. Nothing was changed/);
    }
    expect(await state(s.orderId)).toEqual(before);
  });

  it("answers 404 for an unknown or tampered shipment id", async () => {
    for (const shipmentId of ["00000000-0000-4000-8000-000000000000", "1 or 1=1", ""]) {
      const result = await changeShipmentStatus({
        shipmentId,
        expectedStatus: "preparing",
        to: "shipped",
        trackingNumber: TRACKING,
        actor: testActor(null, "x"),
      });
      expect(result).toMatchObject({ ok: false, status: 404 });
    }
  });

  it("follows the order the other way: an order marked delivered delivers its shipment", async () => {
    const s = await shipmentAt("shipped");
    const result = await changeOrderStatus({
      orderId: s.orderId,
      expectedStatus: "shipped",
      change: { to: "delivered" },
      actor: "Staff Sam",
    });
    expect(result.ok).toBe(true);
    expect((await state(s.orderId)).shipment.status).toBe("delivered");
    expect(await getShippingStats()).toMatchObject({ delivered: 1, inTransit: 0 });
  });
});

describe("packing slips", () => {
  it("list the shipments being prepared, oldest first, with a pick list totalled per product and size", async () => {
    const product = await createProduct({
      name: "Blue Dream",
      variations: [
        { size: "3.5", priceCents: 3000, stock: 50 },
        { size: "7", priceCents: 5500, stock: 50 },
      ],
    });
    const first = await shipmentAt("preparing", { name: "Alice Martin", lines: [2, 1], product });
    const second = await shipmentAt("preparing", { name: "Bob Tremblay", lines: [1, 3], product });
    await shipmentAt("shipped", { name: "Not Packed" });

    const result = await listPackingSlips();
    if (!result.ok) throw new Error(result.message);
    expect(result.truncated).toBe(false);
    expect(result.slips.map((s) => s.orderNumber)).toEqual([first.orderNumber, second.orderNumber]);
    expect(result.slips[0]).toMatchObject({
      name: "Alice Martin",
      street: "123 Main St",
      city: "Vancouver",
      province: "BC",
      postalCode: "V6B 1A1",
      shipmentStatus: "preparing",
      // The option to buy with the label (docs/product/fulfilment.md#parcels).
      fulfilment: "Canada Post parcel, Proof of Age PA19",
      items: [
        { productName: "Blue Dream", size: "3.5g", quantity: 2, key: expect.any(String) },
        { productName: "Blue Dream", size: "7g", quantity: 1, key: expect.any(String) },
      ],
    });
    expect(result.pickList).toMatchObject([
      { productName: "Blue Dream", size: "3.5g", quantity: 3, orders: 2 },
      { productName: "Blue Dream", size: "7g", quantity: 4, orders: 2 },
    ]);
    expect(result.pickList).toHaveLength(2);
  });

  it("prints one order's slip by number (any shipment status); refuses bad and unknown numbers", async () => {
    const shipped = await shipmentAt("shipped", { name: "Reprint Me" });
    const one = await listPackingSlips({ orderNumber: shipped.orderNumber.toLowerCase() });
    expect(one.ok && one.slips.map((s) => s.name)).toEqual(["Reprint Me"]);
    expect(await listPackingSlips({ orderNumber: "nope" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await listPackingSlips({ orderNumber: "BBS-99999999" })).toMatchObject({
      ok: false,
      status: 404,
    });
    const none = await listPackingSlips();
    expect(none).toMatchObject({ ok: true, slips: [], pickList: [] });
  });
});
