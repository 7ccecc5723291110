import { eq } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { recordMovements } from "~/server/inventory/stock-ledger.server";
import { orders, productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { moveOrder, placeTestOrder } from "../../fixtures/orders";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Refunds spec's own store: two paid orders shipped to Victoria, BC (GST 5 %, PST 7 %, $20
 * shipping), each 2 × Pink Kush 3.5g ($45) and 1 × Pre-roll ($12, no sizes): Rita's is refunded
 * in part then in full on a desktop; Paul's opens the refund dialog on a phone.
 */
export interface RefundsSeed {
  rita: string;
  paul: string;
}

function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db): Promise<RefundsSeed> => {
    const [kush, preroll] = await db
      .insert(products)
      .values([
        {
          slug: "pink-kush",
          name: "Pink Kush",
          category: "flowers",
          sellingPriceCents: 4500,
          netAmountMilli: 1000,
          stock: 20,
        },
        {
          slug: "pre-roll",
          name: "Pre-roll",
          category: "flowers",
          sellingPriceCents: 1200,
          netAmountMilli: 1000,
          stock: 20,
        },
      ])
      .returning({ id: products.id });
    const [size] = await db
      .insert(productVariations)
      .values({
        productId: kush!.id,
        size: "3.5",
        sizeUnit: "g",
        priceCents: 4500,
        stock: 20,
        position: 0,
      })
      .returning({ id: productVariations.id });
    await recordMovements(db, [
      {
        productId: kush!.id,
        variationId: size!.id,
        quantity: 20,
        stockAfter: 20,
        reason: "received",
      },
      {
        productId: preroll!.id,
        variationId: null,
        quantity: 20,
        stockAfter: 20,
        reason: "received",
      },
    ]);
    const items = [
      { id: cartItemId(kush!.id, size!.id), quantity: 2 },
      { id: cartItemId(preroll!.id, null), quantity: 1 },
    ];
    const number = async (name: string) => {
      const id = await placeTestOrder({ name, items });
      await moveOrder(id, ["paid"]);
      const [row] = await db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, id));
      return row!.orderNumber;
    };
    return { rita: await number("Rita Fund"), paul: await number("Paul Phone") };
  });
}

export const test = adminTest.extend<
  { store: { url: string; seeded: RefundsSeed; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() => startOwnStore({ name: "refunds", seed })),
});

export { expect };
