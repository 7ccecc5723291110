import type { PotencyValues } from "./potency";

/** What a product card and product page show; built by the catalogue service. */
export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  category: string;
  imageUrl: string;
  priceCents: number;
  stock: number;
  stockAlertLevel: number;
  rating: number;
  /** Potency of a product sold without sizes (app/lib/potency.ts); with sizes, each size's. */
  thcTenths: number | null;
  totalThcTenths: number | null;
  cbdTenths: number | null;
  totalCbdTenths: number | null;
  strain: string | null;
  /** The 30 g limit's inputs (app/lib/cannabis-limit.ts unitDriedMg). */
  cannabisKind: string | null;
  netAmountMilli: number | null;
  variations: VariationSummary[];
}

export interface VariationSummary {
  id: string;
  size: string;
  sizeUnit: string;
  priceCents: number;
  stock: number;
  netAmountMilli: number | null;
  /** This size's potency (app/lib/potency.ts). */
  thcTenths: number | null;
  totalThcTenths: number | null;
  cbdTenths: number | null;
  totalCbdTenths: number | null;
}

/** The product page adds the description, gallery and SKU. */
export interface ProductDetail extends ProductSummary {
  description: string;
  thumbnailUrls: string[];
  sku: string | null;
  updatedAt: Date;
}

export const DEFAULT_RATING = 5;

/** Units written as symbols stick to the number ("3.5g"); words take a space. */
const UNIT_SYMBOLS = new Set(["g", "oz", "ml"]);

/** The one way a size is written everywhere: "3.5g", "1oz", "250ml", "10 pieces", "1 pack". */
export function sizeLabel(variation: { size: string; sizeUnit: string }): string {
  const size = variation.size.trim();
  return UNIT_SYMBOLS.has(variation.sizeUnit)
    ? `${size}${variation.sizeUnit}`
    : `${size} ${variation.sizeUnit}`;
}

/**
 * The size chosen when a product is shown: the first one in stock, else the first (all sold out);
 * undefined when the product has no sizes.
 */
export function defaultVariationId(product: {
  variations: { id: string; stock: number }[];
}): string | undefined {
  return (product.variations.find((v) => v.stock > 0) ?? product.variations[0])?.id;
}

/**
 * Whose potency is shown, as the price: the chosen size's, else the default size's; without sizes,
 * the product's own (app/lib/potency.ts).
 */
export function shownPotency(
  product: ProductSummary,
  variationId?: string,
): { values: PotencyValues; size: VariationSummary | null } {
  const chosen =
    product.variations.find((v) => v.id === variationId) ??
    product.variations.find((v) => v.id === defaultVariationId(product));
  return chosen ? { values: chosen, size: chosen } : { values: product, size: null };
}

/** Price follows the chosen size; without a choice, the default size's; without sizes, the product's. */
export function variationPrice(product: ProductSummary, variationId?: string): number {
  const chosen =
    product.variations.find((v) => v.id === variationId) ??
    product.variations.find((v) => v.id === defaultVariationId(product));
  return chosen?.priceCents ?? product.priceCents;
}

/**
 * The price a card shows before the shopper picks a size: what the storefront filters and sorts
 * on. The database keeps it in products.listed_price_cents (refreshListedPrice mirrors this rule).
 */
export function listedPriceCents(product: ProductSummary): number {
  return variationPrice(product, defaultVariationId(product));
}

/** The main image, then the thumbnails, without duplicates or blanks. */
export function galleryImages(product: { imageUrl: string; thumbnailUrls: string[] }): string[] {
  return [...new Set([product.imageUrl, ...product.thumbnailUrls].filter(Boolean))];
}
