import { endOfDay, startOfDay } from "~/lib/coupons";
import { cartItemId } from "~/lib/cart";
import { config } from "~/server/config.server";
import { coupons, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { placeTestOrder } from "../../fixtures/orders";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Coupons spec's own store: WELCOME20 (used once by a real order, so its code and type are
 * locked), SAVE15 (unlimited, unused) and BULK50 (ended last year), plus one product to quote a
 * cart with. Cards: 3 coupons, 2 active, 1 use, Avg. Usage Rate (1/100 + 0/50) / 2 = 0.5 %.
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    const zone = config().STORE_TIMEZONE;
    const year = new Date().getUTCFullYear();
    const [product] = await db
      .insert(products)
      .values({
        slug: "northern-lights",
        name: "Northern Lights",
        category: "flowers",
        sellingPriceCents: 6000,
        netAmountMilli: 1000,
        stock: 50,
      })
      .returning({ id: products.id });
    await db.insert(coupons).values([
      {
        code: "BULK50",
        description: "$50 off bulk orders over $500",
        type: "fixed",
        value: 5000,
        minOrderCents: 50000,
        maxUses: 50,
        startDate: startOfDay(`${year - 1}-01-01`, zone),
        endDate: endOfDay(`${year - 1}-06-30`, zone),
        createdAt: new Date(Date.now() - 3000),
      },
      {
        code: "SAVE15",
        description: "15% off orders over $75",
        type: "percentage",
        value: 15,
        minOrderCents: 7500,
        startDate: startOfDay(`${year - 1}-01-01`, zone),
        createdAt: new Date(Date.now() - 2000),
      },
      {
        code: "WELCOME20",
        description: "20% off your first order",
        type: "percentage",
        value: 20,
        maxUses: 100,
        perCustomerLimit: 1,
        startDate: startOfDay(`${year - 1}-01-01`, zone),
        createdAt: new Date(Date.now() - 1000),
      },
    ]);
    const productCartId = cartItemId(product!.id, null);
    await placeTestOrder({
      name: "Robin Coupon",
      couponCode: "welcome20",
      items: [{ id: productCartId, quantity: 1 }],
    });
    return { productCartId };
  });
}

async function startCouponsStore() {
  const store = await startOwnStore({ name: "coupons", seed });
  return { url: store.url, ...store.seeded, stop: store.stop };
}

/** The admin `test` (adminPage signed in) against the Coupons spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startCouponsStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startCouponsStore) });

export { expect };
