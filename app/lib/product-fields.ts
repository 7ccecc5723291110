import type { VariationSummary } from "./product";

/**
 * The admin product form's fields as the browser and the action both read them. Kept apart from
 * the zod schema (app/schemas/product.ts) so the form's pages load zod only when it is needed.
 */

export const SIZE_UNITS = ["g", "oz", "ml", "pieces", "pack"] as const;
export const STRAINS = ["Hybrid", "Indica", "Sativa"] as const;
/** A product's status: active (shown and sold), draft (kept in the admin), archived (withdrawn). */
export const PRODUCT_STATUSES = ["active", "draft", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_NAMES: Record<ProductStatus, string> = {
  active: "Active",
  draft: "Draft",
  archived: "Archived",
};
export const THUMBNAIL_SLOTS = 4;
export const MAX_VARIATIONS = 20;
/** The confirmation before a product is deleted (the list's Delete). */
export const DELETE_PRODUCT_CONFIRMATION =
  "Are you sure you want to delete this product? This action cannot be undone.";
/** The heaviest packed weight (grams) one unit may be given; the lightest is 1. */
export const MAX_PACKED_GRAMS = 5000;
/** A new product's cost price starts at this share of its selling price. */
export const DEFAULT_COST_RATIO = 0.6;

/** "3.5" from 3500 (the form shows amounts as typed). */
export function formatNetAmount(milli: number | null): string {
  return milli === null ? "" : String(milli / 1000);
}

/** "120" from 120 grams; "" when the packed weight is not known. */
export function formatPackedGrams(grams: number | null): string {
  return grams === null ? "" : String(grams);
}

/** Reads the product form's fields (variations come as parallel lists, one entry per row). */
export function productFormValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const list = (name: string) =>
    form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const sizes = list("variationSize");
  const ids = list("variationId");
  const units = list("variationUnit");
  const prices = list("variationPrice");
  const stocks = list("variationStock");
  const amounts = list("variationNetAmount");
  const packed = list("variationPackedGrams");
  const potency = {
    thc: list("variationThc"),
    totalThc: list("variationTotalThc"),
    cbd: list("variationCbd"),
    totalCbd: list("variationTotalCbd"),
  };
  return {
    name: text("name"),
    nameFr: text("nameFr"),
    sku: text("sku"),
    price: text("price"),
    costPrice: text("costPrice"),
    category: text("category"),
    thc: text("thc"),
    totalThc: text("totalThc"),
    cbd: text("cbd"),
    totalCbd: text("totalCbd"),
    strain: text("strain"),
    currentStock: text("currentStock"),
    stockAlertLevel: text("stockAlertLevel"),
    description: text("description"),
    descriptionFr: text("descriptionFr"),
    image: text("image"),
    thumbnails: list("thumbnail"),
    rating: text("rating"),
    status: text("status"),
    cannabisKind: text("cannabisKind"),
    netAmount: text("netAmount"),
    packedGrams: text("packedGrams"),
    openingLotNumber: text("openingLotNumber"),
    openingPackagedOn: text("openingPackagedOn"),
    openingExpiresOn: text("openingExpiresOn"),
    openingSupplier: text("openingSupplier"),
    variations: sizes.map((size, i) => ({
      id: ids[i],
      size,
      unit: units[i],
      price: prices[i],
      stock: stocks[i],
      netAmount: amounts[i],
      packedGrams: packed[i],
      thc: potency.thc[i],
      totalThc: potency.totalThc[i],
      cbd: potency.cbd[i],
      totalCbd: potency.totalCbd[i],
    })),
  };
}

/** What the form starts from: an existing product, or nothing for a new one. */
export interface ProductFormProduct {
  id: string;
  name: string;
  /** The French name and description: "" when not translated (the French storefront shows the English). */
  nameFr: string;
  descriptionFr: string;
  sku: string | null;
  sellingPriceCents: number;
  costPriceCents: number;
  category: string;
  /** Potency without sizes, in tenths of a mg (with sizes, each size has its own). */
  thcTenths: number | null;
  totalThcTenths: number | null;
  cbdTenths: number | null;
  totalCbdTenths: number | null;
  strain: string | null;
  stock: number;
  stockAlertLevel: number;
  description: string;
  imageUrl: string;
  thumbnailUrls: string[];
  rating: number | null;
  status: string;
  cannabisKind: string | null;
  netAmountMilli: number | null;
  /** One unit in a parcel, package and all (without sizes; each size has its own). */
  packedGrams: number | null;
  variations: AdminVariation[];
}

/** A size as the admin edits it: what shoppers see, and its packed weight. */
export interface AdminVariation extends VariationSummary {
  packedGrams: number | null;
}
