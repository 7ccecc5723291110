import { cartItemId } from "~/lib/cart";
import { testActor } from "../../setup/audit";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { adjustStock, recordMovements } from "~/server/inventory/stock-ledger.server";
import { productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { placeTestOrder } from "../../fixtures/orders";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { E2E_ADMIN, expect, test as adminTest } from "./admin-fixtures";

/**
 * The Stock movements spec's own store: Blue Dream (3.5g and 7g) and Sour Gummies (no sizes), each
 * received; Robin's order sells two 3.5g (Sold, by the store); Sam Staff writes off two gummies as
 * Damaged with a note. Five movements in all.
 */
const potency = { totalThcTenths: 2200, cbdTenths: 10 };

function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const [dream, gummies] = await db
      .insert(products)
      .values([
        {
          slug: "blue-dream",
          name: "Blue Dream",
          sku: "BD-100",
          category: "flowers",
          sellingPriceCents: 3000,
          netAmountMilli: 1000,
          stock: 30,
        },
        {
          slug: "sour-gummies",
          name: "Sour Gummies",
          sku: "GUM-10",
          category: "edibles",
          sellingPriceCents: 1500,
          netAmountMilli: 1000,
          stock: 12,
        },
      ])
      .returning({ id: products.id });
    const [small, large] = await db
      .insert(productVariations)
      .values([
        // With THC and CBD, which an active product needs on each size to be saved.
        { ...potency, productId: dream!.id, size: "3.5", priceCents: 3000, stock: 20, position: 0 },
        { ...potency, productId: dream!.id, size: "7", priceCents: 5500, stock: 10, position: 1 },
      ])
      .returning({ id: productVariations.id });
    const opening = {
      quantity: 0,
      stockAfter: 0,
      reason: "received" as const,
      note: "Opening stock",
    };
    await recordMovements(db, [
      { ...opening, productId: dream!.id, variationId: small!.id, quantity: 20, stockAfter: 20 },
      { ...opening, productId: dream!.id, variationId: large!.id, quantity: 10, stockAfter: 10 },
      { ...opening, productId: gummies!.id, variationId: null, quantity: 12, stockAfter: 12 },
    ]);
    await placeTestOrder({
      name: "Robin Stock",
      items: [{ id: cartItemId(dream!.id, small!.id), quantity: 2 }],
    });
    // The e2e owner first: the server creates it only while there is no admin at all.
    await createAdminUser({ ...E2E_ADMIN, displayName: E2E_ADMIN.username, role: "owner" });
    const sam = await createAdminUser({
      username: "sam",
      displayName: "Sam Staff",
      password: "sam-staff-pass-1",
      role: "staff",
    });
    const damaged = await adjustStock({
      productId: gummies!.id,
      variationId: null,
      mode: "remove",
      quantity: 2,
      reason: "damaged",
      note: "Crushed in delivery",
      actor: testActor(sam.id),
    });
    if (!damaged.ok) throw new Error(damaged.message);
  });
}

async function startStockStore() {
  const store = await startOwnStore({ name: "stock", seed });
  return { url: store.url, stop: store.stop };
}

/** The admin `test` (adminPage signed in) against the Stock movements spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startStockStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startStockStore) });

export { expect };
