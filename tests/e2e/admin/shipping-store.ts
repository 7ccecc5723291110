import { eq } from "drizzle-orm";
import { testActor } from "../../setup/audit";
import { cartItemId } from "~/lib/cart";
import { productVariations, products, shipments } from "~/server/db-tables";
import { changeShipmentStatus } from "~/server/shipping/shipments.server";
import { withStoreDatabase } from "../../fixtures/database";
import { moveOrder, placeTestOrder } from "../../fixtures/orders";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Shipping spec's own store: six orders placed through checkout and moved with the real status
 * functions, so the cards have known figures: 2 preparing (Avery, Blake), 2 in transit (Casey
 * shipped, Dev in transit), 2 delivered (Erin on time, Dana late: On Time Rate 50 %). The sizes
 * are packed at 30 g and 45 g; the gummies were never weighed (Avery's parcel is 105 g, Casey's
 * 45 g is raised to 50 g, Blake's must be weighed).
 */
type Stage = "preparing" | "shipped" | "in_transit" | "delivered";

function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const [lights, gummies] = await db
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
    const [v35, v7] = await db
      .insert(productVariations)
      .values([
        {
          productId: lights!.id,
          size: "3.5",
          priceCents: 4500,
          netAmountMilli: 1000,
          packedGrams: 30,
          stock: 50,
          position: 0,
        },
        {
          productId: lights!.id,
          size: "7",
          priceCents: 8500,
          netAmountMilli: 1000,
          packedGrams: 45,
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
      const orderId = await placeTestOrder({ name, items });
      await moveOrder(orderId, [
        "paid",
        "processing",
        ...(stage === "preparing" ? [] : [{ to: "shipped" as const, trackingNumber: tracking }]),
      ]);
      if (stage === "in_transit" || stage === "delivered") {
        const [shipment] = await db
          .select({ id: shipments.id })
          .from(shipments)
          .where(eq(shipments.orderId, orderId));
        const moved = await changeShipmentStatus({
          shipmentId: shipment!.id,
          expectedStatus: "shipped",
          to: stage,
          actor: testActor(null, "e2e"),
        });
        if (!moved.ok) throw new Error(moved.message);
      }
      return orderId;
    };

    const late = await order("Dana Late", "delivered", [{ id: candy, quantity: 1 }]);
    await db
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
  });
}

/** The admin `test` (adminPage signed in) against the Shipping spec's own store. */
export const test = adminTest.extend<
  { store: { url: string; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() => startOwnStore({ name: "shipping", seed })),
});

export { expect };
