import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import crypto from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { coupons, orders, products } from "~/server/schema";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Page Editor and Reports specs' own store: the default pages and announcement, two coupons,
 * and three orders placed today through checkout: two paid (sales: $45.00 + $90.00 + shipping)
 * and one left unpaid.
 */
async function seed(dataDir: string) {
  logger.level = "warn";
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  setDatabase(handle);
  try {
    await insertDefaultContent();
    await handle.db.insert(coupons).values([
      { code: "SAVE15", type: "percentage", value: 15 },
      { code: "WEEKEND25", type: "percentage", value: 25 },
    ]);
    const [lights] = await handle.db
      .insert(products)
      .values({
        slug: "northern-lights",
        name: "Northern Lights",
        category: "flowers",
        sellingPriceCents: 4500,
        netAmountMilli: 1000,
        stock: 90,
      })
      .returning({ id: products.id });
    const order = async (name: string, quantity: number, paid: boolean) => {
      const placed = await placeOrder({
        email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
        phone: "604-555-0199",
        name,
        street: "123 Main St",
        city: "Victoria",
        province: "BC",
        postalCode: "V8W 1A1",
        ageConfirmed: true,
        couponCode: undefined,
        idempotencyKey: crypto.randomBytes(16).toString("base64url"),
        items: [{ id: cartItemId(lights!.id, null), quantity }],
      });
      if (!placed.ok) throw new Error(placed.message);
      if (!paid) return;
      const [row] = await handle.db
        .select({ total: orders.totalAmountCents })
        .from(orders)
        .where(eq(orders.id, placed.order.id));
      const moved = await changeOrderStatus({
        orderId: placed.order.id,
        expectedStatus: "pending",
        change: {
          to: "paid",
          reference: "E2E",
          amountReceivedCents: row!.total,
        },
        actor: "e2e",
      });
      if (!moved.ok) throw new Error(moved.message);
    };
    await order("Avery Buyer", 1, true); // $45 + $20 shipping = $65.00, + GST $3.25 and PST $4.55 = $72.80
    await order("Blake Buyer", 2, true); // $90 + $20 shipping = $110.00, + GST $5.50 and PST $7.70 = $123.20
    await order("Casey Unpaid", 1, false);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

export const test = adminTest.extend<object, { store: { url: string } }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const store = await startOwnStore({ name: "content", seed });
      await provide({ url: store.url });
      await store.stop();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ store }, provide) => provide(store.url),
});

export { expect };

/** With CONTENT_SHOTS=dir, full-page screenshots at 1280 and 390 px wide (looked at by a person). */
export async function shot(page: Page, name: string) {
  const dir = process.env.CONTENT_SHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
