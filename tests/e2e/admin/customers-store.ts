import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import crypto from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { customers, orders, products } from "~/server/schema";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Customers spec's own store: Ann Lee (a paid order, newsletter consent from checkout), Bob Ray
 * (paid, then cancelled: one refund), Zed Quiet (inactive, no orders) and 24 older filler customers,
 * so the list has two pages: 27 customers, 26 active.
 */
async function seed(dataDir: string) {
  logger.level = "warn";
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  setDatabase(handle);
  try {
    await handle.db.execute(sql`
      insert into customers (name, email, phone, status, created_at)
      select 'Filler ' || lpad(g::text, 2, '0'), 'filler' || g || '@example.com', '604-555-0100',
        'active', now() - interval '30 days' - (g || ' hours')::interval
      from generate_series(1, 24) g`);
    await handle.db.insert(customers).values({
      name: "Zed Quiet",
      email: "zed@example.com",
      status: "inactive",
      createdAt: new Date(Date.now() - 20 * 24 * 3600 * 1000),
    });
    const [product] = await handle.db
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
    const buy = async (name: string, email: string, steps: ("paid" | "cancelled")[]) => {
      const placed = await placeOrder({
        email,
        phone: "604-555-0199",
        name,
        street: "123 Main St",
        city: "Victoria",
        province: "BC",
        postalCode: "V8W 1A1",
        ageConfirmed: true,
        couponCode: undefined,
        idempotencyKey: crypto.randomBytes(16).toString("base64url"),
        items: [{ id: cartItemId(product!.id, null), quantity: 1 }],
      });
      if (!placed.ok) throw new Error(placed.message);
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.order.id));
      let from = "pending";
      for (const to of steps) {
        const change =
          to === "paid"
            ? ({ to, reference: "E2E", amountReceivedCents: row!.totalAmountCents } as const)
            : ({ to, reason: "Customer asked" } as const);
        const moved = await changeOrderStatus({
          orderId: placed.order.id,
          expectedStatus: from,
          change,
          actor: "e2e",
        });
        if (!moved.ok) throw new Error(moved.message);
        from = to;
      }
    };
    await buy("Bob Ray", "bob@example.com", ["paid", "cancelled"]);
    await buy("Ann Lee", "ann@example.com", ["paid"]);
    await subscribeToNewsletter({ email: "ann@example.com", source: "checkout" });
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

export const test = adminTest.extend<object, { store: { url: string } }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const store = await startOwnStore({ name: "customers", seed });
      await provide({ url: store.url });
      await store.stop();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ store }, provide) => provide(store.url),
});

export { expect };
