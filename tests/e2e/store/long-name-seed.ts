import { eq } from "drizzle-orm";
import sharp from "sharp";
import { cartItemId } from "~/lib/cart";
import { createShopperSession } from "~/server/accounts/session.server";
import type { Database } from "~/server/db.server";
import { storeImage } from "~/server/images/image-store.server";
import { orders, productVariations, products, shopperAccounts } from "~/server/db-tables";
import { saveSettingsSection } from "~/server/settings/store-settings.server";
import { placeTestOrder } from "../../fixtures/orders";

/** 80 characters: the longest name Settings → Store takes. */
export const LONG_STORE_NAME =
  "Northern Leaf Cannabis Boutique & Apothecary of Thunder Bay and the North Shore";

/** What the phone-layout spec reads back: an order's pages and a signed-in shopper's cookie. */
export interface LongNameSeed {
  orderToken: string;
  orderNumber: string;
  shopperCookie: { name: string; value: string };
}

/**
 * The phone-layout store (run by seed-catalog.ts after the catalog): the longest store name with a
 * wide logo, a product with a long name, an order placed through checkout, and a shopper account
 * that placed it, signed in. Prints a LongNameSeed as JSON.
 */
export async function seedLongNameStore(db: Database): Promise<void> {
  const logo = await sharp({
    create: { width: 640, height: 160, channels: 3, background: "#18412b" },
  })
    .png()
    .toBuffer();
  const { imageUrl: logoUrl } = await storeImage({ body: logo, name: "wide-logo.png" });
  await saveSettingsSection("store", {
    name: LONG_STORE_NAME,
    email: "hello@northernleafboutique.ca",
    phone: "807-555-0142",
    hours: "Monday to Saturday, 10 a.m. to 8 p.m. Eastern",
    address: "1250 Memorial Avenue, Unit 14\nThunder Bay, ON P7B 5K5",
    gstNumber: null,
    logoUrl,
  });

  const [product] = await db
    .insert(products)
    .values({
      slug: "long-name",
      name: "Northern Lights Organic Small-Batch Craft Flower, Limited Harvest Edition",
      category: "flowers",
      description: "A product whose name runs long on every card and line.",
      sellingPriceCents: 4500,
      netAmountMilli: 3500,
      stock: 50,
    })
    .returning({ id: products.id });
  const [size] = await db
    .insert(productVariations)
    .values({
      productId: product!.id,
      size: "3.5",
      priceCents: 4500,
      netAmountMilli: 3500,
      stock: 50,
      position: 0,
    })
    .returning({ id: productVariations.id });

  const email = "alexandra.longname-whitfield@example.com";
  const orderId = await placeTestOrder({
    name: "Alexandra Montgomery-Whitfield",
    email,
    items: [{ id: cartItemId(product!.id, size!.id), quantity: 2 }],
  });
  const [order] = await db
    .select({ token: orders.accessToken, number: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [account] = await db
    .insert(shopperAccounts)
    .values({ email, emailVerifiedAt: new Date() })
    .returning({ id: shopperAccounts.id });
  const setCookie = await createShopperSession(db, { accountId: account!.id, now: new Date() });
  const [name, value] = setCookie.split(";")[0]!.split("=") as [string, string];
  const seeded: LongNameSeed = {
    orderToken: order!.token,
    orderNumber: order!.number,
    shopperCookie: { name, value },
  };
  console.log(JSON.stringify(seeded));
}
