import { eq } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { recordMovements } from "~/server/inventory/stock-ledger.server";
import { orders, productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { placeTestOrder } from "../../fixtures/orders";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore, type OwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The order-edit spec's own store: Blue Dream (3.5g $30, 7g $55) and OG Kush (1g $12), and Olive's
 * pending order of two 3.5g and one 7g, shipped to Victoria, BC: $115.00 + $20.00 shipping +
 * GST 5 % and PST 7 % = $151.20.
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const [dream, kush] = await db
      .insert(products)
      .values([
        {
          slug: "blue-dream",
          name: "Blue Dream",
          category: "flowers",
          sellingPriceCents: 3000,
          netAmountMilli: 1000,
          stock: 30,
        },
        {
          slug: "og-kush",
          name: "OG Kush",
          category: "flowers",
          sellingPriceCents: 1200,
          netAmountMilli: 1000,
          stock: 20,
        },
      ])
      .returning({ id: products.id });
    const [small, large, gram] = await db
      .insert(productVariations)
      .values([
        { productId: dream!.id, size: "3.5", priceCents: 3000, stock: 20, position: 0 },
        { productId: dream!.id, size: "7", priceCents: 5500, stock: 10, position: 1 },
        { productId: kush!.id, size: "1", priceCents: 1200, stock: 20, position: 0 },
      ])
      .returning({ id: productVariations.id });
    const opening = { reason: "received" as const, note: "Opening stock" };
    await recordMovements(db, [
      { ...opening, productId: dream!.id, variationId: small!.id, quantity: 20, stockAfter: 20 },
      { ...opening, productId: dream!.id, variationId: large!.id, quantity: 10, stockAfter: 10 },
      { ...opening, productId: kush!.id, variationId: gram!.id, quantity: 20, stockAfter: 20 },
    ]);
    const orderId = await placeTestOrder({
      name: "Olive Edit",
      items: [
        { id: cartItemId(dream!.id, small!.id), quantity: 2 },
        { id: cartItemId(dream!.id, large!.id), quantity: 1 },
      ],
    });
    const [order] = await db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { orderNumber: order!.orderNumber };
  });
}

/** The admin `test` (adminPage signed in as the owner) against the order-edit spec's own store. */
export const test = adminTest.extend<{ store: OwnStore<{ orderNumber: string }> }, OwnStoresWorker>(
  {
    ...ownStoreFixtures(() => startOwnStore({ name: "order-edit", seed })),
  },
);

export { expect };
