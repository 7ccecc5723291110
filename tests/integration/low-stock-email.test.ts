import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db.server";
import {
  LOW_STOCK_JOB,
  lowStockLines,
  resetLowStockLog,
  sendDailyLowStockEmail,
} from "~/server/inventory/low-stock.server";
import { logger } from "~/server/logger.server";
import { dailyJobs, emailOutbox, products, stockMovements } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { createProduct, unrecordedLotId } from "./checkout-factories";

// 9:00 a.m. in Vancouver (UTC−7 in June): after the default hour, 8:00.
const NOW = new Date("2026-06-10T16:00:00Z");
const DAY = 86_400_000;
const STAFF = ["owner@budz.example", "floor@budz.example"];

beforeEach(resetDatabase);
afterEach(() => vi.restoreAllMocks());

async function outbox() {
  return db().select().from(emailOutbox).where(eq(emailOutbox.kind, "low_stock"));
}

/** Movements `daysAgo` before NOW (the ledger's sums are not what these tests read). */
async function moved(
  product: Awaited<ReturnType<typeof createProduct>>,
  size: number | null,
  moves: [
    reason: "sold" | "cancelled" | "refund_restock" | "received",
    quantity: number,
    daysAgo: number,
  ][],
) {
  const variationId = size === null ? null : product.variations[size]!.id;
  const lotId = await unrecordedLotId(product.product.id, variationId);
  await db()
    .insert(stockMovements)
    .values(
      moves.map(([reason, quantity, daysAgo]) => ({
        productId: product.product.id,
        variationId,
        lotId,
        quantity,
        stockAfter: 1,
        reason,
        createdAt: new Date(NOW.getTime() - daysAgo * DAY),
      })),
    );
}

/** A store with something low: a size under its product's alert level and a sold-out product. */
async function lowStore() {
  const blueDream = await createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 3000, stock: 4 },
      { size: "7", priceCents: 5500, stock: 30 },
    ],
  });
  const gummies = await createProduct({ name: "Sour Gummies", stock: 0 });
  await db()
    .update(products)
    .set({ sku: "GUM-10", stockAlertLevel: 5 })
    .where(eq(products.id, gummies.product.id));
  await createProduct({ name: "Plenty Kush", stock: 100 });
  await createProduct({ name: "Archived Haze", stock: 1, status: "archived" });
  // 3.5g: 3 sold 10 days ago, 1 back from a cancellation, 2 sold 40 days ago (outside the 30).
  await moved(blueDream, 0, [
    ["sold", -3, 10],
    ["cancelled", 1, 5],
    ["sold", -2, 40],
  ]);
  // 7g sold too, but it is not low.
  await moved(blueDream, 1, [["sold", -9, 3]]);
  await moved(gummies, null, [
    ["sold", -4, 29],
    ["sold", -3, 1],
    ["refund_restock", 1, 1],
  ]);
}

describe("the daily low-stock email", () => {
  it("lists each size or sizeless product at or under its alert level, out of stock first, with 30 days' sales", async () => {
    await lowStore();
    expect(await lowStockLines(db(), NOW)).toEqual([
      {
        productName: "Sour Gummies",
        sku: "GUM-10",
        size: null,
        stock: 0,
        alertLevel: 5,
        sold30Days: 6,
      },
      {
        productName: "Blue Dream",
        sku: null,
        size: "3.5g",
        stock: 4,
        alertLevel: 10,
        sold30Days: 2,
      },
    ]);
  });

  it("is queued once a day for each staff address, even when runs race", async () => {
    await lowStore();
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => sendDailyLowStockEmail({ now: NOW, recipients: STAFF })),
    );
    expect(runs.filter((run) => run.sent)).toEqual([
      { sent: true, recipients: 2, items: 2, day: "2026-06-10" },
    ]);
    expect(runs.filter((run) => !run.sent).map((run) => !run.sent && run.reason)).toEqual(
      Array(5).fill("already sent"),
    );
    const sent = await outbox();
    expect(sent.map((m) => m.toAddress).sort()).toEqual([...STAFF].sort());
    expect(await db().select().from(dailyJobs)).toEqual([
      expect.objectContaining({ name: LOW_STOCK_JOB, day: "2026-06-10" }),
    ]);

    // Later that day: nothing more. The next day (still low): again, once.
    const later = new Date(NOW.getTime() + 10 * 3_600_000);
    expect(await sendDailyLowStockEmail({ now: later, recipients: STAFF })).toEqual({
      sent: false,
      reason: "already sent",
    });
    const tomorrow = new Date(NOW.getTime() + DAY);
    const next = await Promise.all([
      sendDailyLowStockEmail({ now: tomorrow, recipients: STAFF }),
      sendDailyLowStockEmail({ now: tomorrow, recipients: STAFF }),
    ]);
    expect(next.filter((run) => run.sent)).toHaveLength(1);
    expect(await outbox()).toHaveLength(4);
  });

  it("says what is low and how much of it sold in 30 days", async () => {
    await lowStore();
    await sendDailyLowStockEmail({ now: NOW, recipients: ["owner@budz.example"] });
    const [email] = await outbox();
    expect(email!.subject).toBe("Low stock: 2 items are at or under the alert level");
    expect(email!.text).toContain("2 items are at or under their alert level, 1 out of stock.");
    // Each line names the size: "Blue Dream — 3.5g: 4 left".
    expect(email!.text).toContain(
      "- Sour Gummies: out of stock (GUM-10, alert level 5, sold in 30 days: 6)",
    );
    expect(email!.text).toContain(
      "- Blue Dream — 3.5g: 4 left (alert level 10, sold in 30 days: 2)",
    );
    expect(email!.text).toContain("/budzadmin/dashboard/products?stock=low");
    expect(email!.text).not.toMatch(/7g|Plenty Kush|Archived Haze/);
    const html = email!.html!;
    expect(html).toContain("Sour Gummies");
    expect(html).toContain("3.5g");
    expect(html).toMatch(/Sold \(30 days\)/);
    expect(html).not.toContain("Plenty Kush");
  });

  it("sends nothing when nothing is low, and claims no day", async () => {
    await createProduct({ name: "Plenty Kush", stock: 100 });
    expect(await sendDailyLowStockEmail({ now: NOW, recipients: STAFF })).toEqual({
      sent: false,
      reason: "nothing low",
    });
    expect(await outbox()).toEqual([]);
    expect(await db().select().from(dailyJobs)).toEqual([]);
  });

  it("waits for the hour in the store's time zone", async () => {
    await lowStore();
    // 7:59 a.m. in Vancouver.
    const early = new Date("2026-06-10T14:59:00Z");
    expect(await sendDailyLowStockEmail({ now: early, recipients: STAFF })).toEqual({
      sent: false,
      reason: "before the hour",
    });
    expect(await sendDailyLowStockEmail({ now: early, recipients: STAFF, hour: 7 })).toMatchObject({
      sent: true,
      day: "2026-06-10",
    });
  });

  it("sends nothing without low-stock recipients, and says so once in the log", async () => {
    await lowStore();
    resetLowStockLog();
    const info = vi.spyOn(logger, "info");
    for (let i = 0; i < 3; i++)
      expect(await sendDailyLowStockEmail({ now: NOW, recipients: [] })).toEqual({
        sent: false,
        reason: "no recipients",
      });
    expect(info.mock.calls.map((call) => call[0])).toEqual([
      "No low-stock recipients in Settings: the daily low-stock email is not sent",
    ]);
    expect(await outbox()).toEqual([]);
  });
});
