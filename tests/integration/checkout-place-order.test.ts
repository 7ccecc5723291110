import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  couponRedemptions,
  coupons,
  customers,
  emailOutbox,
  invoices,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orders,
  productVariations,
} from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createCoupon, createProduct, productStock } from "./checkout-factories";

beforeEach(resetDatabase);

async function placed(input: Parameters<typeof placeOrder>[0]) {
  const result = await placeOrder(input);
  if (!result.ok) throw new Error(`order refused: ${result.message}`);
  return result.order;
}

describe("placeOrder", () => {
  it("writes the whole order in one go from the server's prices", async () => {
    const flower = await createProduct({
      name: "Blue Dream",
      variations: [
        { size: "3.5", priceCents: 4500, stock: 5 },
        { size: "7", priceCents: 8500, stock: 3 },
      ],
    });
    const gummies = await createProduct({ name: "Gummies", priceCents: 1250, stock: 4 });
    await createCoupon({ code: "SAVE15", value: 15, minOrderCents: 7500 });

    const order = await placed(
      checkoutInput(
        [
          { id: flower.id(0), quantity: 2 },
          { id: flower.id(1), quantity: 1 },
          { id: gummies.id(), quantity: 3 },
        ],
        { couponCode: "save15", email: "jane@example.com" },
      ),
    );

    expect(order.orderNumber).toMatch(/^BBS-\d{8}$/);
    expect(order.accessToken.length).toBeGreaterThanOrEqual(32);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    // 2 × 45 + 85 + 3 × 12.50 = 212.50; 15% = 31.88 (rounded); 180.62 < 200 → $20 shipping.
    expect(row).toMatchObject({
      status: "pending",
      subtotalCents: 21250,
      discountCents: 3188,
      shippingCostCents: 2000,
      // + BC GST 5% of 200.62 (10.031 → 10.03) and PST 7% (14.0434 → 14.04) = 224.69.
      taxCents: 2407,
      totalAmountCents: 22469,
      couponCode: "SAVE15",
      shippingPostalCode: "V6B 1A1",
      shippingProvince: "BC",
    });

    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(
      items.map((i) => [i.productName, i.sizeLabel, i.quantity, i.priceAtPurchaseCents]).sort(),
    ).toEqual([
      ["Blue Dream", "3.5g", 2, 4500],
      ["Blue Dream", "7g", 1, 8500],
      ["Gummies", null, 3, 1250],
    ]);

    // Stock: each size and the product's total went down.
    expect(await productStock(flower.product.id)).toBe(5);
    const sizes = await db()
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(eq(productVariations.productId, flower.product.id))
      .orderBy(productVariations.position);
    expect(sizes.map((s) => s.stock)).toEqual([3, 2]);
    expect(await productStock(gummies.product.id)).toBe(1);

    const [history] = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toMatchObject({ fromStatus: null, toStatus: "pending" });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({ status: "pending", totalAmountCents: 22469 });
    const [coupon] = await db().select().from(coupons);
    expect(coupon!.usedCount).toBe(1);
    expect(await db().select().from(couponRedemptions)).toHaveLength(1);
    const [customer] = await db().select().from(customers);
    expect(customer).toMatchObject({
      email: "jane@example.com",
      name: "Jane Doe",
      city: "Vancouver",
    });
    expect(row!.customerId).toBe(customer!.id);

    const [sent] = await db().select().from(orderEmailsSent);
    expect(sent).toMatchObject({
      orderId: order.id,
      kind: "confirmation",
      sentTo: "jane@example.com",
    });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, sent!.outboxId!));
    expect(mail!.subject).toContain(order.orderNumber);
    expect(mail!.status).toBe("pending");
  });

  it("ignores any price the browser had and frees shipping from $200 after discount", async () => {
    const big = await createProduct({ priceCents: 11000, stock: 5 });
    await createCoupon({ code: "FREESHIP200", type: "fixed", value: 2000, minOrderCents: 20000 });
    const order = await placed(
      checkoutInput([{ id: big.id(), quantity: 2 }], { couponCode: "FREESHIP200" }),
    );
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      subtotalCents: 22000,
      discountCents: 2000,
      shippingCostCents: 0,
      totalAmountCents: 22400, // + GST $10.00 and PST $14.00
    });
  });

  it("keeps one customer per email and follows the latest details", async () => {
    const p = await createProduct({ stock: 5 });
    await placed(checkoutInput([{ id: p.id(), quantity: 1 }], { email: "sam@example.com" }));
    await placed(
      checkoutInput([{ id: p.id(), quantity: 1 }], {
        email: "sam@example.com",
        name: "Sam Smith",
        city: "Victoria",
      }),
    );
    const rows = await db().select().from(customers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Sam Smith", city: "Victoria" });
  });

  it("refuses a line it cannot fill, naming it, and changes nothing", async () => {
    const p = await createProduct({
      name: "Hash Brick",
      variations: [{ size: "7", priceCents: 3000, stock: 2 }],
    });
    const other = await createProduct({ stock: 5 });
    const result = await placeOrder(
      checkoutInput([
        { id: other.id(), quantity: 1 },
        { id: p.id(0), quantity: 3 },
      ]),
    );
    expect(result).toEqual({
      ok: false,
      field: "items",
      message: "Sorry, only 2 of Hash Brick (7g) left in stock. Please lower the quantity.",
      status: 422,
    });
    expect(await db().select().from(orders)).toHaveLength(0);
    expect(await productStock(other.product.id)).toBe(5);
    expect(await productStock(p.product.id)).toBe(2);
  });

  it("refuses products that are gone, archived, or a size that is not the product's", async () => {
    const archived = await createProduct({ status: "archived" });
    const a = await createProduct({ variations: [{ size: "1", priceCents: 1000, stock: 5 }] });
    const b = await createProduct({ variations: [{ size: "1", priceCents: 1000, stock: 5 }] });
    const mixed = `${a.product.id}_${b.variations[0]!.id}`;
    for (const id of [archived.id(), mixed, a.id(), "not-a-uuid", `${crypto.randomUUID()}`]) {
      const result = await placeOrder(checkoutInput([{ id, quantity: 1 }]));
      expect(result).toMatchObject({
        ok: false,
        field: "items",
        message: "An item in your cart is no longer available. Please remove it from your cart.",
      });
    }
  });

  it("re-checks the coupon at order time with the email", async () => {
    const p = await createProduct({ priceCents: 6000, stock: 5 });
    await createCoupon({ code: "WELCOME20", value: 20, perCustomerLimit: 1, minOrderCents: 5000 });
    await placed(checkoutInput([{ id: p.id(), quantity: 1 }], { couponCode: "WELCOME20" }));
    const again = await placeOrder(
      checkoutInput([{ id: p.id(), quantity: 1 }], { couponCode: "WELCOME20" }),
    );
    expect(again).toEqual({
      ok: false,
      field: "couponCode",
      message: "You have already used this coupon",
      status: 422,
    });
    const tooSmall = await placeOrder(
      checkoutInput([{ id: (await createProduct({ priceCents: 1000 })).id(), quantity: 1 }], {
        couponCode: "WELCOME20",
        email: "other@example.com",
      }),
    );
    expect(tooSmall).toMatchObject({
      ok: false,
      message: "Minimum order of $50.00 required for this coupon",
    });
    expect(await productStock(p.product.id)).toBe(4);
  });

  it("answers a retried submission with the same order", async () => {
    const p = await createProduct({ stock: 5 });
    const input = checkoutInput([{ id: p.id(), quantity: 2 }]);
    const first = await placeOrder(input);
    const second = await placeOrder(input);
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(second).toMatchObject({ ok: true, replayed: true });
    expect(second.ok && first.ok && second.order).toEqual(first.ok && first.order);
    expect(await db().select().from(orders)).toHaveLength(1);
    expect(await productStock(p.product.id)).toBe(3);
  });

  it("numbers orders BBS- plus 8 digits from a sequence", async () => {
    const p = await createProduct({ stock: 5 });
    const a = await placed(checkoutInput([{ id: p.id(), quantity: 1 }]));
    const b = await placed(checkoutInput([{ id: p.id(), quantity: 1 }]));
    expect(Number(b.orderNumber.slice(4))).toBe(Number(a.orderNumber.slice(4)) + 1);
  });
});

describe("quoteCart", () => {
  it("prices from the database, flags lines and applies the coupon", async () => {
    const p = await createProduct({
      name: "Kush",
      variations: [{ size: "3.5", priceCents: 4000, stock: 1 }],
    });
    await createCoupon({ code: "SAVE15", value: 15, minOrderCents: 7500 });
    const quote = await quoteCart({
      lines: [
        { id: p.id(0), quantity: 2 },
        { id: "gone", quantity: 1 },
      ],
      couponCode: "save15",
    });
    expect(quote.lines[0]).toMatchObject({
      status: "insufficient",
      name: "Kush (3.5g)",
      priceCents: 4000,
      available: 1,
      problem: "Sorry, only 1 of Kush (3.5g) left in stock. Please lower the quantity.",
    });
    expect(quote.lines[1]).toMatchObject({ status: "unavailable", id: "gone" });
    expect(quote.totals).toMatchObject({
      subtotalCents: 8000,
      discountCents: 1200,
      totalCents: 8800,
    });
    expect(quote.coupon).toEqual({
      code: "SAVE15",
      applied: true,
      message: 'Coupon "SAVE15" applied successfully!',
    });
  });
});
