import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { stockLots, stockMovements } from "~/server/db-tables";
import { recallLot } from "~/server/inventory/lot-recall.server";
import { adjustStock, stockDiscrepancies } from "~/server/inventory/stock-ledger.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { resetDatabase } from "../setup/database";
import { testActor } from "../setup/audit";
import { checkoutInput, createProduct, productStock } from "./checkout-factories";

let actor: ReturnType<typeof testActor>;

beforeAll(async () => {
  await resetDatabase();
  const owner = await createAdminUser({
    username: "lots-owner",
    displayName: "Lots Owner",
    password: "owner-pass-1",
    role: "owner",
  });
  actor = testActor(owner.id);
});

const lot = (lotNumber: string, packagedOn: string, expiresOn: string) => ({
  receive: { lotNumber, packagedOn, expiresOn, supplier: "Northern Leaf", coaUrl: null },
});

/** A product with one size holding no stock, then lots received into it. */
async function sizeWithLots(lots: [string, number, string][]) {
  const product = await createProduct({
    variations: [{ size: "3.5", priceCents: 3000, stock: 0 }],
  });
  const variationId = product.variations[0]!.id;
  for (const [lotNumber, quantity, expiresOn] of lots) {
    const received = await adjustStock({
      productId: product.product.id,
      variationId,
      mode: "add",
      quantity,
      reason: "received",
      note: null,
      lot: lot(lotNumber, "2026-09-01", expiresOn),
      actor,
    });
    expect(received.ok).toBe(true);
  }
  return { product, variationId };
}

async function lotsOf(variationId: string) {
  return db()
    .select({
      id: stockLots.id,
      lotNumber: stockLots.lotNumber,
      onHand: stockLots.onHand,
      quarantined: stockLots.quarantined,
    })
    .from(stockLots)
    .where(eq(stockLots.variationId, variationId))
    .orderBy(asc(stockLots.lotNumber));
}

async function orderLots(orderId: string) {
  const rows = await db()
    .select({ lotId: stockMovements.lotId, quantity: stockMovements.quantity })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId));
  return rows;
}

