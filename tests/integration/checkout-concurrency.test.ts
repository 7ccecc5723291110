import { and, count, eq } from "drizzle-orm";
import { testActor } from "../setup/audit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { db } from "~/server/db.server";
import { adjustStock, stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import { recallLot } from "~/server/inventory/lot-recall.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  stockLots,
  stockMovements,
} from "~/server/db-tables";
import { resetDatabase, testDriver } from "../setup/database";
import { checkoutInput, createCoupon, createProduct, productStock } from "./checkout-factories";

// Runs on PGlite and, with TEST_DATABASE_URL (scripts/with-postgres.sh), on a real PostgreSQL where
// the orders really do run at the same time on separate connections.
beforeEach(resetDatabase);
// The stock ledger's invariant (npm run stock:check) holds after every burst.
afterEach(async () => expect(await stockDiscrepancies()).toEqual([]));

describe(`concurrent checkouts (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("200 buyers for 10 units sell exactly 10", async () => {
    const p = await createProduct({
      name: "Last Batch",
      variations: [{ size: "3.5", priceCents: 4000, stock: 10 }],
    });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOrder(
          checkoutInput([{ id: p.id(0), quantity: 1 }], { email: `buyer${i}@example.com` }),
        ),
      ),
    );
    const sold = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.message).toMatch(/Last Batch \(3\.5g\)/);
    expect(await productStock(p.product.id)).toBe(0);
    const [orderCount] = await db().select({ n: count() }).from(orders);
    const [itemCount] = await db().select({ n: count() }).from(orderItems);
    expect(orderCount!.n).toBe(10);
    expect(itemCount!.n).toBe(10);
    expect(testDriver()).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("a coupon with 5 uses left is used exactly 5 times by 50 orders", async () => {
    const p = await createProduct({ priceCents: 1000, stock: 100 });
    const coupon = await createCoupon({ code: "LAST5", value: 10, maxUses: 105, usedCount: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(
          checkoutInput([{ id: p.id(), quantity: 1 }], {
            email: `buyer${i}@example.com`,
            couponCode: "LAST5",
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const r of results.filter((r) => !r.ok))
      expect(r.message).toBe("This coupon has reached its usage limit");
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(105);
    const [redeemed] = await db().select({ n: count() }).from(couponRedemptions);
    expect(redeemed!.n).toBe(5);
    expect(await productStock(p.product.id)).toBe(95);
  });

  it("a one-per-customer coupon is used once by one email sending 10 orders at once", async () => {
    const p = await createProduct({ priceCents: 6000, stock: 100 });
    await createCoupon({ code: "WELCOME20", value: 20, perCustomerLimit: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(checkoutInput([{ id: p.id(), quantity: 1 }], { couponCode: "WELCOME20" })),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(r.message).toBe("You have already used this coupon");
  });

  it("the same idempotency key sent 20 times at once makes one order", async () => {
    const p = await createProduct({ stock: 50 });
    const input = checkoutInput([{ id: p.id(), quantity: 2 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder({ ...input })));
    expect(results.every((r) => r.ok)).toBe(true);
    const numbers = new Set(results.map((r) => r.ok && r.order.orderNumber));
    expect(numbers.size).toBe(1);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    const [orderCount] = await db().select({ n: count() }).from(orders);
    expect(orderCount!.n).toBe(1);
    expect(await productStock(p.product.id)).toBe(48);
  });

  it("orders crossing the same products in opposite orders never deadlock", async () => {
    const a = await createProduct({ stock: 100 });
    const b = await createProduct({ stock: 100 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        placeOrder(
          checkoutInput(
            i % 2
              ? [
                  { id: a.id(), quantity: 1 },
                  { id: b.id(), quantity: 1 },
                ]
              : [
                  { id: b.id(), quantity: 1 },
                  { id: a.id(), quantity: 1 },
                ],
          ),
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await productStock(a.product.id)).toBe(60);
    expect(await productStock(b.product.id)).toBe(60);
  });

  it("staff adjusting stock while orders are placed and cancelled: every unit accounted for", async () => {
    const p = await createProduct({ variations: [{ size: "1", priceCents: 1000, stock: 30 }] });
    const admin = await createAdminUser({ username: "stock-staff", password: "staff-pass-1" });
    const sizeId = p.variations[0]!.id;
    const adjust = (mode: "add" | "remove" | "set", quantity: number) =>
      adjustStock({
        productId: p.product.id,
        variationId: sizeId,
        mode,
        quantity,
        reason: mode === "add" ? "received" : "count_correction",
        note: null,
        actor: testActor(admin.id),
      });
    const orderResults = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(checkoutInput([{ id: p.id(0), quantity: 2 }], { email: `b${i}@example.com` })),
      ),
    );
    const added = Promise.all(Array.from({ length: 10 }, () => adjust("add", 3)));
    const removals = Promise.all(Array.from({ length: 10 }, () => adjust("remove", 1)));
    const [placed, adds] = await Promise.all([orderResults, added, removals]);
    expect(adds.every((r) => r.ok)).toBe(true);
    const cancels = await Promise.all(
      placed.slice(0, 5).map((r) =>
        r.ok
          ? changeOrderStatus({
              orderId: r.order.id,
              expectedStatus: "pending",
              change: { to: "cancelled", reason: "Test" },
              actor: "test",
            })
          : undefined,
      ),
    );
    const sold = placed.filter((r) => r.ok).length;
    const back = cancels.filter((r) => r?.ok).length;
    const removed = (await removals).filter((r) => r.ok).length;
    expect(await productStock(p.product.id)).toBe(30 + 30 - removed - 2 * sold + 2 * back);
  });

  it("a recall while 50 checkouts take its lot: each unit is sold before the recall or not at all", async () => {
    const p = await createProduct({
      name: "Recalled Batch",
      variations: [{ size: "3.5", priceCents: 4000, stock: 0 }],
    });
    const variationId = p.variations[0]!.id;
    const adminId = (await createAdminUser({ username: "recaller", password: "recall-pass-1" })).id;
    for (const [lotNumber, quantity, expiresOn] of [
      ["RC-1", 30, "2027-01-31"],
      ["SAFE-1", 5, "2027-12-31"],
    ] as const)
      await adjustStock({
        productId: p.product.id,
        variationId,
        mode: "add",
        quantity,
        reason: "received",
        note: null,
        lot: {
          receive: { lotNumber, packagedOn: "2026-10-01", expiresOn, supplier: null, coaUrl: null },
        },
        actor: testActor(adminId),
      });
    const [recalled] = await db()
      .select()
      .from(stockLots)
      .where(and(eq(stockLots.variationId, variationId), eq(stockLots.lotNumber, "RC-1")));
    const buy = (i: number) =>
      placeOrder(
        checkoutInput([{ id: p.id(0), quantity: 1 }], { email: `recall${i}@example.com` }),
      );
    const first = Array.from({ length: 25 }, (_, i) => buy(i));
    const recall = recallLot({
      lotId: recalled!.id,
      noticeNumber: "RA-77",
      noticeText: "Foreign material.",
      actor: testActor(adminId),
    });
    const second = Array.from({ length: 25 }, (_, i) => buy(25 + i));
    const results = await Promise.all([...first, ...second]);
    expect(await recall).toMatchObject({ ok: true });

    const [lot] = await db().select().from(stockLots).where(eq(stockLots.id, recalled!.id));
    const fromLot = await db()
      .select({ orderId: stockMovements.orderId, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(and(eq(stockMovements.lotId, recalled!.id), eq(stockMovements.reason, "sold")));
    // Every unit of the lot is either in an order (sold before the recall) or quarantined.
    expect(lot!.onHand).toBe(0);
    expect(fromLot.length + lot!.quarantined).toBe(30);
    expect(lot!.quarantined).toBe(30 - fromLot.length);
    const sold = results.filter((r) => r.ok);
    // The rest sold from the safe lot, never more than it held; the others were refused.
    expect(sold.length - fromLot.length).toBeLessThanOrEqual(5);
    for (const r of results.filter((r) => !r.ok)) expect(r.message).toMatch(/Recalled Batch/);
    expect(await productStock(p.product.id)).toBe(5 - (sold.length - fromLot.length));
  });
});
