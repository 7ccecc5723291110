import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as editRoute from "~/routes/admin/orders/edit";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import {
  editPendingOrder,
  previewOrderEdit,
  type OrderEditRequest,
} from "~/server/orders/order-edit.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { moveStock, stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import {
  auditLog,
  couponRedemptions,
  emailOutbox,
  invoices,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orderTaxLines,
  orders,
  productVariations,
  products,
  stockMovements,
} from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { testActor } from "../setup/audit";
import { checkoutInput, createCoupon, createProduct } from "./checkout-factories";

/**
 * Editing a pending order (app/server/orders/order-edit.server.ts): each path in one transaction
 * with its stock movements, totals, taxes, invoice, version, history, audit entry and email; every
 * refusal changes nothing stored. Orders ship to Vancouver, BC (GST 5 %, PST 7 %) unless moved.
 */
beforeEach(resetDatabase);

const ACTOR = testActor(null, "Manager Mo");

type Product = Awaited<ReturnType<typeof createProduct>>;

/** Blue Dream in 3.5g ($30) and 7g ($55), 10 each unless told; OG Kush 1g ($12). */
async function catalogue(stock = 10) {
  const dream = await createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 3000, stock },
      { size: "7", priceCents: 5500, stock },
    ],
  });
  const kush = await createProduct({
    name: "OG Kush",
    variations: [{ size: "1", priceCents: 1200, stock: 20 }],
  });
  return { dream, kush };
}

async function place(
  items: { id: string; quantity: number }[],
  options: { couponCode?: string } = {},
) {
  const placed = await placeOrder(checkoutInput(items, { couponCode: options.couponCode }));
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}

async function orderRow(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

async function lines(orderId: string) {
  return db()
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      sizeLabel: orderItems.sizeLabel,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceAtPurchaseCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel));
}

const ADDRESS = {
  name: "Jane Doe",
  street: "123 Main St",
  city: "Vancouver",
  province: "BC" as const,
  postalCode: "V6B 1A1",
};

/** An edit of the order as loaded now (its version), keeping the address unless told. */
async function edit(
  orderNumber: string,
  change: Partial<Omit<OrderEditRequest, "orderNumber" | "actor">>,
) {
  const order = await orderRow(orderNumber);
  return editPendingOrder({
    orderNumber,
    version: order.version,
    lines: [],
    add: [],
    address: ADDRESS,
    actor: ACTOR,
    ...change,
  });
}

/** Everything an edit may write: a refused edit leaves all of it as it was. */
async function stored(orderId: string) {
  const [order, items, taxes, invoice, sizes, goods, movements, history, audit, outbox] =
    await Promise.all([
      db().select().from(orders).where(eq(orders.id, orderId)),
      lines(orderId),
      db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, orderId)),
      db().select().from(invoices).where(eq(invoices.orderId, orderId)),
      db().select().from(productVariations).orderBy(asc(productVariations.id)),
      db().select({ id: products.id, stock: products.stock }).from(products),
      db().select().from(stockMovements),
      db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)),
      db().select().from(auditLog),
      db().select().from(emailOutbox),
    ]);
  return { order, items, taxes, invoice, sizes, goods, movements, history, audit, outbox };
}

async function sizeStock(product: Product, index: number) {
  const [row] = await db()
    .select({ stock: productVariations.stock })
    .from(productVariations)
    .where(eq(productVariations.id, product.variations[index]!.id));
  return row!.stock;
}

