// Test helper (not a spec): `DATA_DIR=… npx tsx tests/e2e/store/seed-catalog.ts` fills a fresh data
// directory with the few products the storefront specs check exactly (see catalog-store.ts). It
// runs in its own process so the image library writes under that DATA_DIR. With SEED_LONG_NAME set
// it also makes the phone-layout spec's store (see long-name-store.ts) and prints what it made.
import sharp from "sharp";
import { refreshListedPrice } from "~/server/inventory/listed-price.server";
import type { Database } from "~/server/db.server";
import { storeImage } from "~/server/images/image-store.server";
import { productVariations, products } from "~/server/db-tables";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import { withStoreDatabase } from "../../fixtures/database";
import { seedLongNameStore } from "./long-name-seed";

async function image(name: string, background: string) {
  const body = await sharp({ create: { width: 800, height: 800, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeImage({ body, name })).imageUrl;
}

async function seedCatalog(db: Database) {
  const [main, second, third] = [
    await image("gallery-kush-1.png", "#2f6b3a"),
    await image("gallery-kush-2.png", "#8a5a2b"),
    await image("gallery-kush-3.png", "#3b4f8a"),
  ];
  const hour = 3_600_000;
  const [kush, papers] = await db
    .insert(products)
    .values([
      {
        // Newest, with its cheapest size sold out: cards and the page start on 3.5g.
        slug: "gallery-kush",
        name: "Gallery Kush",
        category: "flowers",
        description: "A test product with three pictures and three sizes, the first sold out.",
        imageUrl: main,
        thumbnailUrls: [second, third],
        sellingPriceCents: 5000,
        netAmountMilli: 1000,
        stock: 13,
        strain: "Indica",
        sku: "E2E-GK",
        createdAt: new Date(Date.now() - hour),
      },
      {
        slug: "hemp-papers",
        name: "Hemp Papers",
        category: "flowers",
        description: "A product without sizes.",
        imageUrl: second,
        sellingPriceCents: 450,
        netAmountMilli: 1000,
        stock: 40,
        sku: "E2E-HP",
        createdAt: new Date(Date.now() - 2 * hour),
      },
    ])
    .returning({ id: products.id });
  await db.insert(productVariations).values([
    {
      productId: kush!.id,
      size: "1",
      priceCents: 600,
      netAmountMilli: 1000,
      stock: 0,
      position: 0,
    },
    {
      productId: kush!.id,
      size: "3.5",
      priceCents: 1800,
      netAmountMilli: 1000,
      stock: 5,
      totalThcTenths: 2200,
      position: 1,
    },
    {
      productId: kush!.id,
      size: "7",
      priceCents: 3400,
      netAmountMilli: 1000,
      stock: 8,
      totalThcTenths: 2400,
      position: 2,
    },
  ]);
  await refreshListedPrice(db, [kush!.id, papers!.id]);
  await insertDefaultContent();
}

await withStoreDatabase(process.env.DATA_DIR!, async (db) => {
  await seedCatalog(db);
  if (process.env.SEED_LONG_NAME) await seedLongNameStore(db);
});
