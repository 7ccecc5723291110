import { createAdminUser } from "~/server/auth/admin-users.server";
import { recordMovements } from "~/server/inventory/stock-ledger.server";
import { productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { E2E_ADMIN, expect, test as adminTest } from "./admin-fixtures";

/**
 * The lots spec's own store: Northern Lights with a 3.5g size holding 6 units from before lots
 * (its "unrecorded" lot) and a 7g size holding none, and the e2e owner.
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const [product] = await db
      .insert(products)
      .values({
        slug: "northern-lights",
        name: "Northern Lights",
        sku: "NL-100",
        category: "flowers",
        sellingPriceCents: 3200,
        netAmountMilli: 1000,
        stock: 6,
      })
      .returning({ id: products.id });
    const potency = { totalThcTenths: 1900, cbdTenths: 5 };
    const [small] = await db
      .insert(productVariations)
      .values([
        {
          ...potency,
          productId: product!.id,
          size: "3.5",
          priceCents: 3200,
          stock: 6,
          position: 0,
        },
        { ...potency, productId: product!.id, size: "7", priceCents: 5900, stock: 0, position: 1 },
      ])
      .returning({ id: productVariations.id });
    await recordMovements(db, [
      {
        productId: product!.id,
        variationId: small!.id,
        quantity: 6,
        stockAfter: 6,
        reason: "received",
        note: "Opening stock",
      },
    ]);
    await createAdminUser({ ...E2E_ADMIN, displayName: E2E_ADMIN.username, role: "owner" });
    return { productId: product!.id };
  });
}

async function startLotsStore() {
  const store = await startOwnStore({ name: "lots", seed });
  return { url: store.url, stop: store.stop, productId: store.seeded.productId };
}

/** The admin `test` (adminPage signed in) against the lots spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startLotsStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startLotsStore) });

export { expect };
