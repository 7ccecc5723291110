import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "~/lib/order-status";
import { db } from "~/server/db.server";
import { changeOrderStatus, type StatusChange } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  couponRedemptions,
  coupons,
  emailOutbox,
  invoices,
  orderEmailsSent,
  orderStatusHistory,
  orders,
  productVariations,
  products,
  shipments,
} from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createCoupon, createProduct, productStock } from "./checkout-factories";

beforeEach(resetDatabase);

const TRACKING = "1234567890123456";

/** The input each target status needs, valid for an order of `totalCents`. */
function changeTo(to: OrderStatus, totalCents: number): StatusChange {
  if (to === "paid") return { to, reference: "CA1234ABCD", amountReceivedCents: totalCents };
  if (to === "cancelled") return { to, reason: "Customer asked to cancel" };
  if (to === "shipped") return { to, trackingNumber: TRACKING };
  return { to: to as "processing" };
}

async function newOrder(options: { stock?: number; couponCode?: string; email?: string } = {}) {
  const p = await createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 3000, stock: options.stock ?? 10 },
      { size: "7", priceCents: 5500, stock: options.stock ?? 10 },
    ],
  });
  const placed = await placeOrder(
    checkoutInput(
      [
        { id: p.id(0), quantity: 2 },
        { id: p.id(1), quantity: 1 },
      ],
      { couponCode: options.couponCode, email: options.email ?? "jane@example.com" },
    ),
  );
  if (!placed.ok) throw new Error(placed.message);
  const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
  return { order: order!, product: p };
}

/** Walks an order along the allowed path to `status`. */
async function moveTo(orderId: string, totalCents: number, path: OrderStatus[]) {
  let from: OrderStatus = "pending";
  for (const to of path) {
    const result = await changeOrderStatus({
      orderId,
      expectedStatus: from,
      change: changeTo(to, totalCents),
      actor: "test",
    });
    if (!result.ok) throw new Error(result.message);
    from = to;
  }
}

const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  pending: [],
  paid: ["paid"],
  processing: ["paid", "processing"],
  shipped: ["paid", "processing", "shipped"],
  delivered: ["paid", "processing", "shipped", "delivered"],
  completed: ["paid", "processing", "shipped", "delivered", "completed"],
  cancelled: ["cancelled"],
};

describe("the order status machine", () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ORDER_TRANSITIONS[from].includes(to);
      it(`${from} → ${to} is ${allowed ? "allowed" : "refused"}`, async () => {
        const { order } = await newOrder();
        await moveTo(order.id, order.totalAmountCents, PATH_TO[from]);
        const before = await db().select().from(orders).where(eq(orders.id, order.id));
        const result = await changeOrderStatus({
          orderId: order.id,
          expectedStatus: from,
          change: changeTo(to, order.totalAmountCents),
          actor: "Staff Sam",
        });
        const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
        const history = await db()
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, order.id));
        if (allowed) {
          expect(result).toMatchObject({ ok: true, from, to });
          expect(after!.status).toBe(to);
          expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before[0]!.updatedAt.getTime());
          expect(history.at(-1)).toMatchObject({
            fromStatus: from,
            toStatus: to,
            changedBy: "Staff Sam",
          });
        } else {
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.status).toBe(400);
            expect(result.message).toMatch(/cannot be marked/);
          }
          expect(after).toEqual(before[0]);
          expect(history).toHaveLength(1 + PATH_TO[from].length);
        }
      });
    }
  }
});