describe("lots", () => {
  it("receives lots, sells first-expiry-first-out across lots, and cancels back to the same lots", async () => {
    const { product, variationId } = await sizeWithLots([
      ["LATE-1", 5, "2027-12-31"],
      ["SOON-1", 2, "2027-03-31"],
    ]);
    const placed = await placeOrder(checkoutInput([{ id: product.id(0), quantity: 3 }]));
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const [late, soon] = await lotsOf(variationId);
    expect([late!.onHand, soon!.onHand]).toEqual([4, 0]);
    const sold = await orderLots(placed.order.id);
    expect(sold).toEqual(
      expect.arrayContaining([
        { lotId: soon!.id, quantity: -2 },
        { lotId: late!.id, quantity: -1 },
      ]),
    );

    const cancelled = await changeOrderStatus({
      orderId: placed.order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Changed mind" },
      actor: "test",
    });
    expect(cancelled.ok).toBe(true);
    expect((await lotsOf(variationId)).map((l) => l.onHand)).toEqual([5, 2]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("takes a sale from the first lot when it holds the line, and splits only the line that spans lots", async () => {
    const held = await sizeWithLots([
      ["HELD-LATE", 4, "2027-12-31"],
      ["HELD-SOON", 3, "2027-03-31"],
    ]);
    const spanning = await sizeWithLots([
      ["SPAN-LATE", 4, "2027-12-31"],
      ["SPAN-SOON", 1, "2027-03-31"],
    ]);
    const placed = await placeOrder(
      checkoutInput([
        { id: held.product.id(0), quantity: 2 },
        { id: spanning.product.id(0), quantity: 3 },
      ]),
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect((await lotsOf(held.variationId)).map((l) => l.onHand)).toEqual([4, 1]);
    expect((await lotsOf(spanning.variationId)).map((l) => l.onHand)).toEqual([2, 0]);

    const single = await placeOrder(checkoutInput([{ id: held.product.id(0), quantity: 1 }]));
    expect(single.ok).toBe(true);
    if (!single.ok) return;
    const [, soon] = await lotsOf(held.variationId);
    const movements = await db()
      .select({
        lotId: stockMovements.lotId,
        quantity: stockMovements.quantity,
        stockAfter: stockMovements.stockAfter,
      })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, single.order.id));
    expect(movements).toEqual([{ lotId: soon!.id, quantity: -1, stockAfter: 4 }]);
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("refuses a lot number received again with other dates, an expiry before packaging, and counts a named lot", async () => {
    const { product, variationId } = await sizeWithLots([["A-100", 3, "2027-06-30"]]);
    const again = await adjustStock({
      productId: product.product.id,
      variationId,
      mode: "add",
      quantity: 1,
      reason: "received",
      note: null,
      lot: lot("A-100", "2026-09-01", "2027-07-31"),
      actor,
    });
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(!again.ok && again.message).toContain("Lot A-100 of this size is already recorded");

    const [a100] = await lotsOf(variationId);
    const counted = await adjustStock({
      productId: product.product.id,
      variationId,
      mode: "set",
      quantity: 1,
      reason: "count_correction",
      note: null,
      lot: { lotId: a100!.id },
      actor,
    });
    expect(counted).toMatchObject({ ok: true, quantity: -2, stockAfter: 1 });
    const tooMany = await adjustStock({
      productId: product.product.id,
      variationId,
      mode: "remove",
      quantity: 2,
      reason: "damaged",
      note: null,
      lot: { lotId: a100!.id },
      actor,
    });
    expect(tooMany).toMatchObject({ ok: false, status: 409 });
    expect(!tooMany.ok && tooMany.message).toContain("in lot A-100");
    expect(await stockDiscrepancies()).toEqual([]);
  });

  it("a recall quarantines the lot's units, sales skip it, and units returned from it stay quarantined", async () => {
    const { product, variationId } = await sizeWithLots([
      ["BAD-7", 3, "2027-01-31"],
      ["GOOD-7", 2, "2027-08-31"],
    ]);
    const before = await placeOrder(checkoutInput([{ id: product.id(0), quantity: 1 }]));
    expect(before.ok).toBe(true);
    const [bad] = await lotsOf(variationId);
    const recalled = await recallLot({
      lotId: bad!.id,
      noticeNumber: "RA-2026-118",
      noticeText: "Mould found in retained samples.",
      actor,
    });
    expect(recalled).toMatchObject({ ok: true, quarantined: 2 });
    expect(await productStock(product.product.id)).toBe(2);
    const again = await recallLot({ lotId: bad!.id, noticeNumber: "X", noticeText: "X", actor });
    expect(again).toMatchObject({ ok: false, status: 409 });

    const after = await placeOrder(checkoutInput([{ id: product.id(0), quantity: 2 }]));
    expect(after.ok).toBe(true);
    const none = await placeOrder(checkoutInput([{ id: product.id(0), quantity: 1 }]));
    expect(none).toMatchObject({ ok: false, field: "items" });
    if (!after.ok || !before.ok) return;
    expect((await orderLots(after.order.id)).every((m) => m.lotId !== bad!.id)).toBe(true);

    // The order that took a recalled unit is cancelled: the unit comes back into quarantine.
    await changeOrderStatus({
      orderId: before.order.id,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Recall" },
      actor: "test",
    });
    const [badAfter] = await lotsOf(variationId);
    expect(badAfter).toMatchObject({ onHand: 0, quarantined: 3 });
    expect(await productStock(product.product.id)).toBe(0);
    expect(await stockDiscrepancies()).toEqual([]);

    const receive = await adjustStock({
      productId: product.product.id,
      variationId,
      mode: "add",
      quantity: 1,
      reason: "received",
      note: null,
      lot: lot("BAD-7", "2026-09-01", "2027-01-31"),
      actor,
    });
    expect(receive).toMatchObject({ ok: false, status: 409 });
  });
});
