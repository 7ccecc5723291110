import crypto from "node:crypto";
import { refreshListedPrice } from "~/server/inventory/listed-price.server";
import { db } from "~/server/db.server";
import { productVariations, products } from "~/server/db-tables";

let n = 0;

/**
 * A product as the admin list sees it: with sizes (its stock the sum of theirs, as checkout and the
 * stock ledger keep it) or without, its listed price refreshed.
 */
export async function addProduct(
  options: {
    name?: string;
    category?: string;
    status?: "active" | "draft" | "archived";
    /** THC and CBD (220 and 1 mg/g) on the product and each size, unless false. */
    potency?: boolean;
    priceCents?: number;
    stock?: number;
    stockAlertLevel?: number;
    createdAt?: Date;
    /** An archived size (removed from the product) is kept, at stock 0 unless said. */
    sizes?: {
      size: string;
      priceCents: number;
      stock: number;
      sizeUnit?: string;
      archived?: boolean;
    }[];
  } = {},
) {
  n++;
  const sizes = options.sizes ?? [];
  const potency = options.potency === false ? {} : { thcTenths: 2200, cbdTenths: 10 };
  const [product] = await db()
    .insert(products)
    .values({
      slug: `list-product-${n}-${crypto.randomBytes(3).toString("hex")}`,
      name: options.name ?? `List Product ${n}`,
      sku: `LIST-${n}-${crypto.randomBytes(2).toString("hex")}`,
      category: options.category ?? "flowers",
      status: options.status ?? "active",
      sellingPriceCents: options.priceCents ?? 5000,
      stock: sizes.length
        ? sizes.reduce((sum, s) => sum + (s.archived ? 0 : s.stock), 0)
        : (options.stock ?? 50),
      stockAlertLevel: options.stockAlertLevel ?? 10,
      ...potency,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (sizes.length > 0) {
    await db()
      .insert(productVariations)
      .values(
        sizes.map((s, position) => ({
          productId: product!.id,
          size: s.size,
          sizeUnit: s.sizeUnit ?? "g",
          priceCents: s.priceCents,
          stock: s.stock,
          position,
          archivedAt: s.archived ? new Date() : null,
          ...potency,
        })),
      );
  }
  await refreshListedPrice(db(), [product!.id]);
  return product!;
}
