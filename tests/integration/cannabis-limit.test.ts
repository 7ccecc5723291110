import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as checkoutRoute from "~/routes/store/checkout";
import { db } from "~/server/db.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { orders, productVariations } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct, productStock } from "./checkout-factories";

beforeEach(resetDatabase);

const OVER_35 =
  "Your cart holds 35 g of dried cannabis or its equivalent, over the legal limit of 30 g per order. Please lower a quantity or remove an item.";

async function flower() {
  return createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 4500, stock: 50 },
      { size: "7", priceCents: 8500, stock: 50 },
    ],
  });
}

describe("the 30 g limit in the cart quote", () => {
  it("adds up every kind's dried equivalent", async () => {
    const blue = await flower();
    const rosin = await createProduct({
      name: "Rosin",
      category: "concentrates",
      netAmountMilli: 1000, // 1 g of concentrate = 4 g dried
      stock: 9,
    });
    const gummies = await createProduct({
      name: "Gummies",
      category: "edibles",
      variations: [
        { size: "10", sizeUnit: "pieces", priceCents: 2000, stock: 9, netAmountMilli: 45_000 },
      ],
    });
    const tea = await createProduct({ name: "Tea", category: "mushrooms", netAmountMilli: null });
    const quote = await quoteCart({
      lines: [
        { id: blue.id(0), quantity: 2 }, // 7 g
        { id: rosin.id(), quantity: 1 }, // 4 g
        { id: gummies.id(0), quantity: 1 }, // 45 g / 15 = 3 g
        { id: tea.id(), quantity: 5 }, // not cannabis
      ],
    });
    expect(quote.cannabis).toEqual({ totalMg: 14_000, limitMg: 30_000, message: null });
    expect(quote.lines.map((l) => ("driedMg" in l ? l.driedMg : undefined))).toEqual([
      3500, 4000, 3000, 0,
    ]);
  });

  it("flags a cart over 30 g, and a cannabis item whose amount is not set", async () => {
    const blue = await flower();
    expect((await quoteCart({ lines: [{ id: blue.id(1), quantity: 5 }] })).cannabis.message).toBe(
      OVER_35,
    );
    expect(
      (
        await quoteCart({
          lines: [
            { id: blue.id(1), quantity: 4 },
            { id: blue.id(0), quantity: 1 },
          ],
        })
      ).cannabis.message,
    ).toBe(
      "Your cart holds 31.5 g of dried cannabis or its equivalent, over the legal limit of 30 g per order. Please lower a quantity or remove an item.",
    );
    const mystery = await createProduct({
      name: "Mystery Gummies",
      category: "edibles",
      variations: [{ size: "5", sizeUnit: "pieces", priceCents: 1500, stock: 4 }],
    });
    expect(
      (await quoteCart({ lines: [{ id: mystery.id(0), quantity: 1 }] })).cannabis.message,
    ).toBe(
      "Sorry, Mystery Gummies (5 pieces) can't be ordered yet: its cannabis amount is not set. Please remove it from your cart.",
    );
  });
});

describe("the 30 g limit when an order is placed", () => {
  it("refuses an order over 30 g inside the transaction: nothing is written", async () => {
    const blue = await flower();
    const result = await placeOrder(checkoutInput([{ id: blue.id(1), quantity: 5 }]));
    expect(result).toEqual({ ok: false, field: "items", message: OVER_35, status: 422 });
    const [{ n }] = (await db().select({ n: count() }).from(orders)) as [{ n: number }];
    expect(n).toBe(0);
    expect(await productStock(blue.product.id)).toBe(100);
  });

  it("places exactly 30 g", async () => {
    const blue = await flower();
    const result = await placeOrder(
      checkoutInput([
        { id: blue.id(1), quantity: 3 },
        { id: blue.id(0), quantity: 2 },
        { id: (await createProduct({ name: "Pre-roll", netAmountMilli: 1000 })).id(), quantity: 2 },
      ]),
    );
    expect(result.ok).toBe(true);
  });

  it("re-reads the amounts: a size re-weighed after the quote is checked as it is now", async () => {
    const blue = await flower();
    const items = [{ id: blue.id(0), quantity: 8 }]; // 8 × 3.5 g = 28 g
    expect((await quoteCart({ lines: items })).cannabis.message).toBeNull();
    await db()
      .update(productVariations)
      .set({ netAmountMilli: 4000 })
      .where(eq(productVariations.id, blue.variations[0]!.id));
    const result = await placeOrder(checkoutInput(items));
    expect(result).toMatchObject({ ok: false, field: "items" });
  });

  it("the checkout answers 409 with the message", async () => {
    const blue = await flower();
    const body = new URLSearchParams({
      email: "jane@example.com",
      phone: "604-555-0100",
      name: "Jane Doe",
      street: "1 Main St",
      city: "Vancouver",
      province: "BC",
      postalCode: "V6B 1A1",
      ageConfirmed: "on",
      idempotencyKey: "limit-test-key-0123456789",
      items: JSON.stringify([{ id: blue.id(1), quantity: 5 }]),
    });
    const request = new Request("http://store.test/checkout", {
      method: "POST",
      headers: { Origin: "http://store.test", "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const response = (await callRoute(checkoutRoute, "action", request)) as unknown as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(response.init.status).toBe(409);
    expect(response.data.errors.items).toBe(OVER_35);
  });
});
