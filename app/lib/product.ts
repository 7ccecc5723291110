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

export const DEFAULT_RATING = 5;

/** "3.5g", "10 pieces", "1 oz". */
export function sizeLabel(variation: { size: string; sizeUnit: string }): string {
  return variation.sizeUnit === "g" || variation.sizeUnit === "ml"
    ? `${variation.size}${variation.sizeUnit}`
    : `${variation.size} ${variation.sizeUnit}`;
}