describe("each step's effects", () => {
  it("mark paid records the reference and amount, the invoice becomes paid, the shopper is emailed", async () => {
    const { order } = await newOrder();
    const result = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "pending",
      change: { to: "paid", reference: "  CA98765 ", amountReceivedCents: order.totalAmountCents },
      actor: "owner",
    });
    expect(result.ok).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      paymentReference: "CA98765",
      paymentReceivedCents: order.totalAmountCents,
    });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.status).toBe("paid");
    const emails = await db()
      .select({
        kind: orderEmailsSent.kind,
        subject: emailOutbox.subject,
        to: emailOutbox.toAddress,
      })
      .from(orderEmailsSent)
      .innerJoin(emailOutbox, eq(emailOutbox.id, orderEmailsSent.outboxId))
      .where(eq(orderEmailsSent.orderId, order.id));
    expect(emails.map((e) => e.kind).sort()).toEqual(["confirmation", "payment_received"]);
    expect(emails.find((e) => e.kind === "payment_received")!.subject).toContain(
      `payment received for ${order.orderNumber}`,
    );
  });

  it("a different amount is refused unless accepted with a note", async () => {
    const { order } = await newOrder();
    const base = { to: "paid" as const, reference: "REF1", amountReceivedCents: 100 };
    for (const change of [
      base,
      { ...base, acceptDifferentAmount: true },
      { ...base, note: "short" },
    ]) {
      const result = await changeOrderStatus({
        orderId: order.id,
        expectedStatus: "pending",
        change,
        actor: "owner",
      });
      expect(result).toMatchObject({
        ok: false,
        status: 400,
        errors: { amountReceived: expect.any(String) },
      });
    }
    const [still] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe("pending");
    const accepted = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "pending",
      change: { ...base, acceptDifferentAmount: true, note: "Shopper sent $1, rest follows" },
      actor: "owner",
    });
    expect(accepted.ok).toBe(true);
    const [history] = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.toStatus, "paid"));
    expect(history!.note).toBe("e-Transfer REF1, $1.00 received. Shopper sent $1, rest follows");
  });

  it("a reference and a reason are required", async () => {
    const { order } = await newOrder();
    const noRef = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "pending",
      change: { to: "paid", reference: "  ", amountReceivedCents: order.totalAmountCents },
      actor: "owner",
    });
    expect(noRef).toMatchObject({
      ok: false,
      status: 400,
      errors: { reference: expect.any(String) },
    });
    const noReason = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "" },
      actor: "owner",
    });
    expect(noReason).toMatchObject({
      ok: false,
      status: 400,
      errors: { reason: expect.any(String) },
    });
  });

  it("processing opens a shipment being prepared; shipping needs a Canada Post number and sets the estimate", async () => {
    const { order } = await newOrder();
    await moveTo(order.id, order.totalAmountCents, ["paid", "processing"]);
    const [preparing] = await db().select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(preparing).toMatchObject({
      status: "preparing",
      carrier: "Canada Post",
      trackingNumber: null,
    });

    for (const bad of ["", "12345", "ABCDEFGHIJKLMNOP", "RR123456789US"]) {
      const refused = await changeOrderStatus({
        orderId: order.id,
        expectedStatus: "processing",
        change: { to: "shipped", trackingNumber: bad },
        actor: "owner",
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        errors: { trackingNumber: expect.any(String) },
      });
    }
    const now = new Date("2026-03-10T20:00:00Z");
    const shipped = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "processing",
      change: { to: "shipped", trackingNumber: "rr 123 456 789 ca" },
      actor: "owner",
      now,
    });
    expect(shipped.ok).toBe(true);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(parcel).toMatchObject({
      status: "shipped",
      trackingNumber: "RR123456789CA",
      estimatedDelivery: "2026-03-13",
    });
    expect(parcel!.shippedDate).toEqual(now);
    const [email] = await db()
      .select({ text: emailOutbox.text })
      .from(orderEmailsSent)
      .innerJoin(emailOutbox, eq(emailOutbox.id, orderEmailsSent.outboxId))
      .where(eq(orderEmailsSent.kind, "shipped"));
    expect(email!.text).toContain("RR123456789CA");
    expect(email!.text).toContain("canadapost-postescanada.ca");
    // The delivery day as people write it, not "2026-03-13".
    expect(email!.text).toContain("Estimated delivery: March 13, 2026.");

    await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "shipped",
      change: { to: "delivered" },
      actor: "owner",
    });
    const [delivered] = await db().select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(delivered!.status).toBe("delivered");
    expect(delivered!.deliveredDate).toBeInstanceOf(Date);
  });

  it("cancelling restores every size's stock and the product's, frees the coupon use and emails the reason", async () => {
    await createCoupon({ code: "TEN", value: 10, maxUses: 5, usedCount: 2 });
    const { order, product } = await newOrder({ couponCode: "TEN" });
    expect(await productStock(product.product.id)).toBe(17);
    await moveTo(order.id, order.totalAmountCents, ["paid", "processing"]);
    const result = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "processing",
      change: { to: "cancelled", reason: "Out of delivery area" },
      actor: "owner",
    });
    expect(result.ok).toBe(true);
    expect(await productStock(product.product.id)).toBe(20);
    const sizes = await db()
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(eq(productVariations.productId, product.product.id));
    expect(sizes.map((s) => s.stock)).toEqual([10, 10]);
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, "TEN"));
    expect(coupon!.usedCount).toBe(2);
    const [redeemed] = await db().select({ n: count() }).from(couponRedemptions);
    expect(redeemed!.n).toBe(0);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "Out of delivery area" });
    expect(await db().select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.status).toBe("cancelled");
    const [email] = await db()
      .select({ text: emailOutbox.text })
      .from(orderEmailsSent)
      .innerJoin(emailOutbox, eq(emailOutbox.id, orderEmailsSent.outboxId))
      .where(eq(orderEmailsSent.kind, "cancelled"));
    expect(email!.text).toContain("Reason: Out of delivery area.");
    // The freed use counts again for the shopper's per-customer limit.
    const again = await placeOrder(
      checkoutInput([{ id: product.id(0), quantity: 1 }], { couponCode: "TEN" }),
    );
    expect(again.ok).toBe(true);
  });

  it("a stale status is refused with 409 and an unknown order with 404", async () => {
    const { order } = await newOrder();
    await moveTo(order.id, order.totalAmountCents, ["paid"]);
    const stale = await changeOrderStatus({
      orderId: order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Never paid" },
      actor: "owner",
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (!stale.ok) expect(stale.message).toMatch(/it is now Paid/);
    const missing = await changeOrderStatus({
      orderId: "00000000-0000-4000-8000-000000000000",
      expectedStatus: "pending",
      change: { to: "completed" },
      actor: "owner",
    });
    expect(missing).toMatchObject({ ok: false, status: 404 });
  });
});

