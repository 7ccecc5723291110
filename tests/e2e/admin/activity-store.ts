import { createAdminUser } from "~/server/auth/admin-users.server";
import { recordMovements } from "~/server/inventory/stock-ledger.server";
import { products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { E2E_ADMIN, expect, test as adminTest } from "./admin-fixtures";

/**
 * The Activity spec's own store: the e2e owner ("owner") and Sour Gummies (no sizes, 12 received), with an
 * empty audit log: the spec's own change is the first entry.
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const [gummies] = await db
      .insert(products)
      .values({
        slug: "sour-gummies",
        name: "Sour Gummies",
        sku: "GUM-10",
        category: "edibles",
        sellingPriceCents: 1500,
        netAmountMilli: 1000,
        stock: 12,
      })
      .returning({ id: products.id });
    await recordMovements(db, [
      {
        productId: gummies!.id,
        variationId: null,
        quantity: 12,
        stockAfter: 12,
        reason: "received",
        note: "Opening stock",
      },
    ]);
    // The e2e owner: the server creates one only while there is no admin at all.
    await createAdminUser({ ...E2E_ADMIN, displayName: E2E_ADMIN.username, role: "owner" });
  });
}

async function startActivityStore() {
  const store = await startOwnStore({ name: "activity", seed });
  return { url: store.url, stop: store.stop };
}

/** The admin `test` (adminPage signed in) against the Activity spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startActivityStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startActivityStore) });

export { expect };
