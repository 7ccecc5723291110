import { and, eq, inArray } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { translator } from "~/lib/i18n/translate";
import { unitDriedMg } from "~/lib/cannabis-limit";
import { parseCartItemId } from "~/lib/cart";
import { isUuid } from "~/lib/ids";
import { sizeLabel } from "~/lib/product";
import type { CartLineInput } from "~/schemas/checkout";
import { liveSizesOf } from "../catalog/products.server";
import { parcelWeight } from "~/lib/parcel";
import { db, type Executor } from "../db.server";
import { products } from "../db-tables";
import { productNameIn } from "../catalog/localized.server";

export interface PricedLine {
  /** The cart item id this line answers. */
  id: string;
  productId: string;
  variationId: string | null;
  /** The product's own (English) name: what an order line stores. */
  productName: string;
  sizeLabel: string | null;
  /** Product name (in the shopper's language) with the size in brackets, as the cart shows it. */
  name: string;
  slug: string;
  imageUrl: string;
  priceCents: number;
  quantity: number;
  /** How many can be bought now: the variation's stock, capped by the product's total. */
  available: number;
  /** Dried-cannabis mg in one unit (the 30 g limit); null when its amount is not set. */
  driedMg: number | null;
  /** One unit's packed weight (the parcel's weight); null when nobody has weighed it. */
  packedGrams: number | null;
}

export type ResolvedLine =
  | ({ status: "ok" | "insufficient" | "unpriced" } & PricedLine)
  | { status: "unavailable"; id: string; quantity: number };

/** Merges lines with the same id (a tampered cart may repeat one). */
function mergeLines(lines: CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.id, (merged.get(line.id) ?? 0) + line.quantity);
  return [...merged].map(([id, quantity]) => ({ id, quantity }));
}

/**
 * Prices cart lines from the database (two queries, whatever the cart size). A line whose product is
 * gone, archived, or whose variation is not one of the product's is unavailable; a product
 * with sizes must be bought in one of them; a line priced at $0.00 is "unpriced" and never sold.
 * `name` is in `locale` (the French name where one was written); `productName` stays the English
 * one, which an order stores.
 */
export async function resolveCartLines(
  lines: CartLineInput[],
  executor: Executor = db(),
  locale: Locale = "en",
): Promise<ResolvedLine[]> {
  const merged = mergeLines(lines).map((line) => ({ ...line, ...parseCartItemId(line.id) }));
  const valid = merged.filter(
    (l) => isUuid(l.productId) && (l.variationId === undefined || isUuid(l.variationId)),
  );
  const productIds = [...new Set(valid.map((l) => l.productId))];
  const [productRows, variationRows] =
    productIds.length === 0
      ? [[], []]
      : await Promise.all([
          executor
            .select({
              id: products.id,
              name: products.name,
              shownName: productNameIn(locale),
              slug: products.slug,
              imageUrl: products.imageUrl,
              priceCents: products.sellingPriceCents,
              stock: products.stock,
              category: products.category,
              cannabisKind: products.cannabisKind,
              netAmountMilli: products.netAmountMilli,
              packedGrams: products.packedGrams,
            })
            .from(products)
            .where(and(inArray(products.id, productIds), eq(products.status, "active"))),
          liveSizesOf(executor, productIds),
        ]);

  return merged.map((line): ResolvedLine => {
    const unavailable = { status: "unavailable" as const, id: line.id, quantity: line.quantity };
    const product = productRows.find((p) => p.id === line.productId);
    if (!product) return unavailable;
    const sizes = variationRows.filter((v) => v.productId === product.id);
    const variation = line.variationId ? sizes.find((v) => v.id === line.variationId) : undefined;
    if (line.variationId ? !variation : sizes.length > 0) return unavailable;
    const size = variation ? sizeLabel(variation) : null;
    const available = variation ? Math.min(variation.stock, product.stock) : product.stock;
    const priceCents = variation ? variation.priceCents : product.priceCents;
    return {
      // Nothing is sold for $0.00: a price left at zero is a mistake in the catalogue, not a gift.
      status: priceCents <= 0 ? "unpriced" : available >= line.quantity ? "ok" : "insufficient",
      id: line.id,
      productId: product.id,
      variationId: variation?.id ?? null,
      productName: product.name,
      sizeLabel: size,
      name: size ? `${product.shownName} (${size})` : product.shownName,
      slug: product.slug,
      imageUrl: product.imageUrl,
      priceCents,
      quantity: line.quantity,
      available: Math.max(available, 0),
      driedMg: unitDriedMg(product, variation),
      packedGrams: variation ? variation.packedGrams : product.packedGrams,
    };
  });
}

/** What the lines' parcel weighs by their packed weights (unweighed lines count nothing). */
export function linesParcelGrams(lines: readonly (ResolvedLine | PricedLine)[]): number {
  return parcelWeight(
    lines.flatMap((line) =>
      "status" in line && line.status === "unavailable"
        ? []
        : [{ packedGrams: line.packedGrams, quantity: line.quantity, label: line.name }],
    ),
  ).grams;
}

/** The shopper-facing reason a line cannot be bought as it is, or null (in `locale`). */
export function lineProblem(
  line: ResolvedLine,
  storedName?: string,
  locale: Locale = "en",
): string | null {
  const t = translator(checkoutPageMessages, locale);
  if (line.status === "unavailable")
    return storedName ? t("lineGone", { name: storedName }) : t("lineGoneUnnamed");
  if (line.status === "unpriced") return t("lineUnpriced", { name: line.name });
  if (line.status === "insufficient")
    return line.available === 0
      ? t("lineOutOfStock", { name: line.name })
      : t("lineFewLeft", { count: line.available, name: line.name });
  return null;
}
