import type { Database } from "~/server/db.server";
import { coupons, productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { expect, test as base } from "../admin/admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";

/**
 * The checkout specs run against their own store with known products and a coupon in every state
 * the promo code check names (docs/product/cart-and-checkout.md#promo-codes; sample data has no
 * inactive, future or used-up coupon, and its prices are random).
 */
export interface CheckoutStore {
  url: string;
  /** Cart ids of the seeded products. */
  ids: { lights35: string; lights7: string; gummies: string; rosin: string; unpriced: string };
}

const year = new Date().getFullYear();
const range = { startDate: new Date(`${year - 1}-01-01`), endDate: new Date(`${year + 1}-12-31`) };

export async function seedCheckoutProducts(db: Database): Promise<CheckoutStore["ids"]> {
  const [lights, gummies, rosin, unpriced] = await db
    .insert(products)
    .values([
      {
        slug: "northern-lights",
        name: "Northern Lights",
        category: "flowers",
        description: "A classic indica.",
        sellingPriceCents: 4500,
        stock: 90,
        strain: "Indica",
        totalThcTenths: 2000,
      },
      {
        slug: "mango-gummies",
        name: "Mango Gummies",
        category: "edibles",
        description: "Ten pieces.",
        netAmountMilli: 40_000, // 40 g of edibles: 2.67 g dried (the 30 g limit)
        sellingPriceCents: 1250,
        stock: 30,
      },
      {
        slug: "rare-rosin",
        name: "Rare Rosin",
        category: "concentrates",
        description: "The last jar.",
        netAmountMilli: 1000, // 1 g of concentrate: 4 g dried
        sellingPriceCents: 6000,
        stock: 1,
      },
      {
        // Saved at $0.00 before the admin refused such prices: never sold.
        slug: "free-sample",
        name: "Free Sample",
        category: "hash", // alone in its category: no page lists it as related
        description: "Left at $0.00 by mistake.",
        netAmountMilli: 1000,
        sellingPriceCents: 0,
        stock: 10,
      },
    ])
    .returning({ id: products.id });
  const [v35, v7] = await db
    .insert(productVariations)
    .values([
      { productId: lights!.id, size: "3.5", priceCents: 4500, stock: 50, position: 0 },
      { productId: lights!.id, size: "7", priceCents: 8500, stock: 40, position: 1 },
    ])
    .returning({ id: productVariations.id });
  const percent = { type: "percentage" as const, ...range };
  await db.insert(coupons).values([
    { code: "SAVE15", value: 15, minOrderCents: 7500, maxUses: 200, usedCount: 89, ...percent },
    { code: "FREESHIP200", type: "fixed", value: 2000, minOrderCents: 20000, ...range },
    { code: "WELCOME20", value: 20, minOrderCents: 5000, perCustomerLimit: 1, ...percent },
    { code: "PAUSED10", value: 10, isActive: false, ...percent },
    { code: "SOON10", value: 10, ...percent, startDate: new Date(`${year + 1}-01-01`) },
    { code: "OLD10", value: 10, ...percent, endDate: new Date(`${year - 1}-06-30`) },
    { code: "GONE10", value: 10, maxUses: 5, usedCount: 5, ...percent },
  ]);
  return {
    lights35: `${lights!.id}_${v35!.id}`,
    lights7: `${lights!.id}_${v7!.id}`,
    gummies: gummies!.id,
    rosin: rosin!.id,
    unpriced: unpriced!.id,
  };
}

async function startCheckoutStore() {
  const store = await startOwnStore({
    name: "checkout",
    seed: (dataDir) => withStoreDatabase(dataDir, seedCheckoutProducts),
  });
  return { url: store.url, ids: store.seeded, stop: store.stop };
}

/**
 * `test` whose pages talk to the checkout store (age gate passed, as everywhere; `adminPage` for
 * the specs that work the orders in the admin).
 */
export const test = base.extend<
  { ids: CheckoutStore["ids"]; store: CheckoutStore & { stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(startCheckoutStore),
  ids: async ({ store }, provide) => provide(store.ids),
});

export { expect };

/** A cart item as the browser stores it (the price is whatever the browser says: never trusted). */
export function cartItem(id: string, name: string, price: number, quantity = 1) {
  return { id, name, price, image: "", quantity };
}
