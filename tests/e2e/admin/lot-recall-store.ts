import { eq } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { productVariations, products, stockLots } from "~/server/db-tables";
import { recallLot } from "~/server/inventory/lot-recall.server";
import { sendRecallNotices } from "~/server/inventory/lot-recall-notices.server";
import { adjustStock } from "~/server/inventory/stock-ledger.server";
import { testActor } from "../../setup/audit";
import { withStoreDatabase } from "../../fixtures/database";
import { moveOrder, placeTestOrder } from "../../fixtures/orders";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { E2E_ADMIN, expect, test as adminTest } from "./admin-fixtures";

/**
 * The lot recall spec's own store: Pink Kush 3.5g received in two lots, BAD-7 (expires first, so
 * sales take it) and GOOD-7. Three shoppers bought from BAD-7 (Robin's order was cancelled, its
 * units back in the lot); BAD-7 is recalled and its notices queued. GOOD-7 is recalled in the spec.
 */
export interface LotRecallSeed {
  bad: string;
  good: string;
}

const potency = { totalThcTenths: 2200, cbdTenths: 10 };

function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db): Promise<LotRecallSeed> => {
    const [kush] = await db
      .insert(products)
      .values({
        slug: "pink-kush",
        name: "Pink Kush",
        sku: "PK-35",
        category: "flowers",
        sellingPriceCents: 4500,
        netAmountMilli: 1000,
        stock: 0,
      })
      .returning({ id: products.id });
    const [size] = await db
      .insert(productVariations)
      .values({ ...potency, productId: kush!.id, size: "3.5", priceCents: 4500, stock: 0 })
      .returning({ id: productVariations.id });
    // The e2e owner first: the server creates it only while there is no admin at all.
    const owner = await createAdminUser({
      ...E2E_ADMIN,
      displayName: E2E_ADMIN.username,
      role: "owner",
    });
    const actor = testActor(owner.id, E2E_ADMIN.username);
    for (const [lotNumber, expiresOn] of [
      ["BAD-7", "2027-01-31"],
      ["GOOD-7", "2027-12-31"],
    ] as const) {
      const received = await adjustStock({
        productId: kush!.id,
        variationId: size!.id,
        mode: "add",
        quantity: 12,
        reason: "received",
        note: null,
        lot: {
          receive: {
            lotNumber,
            packagedOn: "2026-09-01",
            expiresOn,
            supplier: "Northern Leaf Farms",
            coaUrl: "https://lab.example/coa/bad-7.pdf",
          },
        },
        actor,
      });
      if (!received.ok) throw new Error(received.message);
    }
    const item = (quantity: number) => [{ id: cartItemId(kush!.id, size!.id), quantity }];
    const avery = await placeTestOrder({ name: "Avery Long-Surname", items: item(2) });
    await moveOrder(avery, [
      "paid",
      "processing",
      { to: "shipped", trackingNumber: "1234567890123456" },
    ]);
    await placeTestOrder({ name: "Blake Buyer", items: item(3) });
    const robin = await placeTestOrder({ name: "Robin Return", items: item(1) });
    await moveOrder(robin, ["cancelled"]);
    const lots = await db
      .select({ id: stockLots.id, lotNumber: stockLots.lotNumber })
      .from(stockLots)
      .where(eq(stockLots.variationId, size!.id));
    const bad = lots.find((l) => l.lotNumber === "BAD-7")!.id;
    const good = lots.find((l) => l.lotNumber === "GOOD-7")!.id;
    const recalled = await recallLot({
      lotId: bad,
      noticeNumber: "RA-2026-118",
      noticeText:
        "Health Canada recall: mould was found in retained samples of this lot.\n\nDo not consume it.",
      actor,
    });
    if (!recalled.ok) throw new Error(recalled.message);
    const sent = await sendRecallNotices({ lotId: bad, actor });
    if (!sent.ok) throw new Error(sent.message);
    return { bad, good };
  });
}

export const test = adminTest.extend<
  { store: { url: string; seeded: LotRecallSeed; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() => startOwnStore({ name: "lot-recall", seed })),
});

export { expect };
