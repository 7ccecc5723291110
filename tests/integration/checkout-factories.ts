import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { cartItemId } from "~/lib/cart";
import { UNRECORDED_LOT } from "~/lib/lots";
import type { CheckoutInput } from "~/schemas/checkout";
import { db } from "~/server/db.server";
import { recordMovements, type NewMovement } from "~/server/inventory/stock-ledger.server";
import { coupons, productVariations, products, stockLots } from "~/server/db-tables";

let n = 0;

/** A product with sizes (stock is the sum of theirs, as in the store) or without. */
export async function createProduct(
  options: {
    name?: string;
    priceCents?: number;
    stock?: number;
    status?: "active" | "archived";
    category?: string;
    cannabisKind?: string | null;
    /** One unit of a product without sizes (30 g limit); 1 g unless given. */
    netAmountMilli?: number | null;
    variations?: {
      size: string;
      priceCents: number;
      stock: number;
      sizeUnit?: string;
      netAmountMilli?: number | null;
    }[];
  } = {},
) {
  n++;
  const variations = options.variations ?? [];
  const stock = variations.length
    ? variations.reduce((sum, v) => sum + v.stock, 0)
    : (options.stock ?? 10);
  const [product] = await db()
    .insert(products)
    .values({
      slug: `test-product-${n}-${crypto.randomBytes(3).toString("hex")}`,
      name: options.name ?? `Test Product ${n}`,
      category: options.category ?? "flowers",
      cannabisKind: options.cannabisKind ?? null,
      netAmountMilli: options.netAmountMilli === undefined ? 1000 : options.netAmountMilli,
      sellingPriceCents: options.priceCents ?? 5000,
      stock,
      status: options.status ?? "active",
    })
    .returning();
  const sizes = variations.length
    ? await db()
        .insert(productVariations)
        .values(
          variations.map((v, position) => ({
            productId: product!.id,
            size: v.size,
            sizeUnit: v.sizeUnit ?? "g",
            netAmountMilli: v.netAmountMilli ?? null,
            priceCents: v.priceCents,
            stock: v.stock,
            position,
          })),
        )
        .returning()
    : [];
  // The ledger opens with the stock, as a product saved in the admin does.
  await recordMovements(
    db(),
    sizes.length
      ? sizes.map((v) => opening(product!.id, v.id, v.stock))
      : [opening(product!.id, null, stock)],
  );
  return {
    product: product!,
    variations: sizes,
    /** The cart id of the product, or of one of its sizes. */
    id: (index?: number) => cartItemId(product!.id, index === undefined ? null : sizes[index]!.id),
  };
}

function opening(productId: string, variationId: string | null, stock: number): NewMovement {
  return { productId, variationId, quantity: stock, stockAfter: stock, reason: "received" };
}

/**
 * The size's (or sizeless product's) "unrecorded" lot, made when missing: for tests that write
 * history rows straight into the ledger (every movement names a lot).
 */
export async function unrecordedLotId(productId: string, variationId: string | null) {
  await db()
    .insert(stockLots)
    .values({ productId, variationId, lotNumber: UNRECORDED_LOT })
    .onConflictDoNothing();
  const [lot] = await db()
    .select({ id: stockLots.id })
    .from(stockLots)
    .where(
      and(
        eq(stockLots.productId, productId),
        variationId ? eq(stockLots.variationId, variationId) : isNull(stockLots.variationId),
        eq(stockLots.lotNumber, UNRECORDED_LOT),
      ),
    );
  return lot!.id;
}

/** History rows for the ledger, each given its size's "unrecorded" lot. */
export async function withUnrecordedLots<
  T extends { productId: string; variationId?: string | null },
>(rows: T[]): Promise<(T & { lotId: string })[]> {
  const lots = new Map<string, string>();
  for (const row of rows) {
    const key = `${row.productId}/${row.variationId ?? ""}`;
    if (!lots.has(key))
      lots.set(key, await unrecordedLotId(row.productId, row.variationId ?? null));
  }
  return rows.map((row) => ({
    ...row,
    lotId: lots.get(`${row.productId}/${row.variationId ?? ""}`)!,
  }));
}

export async function productStock(productId: string) {
  const [row] = await db()
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export async function createCoupon(
  values: Partial<typeof coupons.$inferInsert> & { code: string },
) {
  const [coupon] = await db()
    .insert(coupons)
    .values({ type: "percentage", value: 10, ...values })
    .returning();
  return coupon!;
}

/** A complete, valid checkout for the given cart lines. */
export function checkoutInput(
  items: { id: string; quantity: number }[],
  overrides: Partial<CheckoutInput> = {},
): CheckoutInput {
  return {
    email: "jane@example.com",
    phone: "604-555-0199",
    name: "Jane Doe",
    street: "123 Main St",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: true,
    couponCode: undefined,
    idempotencyKey: crypto.randomBytes(16).toString("base64url"),
    items,
    ...overrides,
  };
}
