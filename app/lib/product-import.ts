/**
 * The product CSV format (export and import) and the import's limits, messages and preview rows.
 * No zod and no papaparse here: the import screens load this in the browser. The rules that read
 * and check a file are in product-csv.ts (server and unit tests).
 */

export const MAX_PRODUCT_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_PRODUCT_IMPORT_ROWS = 20_000;
export const PRODUCT_FILE_TOO_LARGE =
  "This file is larger than 10 MB. Split it into smaller files.";
export const PRODUCT_TOO_MANY_ROWS = `This file has more than ${MAX_PRODUCT_IMPORT_ROWS.toLocaleString("en-CA")} rows. Split it into smaller files.`;
export const PRODUCT_EMPTY_FILE =
  "This file is empty. Choose a CSV file with a header row and products.";
export const FIX_PRODUCT_ERRORS_FIRST = "Please fix the errors before importing";
export const NOTHING_TO_IMPORT = "Nothing to import: every product in this file is unchanged.";
export const PREVIEW_OUTDATED =
  "The catalogue changed since this preview was made. Upload the file again to see what it would do now.";

/** Where a product's fields come from in the file: one cell per column, keyed. */
export const PRODUCT_CSV_COLUMNS = [
  { key: "sku", header: "SKU", required: true },
  { key: "name", header: "Name", required: true },
  // The French name and description (docs/product/languages.md): optional (a file without them
  // leaves the French as it is); an empty cell means not translated (the French store shows the
  // English).
  { key: "nameFr", header: "name_fr", required: false },
  { key: "category", header: "Category", required: true },
  { key: "status", header: "Status", required: false },
  { key: "description", header: "Description", required: true },
  { key: "descriptionFr", header: "description_fr", required: false },
  { key: "price", header: "Selling Price", required: true },
  { key: "costPrice", header: "Cost Price", required: true },
  { key: "stockAlertLevel", header: "Stock Alert Level", required: true },
  { key: "thc", header: "THC mg", required: false },
  { key: "totalThc", header: "Total THC mg", required: false },
  { key: "cbd", header: "CBD mg", required: false },
  { key: "totalCbd", header: "Total CBD mg", required: false },
  { key: "strain", header: "Strain", required: false },
  { key: "rating", header: "Rating", required: false },
  { key: "cannabisKind", header: "Cannabis Kind", required: false },
  { key: "netAmount", header: "Net Amount", required: false },
  { key: "packedGrams", header: "Packed Grams", required: false },
  { key: "image", header: "Image URL", required: true },
  { key: "thumbnails", header: "Thumbnail URLs", required: false },
  { key: "size", header: "Size", required: false },
  { key: "sizeUnit", header: "Size Unit", required: false },
  { key: "sizePrice", header: "Size Price", required: false },
  { key: "sizeNetAmount", header: "Size Net Amount", required: false },
  { key: "sizePackedGrams", header: "Size Packed Grams", required: false },
  { key: "sizeThc", header: "Size THC mg", required: false },
  { key: "sizeTotalThc", header: "Size Total THC mg", required: false },
  { key: "sizeCbd", header: "Size CBD mg", required: false },
  { key: "sizeTotalCbd", header: "Size Total CBD mg", required: false },
  { key: "stock", header: "Stock", required: false },
  // The lot the row's added stock is received into: left empty by the export (a lot is a
  // delivery's, not the product's).
  { key: "lotNumber", header: "Lot number", required: false },
  { key: "packagedOn", header: "Packaged on", required: false },
  { key: "expiresOn", header: "Expiry", required: false },
  { key: "supplier", header: "Supplier", required: false },
  { key: "coaUrl", header: "COA link", required: false },
] as const;

/**
 * Columns of files exported before potency was structured: the free-text THC and CBD. They still
 * import, read by parseLegacyPotency (app/lib/potency.ts) where the new columns are absent.
 */
export const LEGACY_PRODUCT_CSV_COLUMNS = [
  { key: "legacyThc", header: "THC" },
  { key: "legacyCbd", header: "CBD" },
] as const;

/** Other headers the import reads as a column: the French columns as the product form names them. */
export const PRODUCT_CSV_HEADER_ALIASES = [
  { key: "nameFr", header: "Name (French)" },
  { key: "descriptionFr", header: "Description (French)" },
] as const;

export type ProductCsvKey =
  (typeof PRODUCT_CSV_COLUMNS)[number]["key"] | (typeof LEGACY_PRODUCT_CSV_COLUMNS)[number]["key"];

/** The columns that describe one size (or, with no size, the product's own stock). */
export const SIZE_KEYS = [
  "size",
  "sizeUnit",
  "sizePrice",
  "sizeNetAmount",
  "sizePackedGrams",
  "sizeThc",
  "sizeTotalThc",
  "sizeCbd",
  "sizeTotalCbd",
  "stock",
] as const;

/**
 * The columns of the lot a row's added units are received into: optional, at the end, so a file
 * from before lots still imports. Without a lot number the units go to the unrecorded lot.
 */
export const LOT_KEYS = ["lotNumber", "packagedOn", "expiresOn", "supplier", "coaUrl"] as const;

export const PRODUCT_CSV_HEADER: readonly string[] = PRODUCT_CSV_COLUMNS.map((c) => c.header);

export const THUMBNAIL_SEPARATOR = "|";

/** What the Stock column means: the count on the shelf, or the quantity just received. */
export const PRODUCT_IMPORT_REASONS = ["count_correction", "received"] as const;
export type ProductImportReason = (typeof PRODUCT_IMPORT_REASONS)[number];

export const PRODUCT_IMPORT_REASON_TEXT: Record<
  ProductImportReason,
  { label: string; hint: string }
> = {
  count_correction: {
    label: "Count correction",
    hint: "The Stock column is the count on the shelf: each product or size is set to it.",
  },
  received: {
    label: "Received",
    hint: "The Stock column is the quantity received: it is added to the stock there is.",
  },
};

export type ProductImportAction = "create" | "update" | "unchanged";

export const PRODUCT_ACTION_LABELS: Record<ProductImportAction, string> = {
  create: "New product",
  update: "Update",
  unchanged: "Unchanged",
};

/** One row of the file as the preview shows it. */
export interface ProductPreviewRow {
  /** The row's line in the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  sku: string;
  name: string;
  /** "3.5g", or "" for a product without sizes. */
  size: string;
  /** The price this row sells at, as written in the file. */
  price: string;
  /** The Stock cell, as written ("" leaves the stock as it is). */
  stock: string;
  errors: string[];
  /** The product on file with this SKU. */
  productId?: string;
  /** What the import does with this row's product (none when the file has errors). */
  action?: ProductImportAction;
  /**
   * What changes, in words ("Selling Price $40.00 → $42.00", "Stock 5 → 8", "Received into lot
   * A-12").
   */
  changes?: string[];
}

export const PRODUCT_PREVIEW_FILTERS = ["all", "errors", "create", "update", "unchanged"] as const;
export type ProductPreviewFilter = (typeof PRODUCT_PREVIEW_FILTERS)[number];
export const PRODUCT_PREVIEW_PAGE_SIZE = 100;

export function importedProductsMessage(created: number, updated: number): string {
  const parts = [created ? `${created} new` : "", updated ? `${updated} updated` : ""].filter(
    Boolean,
  );
  const total = created + updated;
  return `Imported ${total} ${total === 1 ? "product" : "products"} (${parts.join(", ")}).`;
}
