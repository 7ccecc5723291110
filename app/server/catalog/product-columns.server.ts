import { potencyOf } from "~/lib/potency";
import type { ProductInput } from "~/schemas/product";

// What a product's form (or a row of a product import) writes to its columns. Stock is not among
// them: it moves only through the stock ledger. The French name and description are written only
// when the input has them (a caller or an older file without them keeps the saved French).

/** A product's own columns, but its SKU (the form sets it; an import keeps the stored one). */
export function productColumns(input: ProductInput) {
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    ...(input.nameFr === undefined ? {} : { nameFr: input.nameFr }),
    ...(input.descriptionFr === undefined ? {} : { descriptionFr: input.descriptionFr }),
    imageUrl: input.image,
    thumbnailUrls: input.thumbnails,
    sellingPriceCents: input.price,
    costPriceCents: input.costPrice,
    stockAlertLevel: input.stockAlertLevel,
    rating: input.rating,
    ...potencyOf(input),
    strain: input.strain,
    status: input.status,
    cannabisKind: input.cannabisKind,
    netAmountMilli: input.netAmount,
    packedGrams: input.packedGrams,
  };
}

/** Each size's columns, in the form's order. */
export function sizeColumns(input: ProductInput) {
  return input.variations.map((v, position) => ({
    size: v.size,
    sizeUnit: v.unit,
    priceCents: v.price,
    netAmountMilli: v.netAmount,
    packedGrams: v.packedGrams,
    ...potencyOf(v),
    position,
  }));
}
