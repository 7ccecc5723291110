import { eq } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { coupons, orderItems, products } from "~/server/db-tables";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import { withStoreDatabase } from "../../fixtures/database";
import { moveOrder, placeTestOrder } from "../../fixtures/orders";
import { insertTestRefund } from "../../fixtures/refunds";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";
import { screenshots } from "./admin-screen";

/**
 * The Page Editor and Reports specs' own store: the default pages (no announcement), two coupons,
 * and three orders placed today through checkout: two paid (sales: $45.00 + $90.00 + shipping)
 * and one left unpaid; one unit of the second refunded today ($45 + GST $2.25 + PST $3.15).
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    await insertDefaultContent();
    await db.insert(coupons).values([
      { code: "SAVE15", type: "percentage", value: 15 },
      { code: "WEEKEND25", type: "percentage", value: 25 },
    ]);
    const [lights] = await db
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
    const order = (name: string, quantity: number) =>
      placeTestOrder({ name, items: [{ id: cartItemId(lights!.id, null), quantity }] });
    // $45 + $20 shipping = $65.00, + GST $3.25 and PST $4.55 = $72.80
    await moveOrder(await order("Avery Buyer", 1), ["paid"]);
    // $90 + $20 shipping = $110.00, + GST $5.50 and PST $7.70 = $123.20
    const blake = await order("Blake Buyer", 2);
    await moveOrder(blake, ["paid"]);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, blake));
    await insertTestRefund({
      orderId: blake,
      goodsCents: 4500,
      tax: { GST: 225, PST: 315 },
      lines: [{ orderItemId: line!.id, quantity: 1, amountCents: 4500, restocked: true }],
    });
    await order("Casey Unpaid", 1);
  });
}

export const test = adminTest.extend<
  { store: { url: string; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() => startOwnStore({ name: "content", seed })),
});

export { expect };

/** With CONTENT_SHOTS=dir, full-page screenshots at 1280 and 390 px wide (looked at by a person). */
export const shot = screenshots("CONTENT_SHOTS", { widths: [1280, 390] });
