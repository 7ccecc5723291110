import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import crypto from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { orders, productVariations, products, shipments } from "~/server/schema";
import { changeShipmentStatus } from "~/server/shipping/shipments.server";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Shipping spec's own store: six orders placed through checkout and moved with the real status
 * functions, so the cards have known figures: 2 preparing (Avery, Blake), 2 in transit (Casey
 * shipped, Dev in transit), 2 delivered (Erin on time, Dana late: On Time Rate 50 %).
 */
type Stage = "preparing" | "shipped" | "in_transit" | "delivered";

async function seed(dataDir: string) {
  logger.level = "warn";
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  setDatabase(handle);
  try {
    const [lights, gummies] = await handle.db
      .insert(products)
      .values([
        {
          slug: "northern-lights",
          name: "Northern Lights",
          category: "flowers",
          sellingPriceCents: 4500,
          netAmountMilli: 1000,
          stock: 90,
        },
        {
          slug: "mango-gummies",
          name: "Mango Gummies",
          category: "edibles",
          sellingPriceCents: 1250,
          netAmountMilli: 1000,
          stock: 30,
        },
      ])
      .returning({ id: products.id });
    const [v35, v7] = await handle.db
      .insert(productVariations)
      .values([
        {
          productId: lights!.id,
          size: "3.5",
          priceCents: 4500,
          netAmountMilli: 1000,
          stock: 50,
          position: 0,
        },
        {
          productId: lights!.id,
          size: "7",
          priceCents: 8500,
          netAmountMilli: 1000,
          stock: 40,
          position: 1,
        },
      ])
      .returning({ id: productVariations.id });
    const small = cartItemId(lights!.id, v35!.id);
    const large = cartItemId(lights!.id, v7!.id);
    const candy = cartItemId(gummies!.id, null);

    const order = async (
      name: string,
      stage: Stage,
      items: { id: string; quantity: number }[],
      tracking = "7000000000000001",
    ) => {
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
        items,
      });
      if (!placed.ok) throw new Error(placed.message);
      const orderId = placed.order.id;
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
      const steps = [
        { to: "paid", reference: "E2E", amountReceivedCents: row!.totalAmountCents },
        { to: "processing" },
        { to: "shipped", trackingNumber: tracking },
      ] as const;
      let from = "pending";
      for (const change of steps.slice(0, stage === "preparing" ? 2 : 3)) {
        const moved = await changeOrderStatus({
          orderId,
          expectedStatus: from,
          change,
          actor: "e2e",
        });
        if (!moved.ok) throw new Error(moved.message);
        from = change.to;
      }
      if (stage === "in_transit" || stage === "delivered") {
        const [shipment] = await handle.db
          .select({ id: shipments.id })
          .from(shipments)
          .where(eq(shipments.orderId, orderId));
        const moved = await changeShipmentStatus({
          shipmentId: shipment!.id,
          expectedStatus: "shipped",
          to: stage,
          actor: "e2e",
        });
        if (!moved.ok) throw new Error(moved.message);
      }
      return orderId;
    };

    const late = await order("Dana Late", "delivered", [{ id: candy, quantity: 1 }]);
    await handle.db
      .update(shipments)
      .set({ estimatedDelivery: "2020-01-01" })
      .where(eq(shipments.orderId, late));
    await order("Erin Ontime", "delivered", [{ id: small, quantity: 1 }]);
    await order("Dev Transit", "in_transit", [{ id: small, quantity: 1 }], "123456789012");
    await order("Casey Shipped", "shipped", [{ id: large, quantity: 1 }], "RR123456789CA");
    await order("Blake Preparing", "preparing", [
      { id: small, quantity: 1 },
      { id: candy, quantity: 2 },
    ]);
    await order("Avery Preparing", "preparing", [
      { id: small, quantity: 2 },
      { id: large, quantity: 1 },
    ]);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

export async function startShippingStore() {
  const store = await startOwnStore({ name: "shipping", seed });
  return { url: store.url, stop: store.stop };
}

/** The admin `test` (adminPage signed in) against the Shipping spec's own store. */
export const test = adminTest.extend<object, { store: { url: string } }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const store = await startShippingStore();
      await provide(store);
      await store.stop();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ store }, provide) => provide(store.url),
});

export { expect };
