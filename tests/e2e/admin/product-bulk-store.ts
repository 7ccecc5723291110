import { refreshListedPrice } from "~/server/inventory/listed-price.server";
import { productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/** Products low on stock that fill more than one page of the list (a page holds 20). */
export const FILLERS = 20;

/**
 * The Products list's bulk-action spec's own store (alert level 10 throughout). Low stock: Aurora
 * (its 1g size at 3), Bubba (4), Cheap Seeds (2, its 10-piece pack at $0.04), Empty Shelf (sold
 * out) and the fillers (5 each): 24 products and 24 sizes, 1 of them out. Plenty stays above.
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const plain = (name: string, stock: number, priceCents: number, age: number) => ({
      slug: name.toLowerCase().replace(/\s+/g, "-"),
      name,
      sku: `BULK-${name.toUpperCase().replace(/\s+/g, "-")}`,
      category: "flowers",
      description: `${name}, seeded for the bulk actions test.`,
      sellingPriceCents: priceCents,
      stock,
      createdAt: minutesAgo(age),
    });
    const made = await db
      .insert(products)
      .values([
        plain("Aurora Gram Pack", 43, 4500, 1),
        plain("Bubba Solo", 4, 2000, 2),
        plain("Cheap Seeds", 2, 900, 3),
        plain("Empty Shelf", 0, 3000, 4),
        plain("Dank Plenty", 80, 6000, 5),
        ...Array.from({ length: FILLERS }, (_, i) =>
          plain(`Filler Low ${String(i + 1).padStart(2, "0")}`, 5, 1500, 10 + i),
        ),
      ])
      .returning({ id: products.id, name: products.name });
    const id = (name: string) => made.find((p) => p.name === name)!.id;
    await db.insert(productVariations).values([
      { productId: id("Aurora Gram Pack"), size: "1", priceCents: 1250, stock: 3, position: 0 },
      { productId: id("Aurora Gram Pack"), size: "3.5", priceCents: 4168, stock: 40, position: 1 },
      {
        productId: id("Cheap Seeds"),
        size: "10",
        sizeUnit: "pieces",
        priceCents: 4,
        stock: 2,
        position: 0,
      },
    ]);
    await refreshListedPrice(db);
  });
}

async function startProductBulkStore() {
  const store = await startOwnStore({ name: "product-bulk", seed });
  return { url: store.url, stop: store.stop };
}

/** The admin `test` (adminPage signed in) against the bulk-action spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startProductBulkStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startProductBulkStore) });

export { expect };
