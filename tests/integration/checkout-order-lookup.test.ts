import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { paymentDeadline } from "~/lib/payment-deadline";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import {
  getOrderByAccessToken,
  LOOKUP_NOT_FOUND,
  LOOKUP_THROTTLED,
  lookupOrder,
} from "~/server/orders/order-view.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { orders, shipments } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

beforeEach(resetDatabase);

async function anOrder() {
  const p = await createProduct({
    name: "Blue Dream",
    variations: [{ size: "3.5", priceCents: 4500, stock: 5 }],
  });
  const result = await placeOrder(
    checkoutInput([{ id: p.id(0), quantity: 2 }], { email: "Jane@Example.com" }),
  );
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

describe("confirmation page data", () => {
  it("finds the order by its access token only", async () => {
    const order = await anOrder();
    const view = await getOrderByAccessToken(order.accessToken);
    expect(view).toMatchObject({
      orderNumber: order.orderNumber,
      status: "pending",
      items: [{ name: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceCents: 4500 }],
      subtotalCents: 9000,
      shippingCostCents: 2000,
      // British Columbia: GST 5% and PST 7% of $110.00.
      taxLines: [
        { label: "GST 5%", amountCents: 550 },
        { label: "PST 7%", amountCents: 770 },
      ],
      totalAmountCents: 12320,
      shipment: null,
    });
    // The date by which the e-Transfer must arrive: placed + the unpaid-cancel delay (5 days),
    // as a day in the store's time zone; none once the order is no longer waiting for it.
    const [placed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(view!.paymentDeadline).toBe(
      paymentDeadline(placed!.createdAt, 5, config().STORE_TIMEZONE),
    );
    expect(view!.paymentDeadline).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    // What already arrived of a pending order: the payment box asks for the rest.
    expect(view!.paymentReceivedCents).toBe(0);
    await db().update(orders).set({ paymentReceivedCents: 5000 }).where(eq(orders.id, order.id));
    expect((await getOrderByAccessToken(order.accessToken))!.paymentReceivedCents).toBe(5000);
    await db().update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
    expect((await getOrderByAccessToken(order.accessToken))!.paymentDeadline).toBeNull();
    expect(await getOrderByAccessToken(order.orderNumber)).toBeNull();
    expect(await getOrderByAccessToken("x'; drop table orders; --")).toBeNull();
    // One character changed (another than the token's own last one).
    const changed = order.accessToken.endsWith("A") ? "B" : "A";
    expect(await getOrderByAccessToken(order.accessToken.slice(0, -1) + changed)).toBeNull();
  });
});

describe("lookupOrder", () => {
  it("finds an order by number and email, whatever their case and spacing", async () => {
    const order = await anOrder();
    const result = await lookupOrder({
      orderNumber: ` ${order.orderNumber.toLowerCase()} `,
      email: "jane@example.COM",
      ipAddress: "10.0.0.1",
    });
    expect(result).toMatchObject({ ok: true, order: { orderNumber: order.orderNumber } });
  });

  it("answers a wrong number and a wrong email the same way", async () => {
    const order = await anOrder();
    const wrongEmail = await lookupOrder({
      orderNumber: order.orderNumber,
      email: "someone@example.com",
      ipAddress: "10.0.0.2",
    });
    const wrongNumber = await lookupOrder({
      orderNumber: "BBS-99999999",
      email: "jane@example.com",
      ipAddress: "10.0.0.3",
    });
    expect(wrongEmail).toEqual({ ok: false, status: 404, message: LOOKUP_NOT_FOUND });
    expect(wrongNumber).toEqual(wrongEmail);
  });

  it("throttles guessing per address, then per order number", async () => {
    const order = await anOrder();
    for (let i = 0; i < 10; i++) {
      await lookupOrder({
        orderNumber: `BBS-${String(90000000 + i)}`,
        email: "x@example.com",
        ipAddress: "10.0.0.9",
      });
    }
    // Even the right answer is refused from that address for a while...
    const blocked = await lookupOrder({
      orderNumber: order.orderNumber,
      email: "jane@example.com",
      ipAddress: "10.0.0.9",
    });
    expect(blocked).toEqual({ ok: false, status: 429, message: LOOKUP_THROTTLED });
    // ...but not from elsewhere, or later.
    const later = new Date(Date.now() + 16 * 60_000);
    expect(
      await lookupOrder({
        orderNumber: order.orderNumber,
        email: "jane@example.com",
        ipAddress: "10.0.0.9",
        now: later,
      }),
    ).toMatchObject({ ok: true });

    // Many addresses guessing the email of one order number are stopped too.
    for (let i = 0; i < 5; i++) {
      await lookupOrder({
        orderNumber: order.orderNumber,
        email: `guess${i}@example.com`,
        ipAddress: `10.1.0.${i}`,
      });
    }
    expect(
      await lookupOrder({
        orderNumber: order.orderNumber,
        email: "jane@example.com",
        ipAddress: "10.2.0.1",
      }),
    ).toMatchObject({ ok: false, status: 429 });
  });

  it("shows the Canada Post tracking link once shipped", async () => {
    const order = await anOrder();
    await db()
      .insert(shipments)
      .values({ orderId: order.id, trackingNumber: "7023210039414604", status: "preparing" });
    const before = await getOrderByAccessToken(order.accessToken);
    expect(before!.shipment).toMatchObject({ trackingNumber: null, trackingUrl: null });

    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, order.id));
    const after = await getOrderByAccessToken(order.accessToken);
    expect(after!.shipment).toEqual({
      carrier: "Canada Post",
      trackingNumber: "7023210039414604",
      trackingUrl:
        "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7023210039414604",
      estimatedDelivery: null,
    });
  });
});
