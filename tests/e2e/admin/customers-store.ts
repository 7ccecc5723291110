import { sql } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { customers, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { moveOrder, placeTestOrder } from "../../fixtures/orders";
import { insertTestRefund } from "../../fixtures/refunds";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Customers spec's own store: Ann Lee (a paid order, newsletter consent from checkout), Bob Ray
 * (paid, then cancelled and refunded in full), Zed Quiet (inactive, no orders) and 24 older filler customers,
 * so the list has two pages: 27 customers, 26 active.
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    await db.execute(sql`
      insert into customers (name, email, phone, status, created_at)
      select 'Filler ' || lpad(g::text, 2, '0'), 'filler' || g || '@example.com', '604-555-0100',
        'active', now() - interval '30 days' - (g || ' hours')::interval
      from generate_series(1, 24) g`);
    await db.insert(customers).values({
      name: "Zed Quiet",
      email: "zed@example.com",
      status: "inactive",
      createdAt: new Date(Date.now() - 20 * 24 * 3600 * 1000),
    });
    const [product] = await db
      .insert(products)
      .values({
        slug: "pink-kush",
        name: "Pink Kush",
        category: "flowers",
        sellingPriceCents: 4500,
        netAmountMilli: 1000,
        stock: 50,
      })
      .returning({ id: products.id });
    const items = [{ id: cartItemId(product!.id, null), quantity: 1 }];
    const bob = await placeTestOrder({ name: "Bob Ray", items });
    await moveOrder(bob, ["paid", "cancelled"]);
    await insertTestRefund({ orderId: bob, full: true });
    await moveOrder(await placeTestOrder({ name: "Ann Lee", items }), ["paid"]);
    await subscribeToNewsletter({ email: "ann@example.com", source: "checkout" });
  });
}

export const test = adminTest.extend<
  { store: { url: string; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() => startOwnStore({ name: "customers", seed })),
});

export { expect };