describe(`concurrent changes (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("20 concurrent cancels of one order restore its stock exactly once", async () => {
    const { order, product } = await newOrder();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changeOrderStatus({
          orderId: order.id,
          expectedStatus: "pending",
          change: { to: "cancelled", reason: `Cancel ${i}` },
          actor: `staff${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ status: 409 });
    expect(await productStock(product.product.id)).toBe(20);
    const [cancels] = await db()
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.toStatus, "cancelled"));
    expect(cancels!.n).toBe(1);
    const [emails] = await db()
      .select({ n: count() })
      .from(orderEmailsSent)
      .where(eq(orderEmailsSent.kind, "cancelled"));
    expect(emails!.n).toBe(1);
  });

  it("a cancel racing a payment ends in exactly one of the two states", async () => {
    for (let round = 0; round < 5; round++) {
      const { order, product } = await newOrder({ email: `race${round}@example.com` });
      const [pay, cancel] = await Promise.all([
        changeOrderStatus({
          orderId: order.id,
          expectedStatus: "pending",
          change: changeTo("paid", order.totalAmountCents),
          actor: "a",
        }),
        changeOrderStatus({
          orderId: order.id,
          expectedStatus: "pending",
          change: { to: "cancelled", reason: "race" },
          actor: "b",
        }),
      ]);
      expect([pay.ok, cancel.ok].filter(Boolean)).toHaveLength(1);
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      const stock = await productStock(product.product.id);
      if (pay.ok) {
        expect(row!.status).toBe("paid");
        expect(stock).toBe(17);
      } else {
        expect(row!.status).toBe("cancelled");
        expect(row!.paymentReference).toBeNull();
        expect(stock).toBe(20);
      }
    }
  });
});

describe("listed price after a cancel", () => {
  it("a size back in stock is the card's price again", async () => {
    const p = await createProduct({
      name: "Cheap Size",
      variations: [
        { size: "1", priceCents: 1000, stock: 1 },
        { size: "3.5", priceCents: 3000, stock: 5 },
      ],
    });
    const listed = async () =>
      (await db().select().from(products).where(eq(products.id, p.product.id)))[0]!
        .listedPriceCents;
    const placed = await placeOrder(checkoutInput([{ id: p.id(0), quantity: 1 }]));
    if (!placed.ok) throw new Error(placed.message);
    expect(await listed()).toBe(3000);
    const result = await changeOrderStatus({
      orderId: placed.order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "test" },
      actor: "owner",
    });
    expect(result.ok).toBe(true);
    expect(await listed()).toBe(1000);
  });
});