describe("editing a pending order", () => {
  it("changes a quantity: stock back through the ledger, totals, taxes, invoice, version, history, audit, email", async () => {
    const { dream } = await catalogue();
    const placed = await place([
      { id: dream.id(0), quantity: 2 },
      { id: dream.id(1), quantity: 1 },
    ]);
    const before = await orderRow(placed.orderNumber);
    // $115.00 + $20.00 shipping = $135.00, GST $6.75, PST $9.45: $151.20.
    expect(before.totalAmountCents).toBe(15120);
    const items = await lines(placed.id);
    const small = items.find((l) => l.sizeLabel === "3.5g")!;

    // The form's live totals: what the save below makes, with nothing written.
    const untouched = await stored(placed.id);
    const preview = await previewOrderEdit({
      orderNumber: placed.orderNumber,
      version: before.version,
      lines: [{ id: small.id, quantity: 1, remove: false }],
      add: [],
      address: ADDRESS,
      actor: ACTOR,
    });
    expect(preview).toMatchObject({
      ok: true,
      changed: true,
      totals: { subtotalCents: 8500, shippingCents: 2000, totalCents: 11760 },
    });
    expect(await stored(placed.id)).toEqual(untouched);

    const result = await edit(placed.orderNumber, {
      lines: [{ id: small.id, quantity: 1, remove: false }],
    });
    // $85.00 + $20.00 = $105.00, GST $5.25, PST $7.35: $117.60.
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      totalBeforeCents: 15120,
      totalAfterCents: 11760,
      summary: "Qty of Blue Dream 3.5g 2 → 1; taxes $16.20 → $12.60; total $151.20 → $117.60",
    });

    const after = await orderRow(placed.orderNumber);
    expect(after).toMatchObject({
      status: "pending",
      version: before.version + 1,
      subtotalCents: 8500,
      discountCents: 0,
      shippingCostCents: 2000,
      taxCents: 1260,
      totalAmountCents: 11760,
    });
    expect((await lines(placed.id)).map((l) => [l.sizeLabel, l.quantity, l.priceCents])).toEqual([
      ["3.5g", 1, 3000],
      ["7g", 1, 5500],
    ]);
    const taxes = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, placed.id))
      .orderBy(asc(orderTaxLines.position));
    expect(taxes.map((t) => [t.label, t.taxableCents, t.amountCents])).toEqual([
      ["GST 5%", 10500, 525],
      ["PST 7%", 10500, 735],
    ]);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, placed.id));
    expect(invoice!.totalAmountCents).toBe(11760);

    // One unit back on the 3.5g, an "order edited" movement naming the order.
    expect(await sizeStock(dream, 0)).toBe(9);
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, "order_edited"));
    expect(moves).toEqual([
      expect.objectContaining({
        variationId: dream.variations[0]!.id,
        quantity: 1,
        stockAfter: 9,
        orderId: placed.id,
        note: `Order ${placed.orderNumber} edited`,
      }),
    ]);
    expect(await stockDiscrepancies()).toEqual([]);

    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.id))
      .orderBy(asc(orderStatusHistory.createdAt));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "pending",
      changedBy: "Manager Mo",
      note: "Qty of Blue Dream 3.5g 2 → 1; taxes $16.20 → $12.60; total $151.20 → $117.60",
    });

    const [audit] = await db().select().from(auditLog);
    expect(audit).toMatchObject({
      adminName: "Manager Mo",
      area: "orders",
      action: "update",
      recordType: "order",
      recordId: placed.orderNumber,
      changes: {
        items: ["2 × Blue Dream 3.5g, 1 × Blue Dream 7g", "1 × Blue Dream 3.5g, 1 × Blue Dream 7g"],
        subtotal: ["$115.00", "$85.00"],
        taxes: ["$16.20 (GST 5%, PST 7%)", "$12.60 (GST 5%, PST 7%)"],
        total: ["$151.20", "$117.60"],
      },
    });
    expect(audit!.changes).not.toHaveProperty("shippingAddress");

    // The shopper's "Your order was updated", listed on the order.
    const [sent] = await db()
      .select()
      .from(orderEmailsSent)
      .where(eq(orderEmailsSent.kind, "updated"));
    expect(sent).toMatchObject({ orderId: placed.id, sentTo: "jane@example.com" });
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, sent!.outboxId!));
    expect(email).toMatchObject({ kind: "order_updated", toAddress: "jane@example.com" });
    expect(email!.subject).toContain(`your order ${placed.orderNumber} was updated`);
    for (const body of [email!.text, email!.html]) {
      expect(body).toContain("Your order was updated");
      expect(body).toContain("$117.60");
      expect(body).toContain("payments@budzboutique.ca");
      expect(body).toContain("Blue Dream");
      expect(body).toContain("must arrive by");
    }
    expect(email!.text).toMatch(/Amount: +\$117\.60/);
    expect(email!.text).toContain("The amount to pay is now $117.60 (it was $151.20)");
    expect(email!.text).toContain("1 × Blue Dream (3.5g): $30.00");
  });

  it("removes a line (its units back in stock); an order left with no line is refused", async () => {
    const { dream } = await catalogue();
    const placed = await place([
      { id: dream.id(0), quantity: 2 },
      { id: dream.id(1), quantity: 1 },
    ]);
    const [small, large] = await lines(placed.id);
    const result = await edit(placed.orderNumber, {
      lines: [{ id: large!.id, quantity: 0, remove: true }],
    });
    expect(result).toMatchObject({ ok: true, changed: true });
    if (result.ok) expect(result.summary).toMatch(/^Removed Blue Dream 7g × 1; /);
    expect((await lines(placed.id)).map((l) => l.sizeLabel)).toEqual(["3.5g"]);
    expect(await sizeStock(dream, 1)).toBe(10);
    expect((await orderRow(placed.orderNumber)).subtotalCents).toBe(6000);

    const before = await stored(placed.id);
    const empty = await edit(placed.orderNumber, {
      lines: [{ id: small!.id, quantity: 0, remove: true }],
    });
    expect(empty).toMatchObject({ ok: false, status: 422 });
    if (!empty.ok) expect(empty.message).toMatch(/at least one item.*cancel the order/);
    expect(await stored(placed.id)).toEqual(before);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("adds a size at today's price while kept lines keep theirs", async () => {
    const { dream, kush } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    // Prices moved since the order: the kept line stays at $30.00, OG Kush is added at $14.00.
    await db()
      .update(productVariations)
      .set({ priceCents: 3300 })
      .where(eq(productVariations.id, dream.variations[0]!.id));
    await db()
      .update(productVariations)
      .set({ priceCents: 1400 })
      .where(eq(productVariations.id, kush.variations[0]!.id));
    const result = await edit(placed.orderNumber, { add: [{ item: kush.id(0), quantity: 3 }] });
    expect(result).toMatchObject({ ok: true, changed: true });
    if (result.ok) expect(result.summary).toMatch(/^Added OG Kush 1g × 3 at \$14\.00; /);
    expect((await lines(placed.id)).map((l) => [l.productName, l.quantity, l.priceCents])).toEqual([
      ["Blue Dream", 2, 3000],
      ["OG Kush", 3, 1400],
    ]);
    expect((await orderRow(placed.orderNumber)).subtotalCents).toBe(10200);
    expect(await sizeStock(kush, 0)).toBe(17);
    const [move] = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, "order_edited"));
    expect(move).toMatchObject({ quantity: -3, reason: "order_edited", orderId: placed.id });
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("refuses an added size that is unknown, not sold, already a line, $0.00 or over stock", async () => {
    const { dream, kush } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 1 }]);
    const archived = await createProduct({ name: "Old Stock", status: "archived", stock: 5 });
    const free = await createProduct({ name: "Freebie", priceCents: 0, stock: 5 });
    const before = await stored(placed.id);
    const cases: [OrderEditRequest["add"], number, RegExp, string][] = [
      [
        [{ item: "00000000-0000-4000-8000-000000000000", quantity: 1 }],
        400,
        /not sold/,
        "add.0.item",
      ],
      [[{ item: archived.id(), quantity: 1 }], 400, /not sold/, "add.0.item"],
      [[{ item: dream.product.id, quantity: 1 }], 400, /not sold/, "add.0.item"],
      [[{ item: dream.id(0), quantity: 1 }], 422, /already on this order/, "add.0.item"],
      [[{ item: free.id(), quantity: 1 }], 422, /no price yet/, "add.0.item"],
      [[{ item: kush.id(0), quantity: 21 }], 409, /only 20 are left/, "add.0.quantity"],
      [
        [
          { item: kush.id(0), quantity: 1 },
          { item: kush.id(0), quantity: 1 },
        ],
        400,
        /added twice/,
        "add.1.item",
      ],
    ];
    for (const [add, status, message, field] of cases) {
      const result = await edit(placed.orderNumber, { add });
      expect(result, JSON.stringify(add)).toMatchObject({ ok: false, status });
      if (!result.ok) {
        expect(result.message).toMatch(message);
        expect(Object.keys(result.errors ?? {})).toEqual([field]);
      }
    }
    expect(await stored(placed.id)).toEqual(before);
  });

  it("changes the shipping address: taxes follow the new province; one not served is refused", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const result = await edit(placed.orderNumber, {
      address: {
        name: "Jane Doe",
        street: "1 Water St",
        city: "St. John's",
        province: "NL",
        postalCode: "A1C 5M1",
      },
    });
    expect(result).toMatchObject({ ok: true, changed: true });
    if (result.ok)
      expect(result.summary).toBe(
        "Ship to Jane Doe, 1 Water St, St. John's, NL A1C 5M1 (British Columbia → Newfoundland and Labrador); taxes $9.60 → $12.00; total $89.60 → $92.00",
      );
    const after = await orderRow(placed.orderNumber);
    expect(after).toMatchObject({
      shippingStreet: "1 Water St",
      shippingCity: "St. John's",
      shippingProvince: "NL",
      shippingPostalCode: "A1C 5M1",
      subtotalCents: 6000,
      taxCents: 1200,
      totalAmountCents: 9200,
    });
    const taxes = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, placed.id));
    expect(taxes.map((t) => t.label)).toEqual(["HST 15%"]);
    // No stock moved for an address.
    expect(
      await db().select().from(stockMovements).where(eq(stockMovements.reason, "order_edited")),
    ).toEqual([]);

    // A province whose law allows no parcel (docs/product/fulfilment.md).
    expect(
      await edit(placed.orderNumber, {
        address: { ...ADDRESS, city: "Toronto", province: "ON", postalCode: "M5J 2N8" },
      }),
    ).toMatchObject({
      ok: false,
      status: 422,
      errors: {
        province:
          "Canada Post parcel is not allowed in Ontario. Ask the shopper to place a new order instead.",
      },
    });

    // A province the store does not serve.
    const { provinceRules } = await import("~/server/db-tables");
    await db().insert(provinceRules).values({ province: "QC", ships: false, minimumAge: 21 });
    const before = await stored(placed.id);
    const refused = await edit(placed.orderNumber, {
      address: { ...ADDRESS, city: "Montréal", province: "QC", postalCode: "H2X 1Y4" },
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      errors: { province: expect.any(String) },
    });
    expect(await stored(placed.id)).toEqual(before);
  });

  it("re-checks the coupon's minimum (refused, never dropped) and recomputes its discount", async () => {
    const { dream } = await catalogue();
    await createCoupon({ code: "SAVE15", type: "percentage", value: 15, minOrderCents: 7500 });
    const placed = await place(
      [
        { id: dream.id(0), quantity: 2 },
        { id: dream.id(1), quantity: 1 },
      ],
      { couponCode: "SAVE15" },
    );
    const [small, large] = await lines(placed.id);
    expect((await orderRow(placed.orderNumber)).discountCents).toBe(1725);

    // $60.00 left is under the $75.00 minimum: refused with the numbers, nothing changes.
    const before = await stored(placed.id);
    const refused = await edit(placed.orderNumber, {
      lines: [{ id: large!.id, quantity: 0, remove: true }],
    });
    expect(refused).toMatchObject({ ok: false, status: 422 });
    if (!refused.ok)
      expect(refused.message).toBe(
        "Coupon SAVE15 needs an order of at least $75.00; after this change the subtotal would be $60.00. Keep the subtotal at $75.00 or more, or cancel the order instead.",
      );
    expect(await stored(placed.id)).toEqual(before);

    // Still over the minimum: the percentage follows the new subtotal, the coupon use stays.
    const kept = await edit(placed.orderNumber, {
      lines: [{ id: small!.id, quantity: 1, remove: false }],
    });
    expect(kept).toMatchObject({ ok: true, changed: true });
    expect(await orderRow(placed.orderNumber)).toMatchObject({
      couponCode: "SAVE15",
      subtotalCents: 8500,
      discountCents: 1275,
    });
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.id)),
    ).toHaveLength(1);
  });

  it("re-checks the free-shipping threshold both ways", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(1), quantity: 3 }]); // $165.00: $20 shipping
    const [line] = await lines(placed.id);
    expect((await orderRow(placed.orderNumber)).shippingCostCents).toBe(2000);

    const up = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 4, remove: false }],
    }); // $220.00: free
    expect(up).toMatchObject({ ok: true });
    if (up.ok) expect(up.summary).toContain("shipping $20.00 → FREE");
    expect(await orderRow(placed.orderNumber)).toMatchObject({
      subtotalCents: 22000,
      shippingCostCents: 0,
    });

    const down = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 2, remove: false }],
    });
    expect(down).toMatchObject({ ok: true });
    if (down.ok) expect(down.summary).toContain("shipping FREE → $20.00");
    expect((await orderRow(placed.orderNumber)).shippingCostCents).toBe(2000);
    expect(await sizeStock(dream, 1)).toBe(8);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("keeps an order within 30 g: more is refused over the limit, less is always allowed", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(1), quantity: 4 }]); // 28 g
    const [line] = await lines(placed.id);
    const before = await stored(placed.id);
    const over = await edit(placed.orderNumber, { add: [{ item: dream.id(0), quantity: 1 }] });
    expect(over).toMatchObject({ ok: false, status: 422 });
    if (!over.ok)
      expect(over.message).toBe(
        "This order would hold 31.5 g of dried cannabis or its equivalent, over the legal limit of 30 g per order. Lower a quantity or remove an item.",
      );
    const raised = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 5, remove: false }],
    });
    expect(raised).toMatchObject({ ok: false, status: 422 });
    expect(await stored(placed.id)).toEqual(before);

    const less = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 3, remove: false }],
      add: [{ item: dream.id(0), quantity: 2 }], // 21 g + 7 g = 28 g
    });
    expect(less).toMatchObject({ ok: true, changed: true });
  });

  it("refuses more than is in stock with how many are left, changing nothing", async () => {
    const { dream } = await catalogue(3);
    const placed = await place([{ id: dream.id(0), quantity: 2 }]); // 1 left
    const [line] = await lines(placed.id);
    const before = await stored(placed.id);
    const result = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 4, remove: false }],
    });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      errors: { "lines.0.quantity": expect.any(String) },
    });
    if (!result.ok)
      expect(result.message).toBe(
        "Not enough Blue Dream 3.5g in stock: this needs 2 more, only 1 is left.",
      );
    expect(await stored(placed.id)).toEqual(before);
    // Exactly what is left is fine.
    const fits = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 3, remove: false }],
    });
    expect(fits).toMatchObject({ ok: true });
    expect(await sizeStock(dream, 0)).toBe(0);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("refuses a stale version with 409, and another order's or an unknown line", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const other = await place([{ id: dream.id(1), quantity: 1 }]);
    const [line] = await lines(placed.id);
    const [otherLine] = await lines(other.id);
    const first = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 1, remove: false }],
    });
    expect(first).toMatchObject({ ok: true });
    const before = await stored(placed.id);
    const stale = await editPendingOrder({
      orderNumber: placed.orderNumber,
      version: 1,
      lines: [{ id: line!.id, quantity: 3, remove: false }],
      add: [],
      address: ADDRESS,
      actor: ACTOR,
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (!stale.ok) expect(stale.message).toMatch(/changed while you were editing it/);

    const foreign = await edit(placed.orderNumber, {
      lines: [{ id: otherLine!.id, quantity: 1, remove: true }],
    });
    expect(foreign).toMatchObject({ ok: false, status: 400 });
    if (!foreign.ok) expect(foreign.message).toMatch(/not on order/);
    const unknown = await edit(placed.orderNumber, {
      lines: [{ id: "00000000-0000-4000-8000-000000000000", quantity: 1, remove: false }],
    });
    expect(unknown).toMatchObject({ ok: false, status: 400 });
    expect(await stored(placed.id)).toEqual(before);
    expect(
      await editPendingOrder({
        orderNumber: "BBS-99999999",
        version: 1,
        lines: [],
        add: [],
        address: ADDRESS,
        actor: ACTOR,
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("lets one of two edits made at once from the same form through, the other a 409", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const [line] = await lines(placed.id);
    const [a, b] = await Promise.all([
      edit(placed.orderNumber, { lines: [{ id: line!.id, quantity: 1, remove: false }] }),
      edit(placed.orderNumber, { lines: [{ id: line!.id, quantity: 5, remove: false }] }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const refused = a.ok ? b : a;
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((await orderRow(placed.orderNumber)).version).toBe(2);
    expect(
      await db()
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.toStatus, "pending")),
    ).toHaveLength(2); // placed, then one edit
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("never edits a paid order (refund instead) nor a cancelled one", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const [line] = await lines(placed.id);
    const paid = await changeOrderStatus({
      orderId: placed.id,
      expectedStatus: "pending",
      change: {
        to: "paid",
        reference: "CA1",
        amountReceivedCents: (await orderRow(placed.orderNumber)).totalAmountCents,
      },
      actor: "test",
    });
    expect(paid.ok).toBe(true);
    const before = await stored(placed.id);
    const refused = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 1, remove: false }],
    });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    if (!refused.ok)
      expect(refused.message).toBe(
        `Order ${placed.orderNumber} is Paid. Paid orders can't be edited; refund instead.`,
      );
    expect(await stored(placed.id)).toEqual(before);

    const other = await place([{ id: dream.id(1), quantity: 1 }]);
    await changeOrderStatus({
      orderId: other.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Asked" },
      actor: "test",
    });
    const cancelled = await edit(other.orderNumber, { add: [{ item: dream.id(0), quantity: 1 }] });
    expect(cancelled).toMatchObject({ ok: false, status: 409 });
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("saves nothing (no version, history or email) when the form changes nothing", async () => {
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const [line] = await lines(placed.id);
    const before = await stored(placed.id);
    const result = await edit(placed.orderNumber, {
      lines: [{ id: line!.id, quantity: 2, remove: false }],
    });
    expect(result).toMatchObject({ ok: true, changed: false, summary: "" });
    expect(await stored(placed.id)).toEqual(before);
  });

  it("lowers a line whose size was removed since without restocking it, and refuses raising it", async () => {
    const { dream } = await catalogue();
    const placed = await place([
      { id: dream.id(0), quantity: 3 },
      { id: dream.id(1), quantity: 1 },
    ]);
    const [small] = await lines(placed.id);
    // The 3.5g size is removed (emptied and archived, as the product form does): the line keeps
    // its name and size label.
    const removed = dream.variations[0]!.id;
    await db().transaction((tx) =>
      moveStock(tx, {
        productId: dream.product.id,
        variationId: removed,
        change: { set: 0 },
        reason: "count_correction",
        note: "Size removed",
      }),
    );
    await db()
      .update(productVariations)
      .set({ archivedAt: new Date() })
      .where(eq(productVariations.id, removed));
    const raised = await edit(placed.orderNumber, {
      lines: [{ id: small!.id, quantity: 4, remove: false }],
    });
    expect(raised).toMatchObject({ ok: false, status: 422 });
    if (!raised.ok) expect(raised.message).toMatch(/no longer sold/);
    const lowered = await edit(placed.orderNumber, {
      lines: [{ id: small!.id, quantity: 1, remove: false }],
    });
    expect(lowered).toMatchObject({ ok: true, changed: true });
    expect(await stockDiscrepancies()).toEqual([]);
  });
});

describe("the edit page (/budzadmin/dashboard/orders/:orderNumber/edit)", () => {
  const ORIGIN = "http://store.test";
  type Answer = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

  async function session(role: "manager" | "staff") {
    const admin = await createAdminUser({
      username: `edit-${role}`,
      password: "edit-pass-1",
      role,
    });
    return (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  }

  function request(cookie: string, orderNumber: string, fields?: Record<string, string>) {
    const url = `${ORIGIN}/budzadmin/dashboard/orders/${orderNumber}/edit`;
    if (!fields) return new Request(url, { headers: { Cookie: cookie } });
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return new Request(url, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body });
  }

  it("refuses bad input with a 4xx and its message on the field, changing nothing", async () => {
    const cookie = await session("manager");
    const { dream, kush } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const [line] = await lines(placed.id);
    const valid = {
      version: "1",
      "lines.0.id": line!.id,
      "lines.0.quantity": "2",
      name: "Jane Doe",
      street: "123 Main St",
      city: "Vancouver",
      province: "BC",
      postalCode: "V6B 1A1",
    };
    const before = await stored(placed.id);
    const cases: [Record<string, string>, number, string, RegExp][] = [
      [{ "lines.0.quantity": "0" }, 400, "lines.0.quantity", /whole number from 1/],
      [{ "lines.0.quantity": "-1" }, 400, "lines.0.quantity", /whole number from 1/],
      [{ "lines.0.quantity": "1.5" }, 400, "lines.0.quantity", /whole number from 1/],
      [{ "lines.0.quantity": "lots" }, 400, "lines.0.quantity", /whole number from 1/],
      [{ "lines.0.quantity": "100" }, 400, "lines.0.quantity", /whole number from 1/],
      [{ "lines.0.id": "1 or 1=1" }, 400, "lines.0.id", /not on the order/],
      [{ "add.0.item": "<script>", "add.0.quantity": "1" }, 400, "add.0.item", /Choose/],
      [{ "add.0.item": kush.id(0), "add.0.quantity": "0" }, 400, "add.0.quantity", /whole/],
      [{ postalCode: "12345" }, 400, "postalCode", /postal code like A1A 1A1/],
      [{ postalCode: "M5J 2N8" }, 400, "postalCode", /not in the chosen province/],
      [{ province: "XX" }, 400, "province", /province or territory/],
      [{ name: "" }, 400, "name", /Full name is required/],
      [{ version: "" }, 400, "version", /out of date/],
      [{ version: "7", "lines.0.quantity": "1" }, 409, "form", /changed while you were editing/],
      [
        { "lines.0.quantity": "1", "add.0.item": kush.id(0), "add.0.quantity": "25" },
        409,
        "add.0.quantity",
        /only 20 are left/,
      ],
    ];
    for (const [fields, status, field, message] of cases) {
      const answer = (await callRoute(
        editRoute,
        "action",
        request(cookie, placed.orderNumber, { ...valid, ...fields }),
        { orderNumber: placed.orderNumber },
      )) as Answer;
      expect(answer.init?.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data?.errors?.[field], JSON.stringify(fields)).toMatch(message);
    }
    expect(await stored(placed.id)).toEqual(before);
  });

  it("saves a change with a toast back on the order page; staff may not edit orders", async () => {
    const cookie = await session("manager");
    const { dream, kush } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 2 }]);
    const [line] = await lines(placed.id);

    const page = (await callRoute(editRoute, "loader", request(cookie, placed.orderNumber), {
      orderNumber: placed.orderNumber,
    })) as { order: { version: number }; sizes: { id: string }[]; refusal: string | null };
    expect(page.refusal).toBeNull();
    expect(page.order.version).toBe(1);
    expect(page.sizes.map((s) => s.id)).toEqual(
      expect.arrayContaining([dream.id(0), dream.id(1), kush.id(0)]),
    );

    const answer = (await callRoute(
      editRoute,
      "action",
      request(cookie, placed.orderNumber, {
        version: "1",
        "lines.0.id": line!.id,
        "lines.0.quantity": "1",
        "add.0.item": kush.id(0),
        "add.0.quantity": "2",
        "add.1.item": "",
        "add.1.quantity": "1",
        name: "Jane Doe",
        street: "123 Main St",
        city: "Vancouver",
        province: "BC",
        postalCode: "v6b1a1",
      }),
      { orderNumber: placed.orderNumber },
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      `/budzadmin/dashboard/orders/${placed.orderNumber}`,
    );
    expect(answer.headers.get("Set-Cookie")).toContain("budz_admin_flash");
    expect((await lines(placed.id)).map((l) => [l.productName, l.quantity])).toEqual([
      ["Blue Dream", 1],
      ["OG Kush", 2],
    ]);
    const [history] = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.changedBy, "edit-manager"));
    expect(history!.note).toMatch(
      /^Qty of Blue Dream 3\.5g 2 → 1; added OG Kush 1g × 2 at \$12\.00; /,
    );

    // Staff hold `orders` but not `orders.edit`: 403 for the page and its action.
    const staff = await session("staff");
    for (const kind of ["loader", "action"] as const)
      await expect(
        callRoute(
          editRoute,
          kind,
          request(staff, placed.orderNumber, kind === "action" ? { version: "2" } : undefined),
          { orderNumber: placed.orderNumber },
        ),
      ).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("shows why a paid order can't be edited, and 404 for an unknown one", async () => {
    const cookie = await session("manager");
    const { dream } = await catalogue();
    const placed = await place([{ id: dream.id(0), quantity: 1 }]);
    await changeOrderStatus({
      orderId: placed.id,
      expectedStatus: "pending",
      change: {
        to: "paid",
        reference: "CA1",
        amountReceivedCents: (await orderRow(placed.orderNumber)).totalAmountCents,
      },
      actor: "test",
    });
    const page = (await callRoute(editRoute, "loader", request(cookie, placed.orderNumber), {
      orderNumber: placed.orderNumber,
    })) as { refusal: string | null; sizes: unknown[] };
    expect(page.refusal).toBe(
      `Order ${placed.orderNumber} is Paid. Paid orders can't be edited; refund instead.`,
    );
    expect(page.sizes).toEqual([]);
    await expect(
      callRoute(editRoute, "loader", request(cookie, "BBS-99999999"), {
        orderNumber: "BBS-99999999",
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
