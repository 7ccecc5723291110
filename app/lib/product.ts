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
  thc: string | null;
  cbd: string | null;
  strain: string | null;
  variations: VariationSummary[];
}

export interface VariationSummary {
  id: string;
  size: string;
  sizeUnit: string;
  priceCents: number;
  stock: number;
}

/** The product page adds the description, gallery and SKU. */
export interface ProductDetail extends ProductSummary {
  description: string;
  thumbnailUrls: string[];
  sku: string | null;
  updatedAt: Date;
}

export const DEFAULT_RATING = 5;

/** "3.5g", "10 pieces", "1 oz". */
export function sizeLabel(variation: { size: string; sizeUnit: string }): string {
  return variation.sizeUnit === "g" || variation.sizeUnit === "ml"
    ? `${variation.size}${variation.sizeUnit}`
    : `${variation.size} ${variation.sizeUnit}`;
}

/** SPEC §4: the first variation is the default; price follows the chosen one. */
export function variationPrice(product: ProductSummary, variationId?: string): number {
  const chosen =
    product.variations.find((v) => v.id === variationId) ?? product.variations[0] ?? undefined;
  return chosen?.priceCents ?? product.priceCents;
}

/** The main image, then the thumbnails, without duplicates or blanks. */
export function galleryImages(product: { imageUrl: string; thumbnailUrls: string[] }): string[] {
  return [...new Set([product.imageUrl, ...product.thumbnailUrls].filter(Boolean))];
}
