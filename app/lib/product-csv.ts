import Papa from "papaparse";
import {
  CANNABIS_KIND_LABELS,
  CANNABIS_KINDS,
  resolveKind,
  type CannabisKind,
} from "./cannabis-limit";
import { CATEGORIES, findCategory } from "./categories";
import { decodeCsvBytes } from "./customer-csv";
import {
  coaUrlProblem,
  lotDatesProblem,
  lotNumberProblem,
  normalizeLotNumber,
  SUPPLIER_MAX,
  type LotDetails,
} from "./lots";
import { formatMoney } from "./money";
import {
  formatPotency,
  parseLegacyPotency,
  POTENCY_COLUMN,
  POTENCY_KEYS,
  type PotencyKey,
  type PotencyValues,
} from "./potency";
import { DEFAULT_RATING, sizeLabel } from "./product";
import {
  formatNetAmount,
  formatPackedGrams,
  SIZE_UNITS,
  PRODUCT_STATUSES,
  STRAINS,
  THUMBNAIL_SLOTS,
} from "./product-fields";
import {
  LEGACY_PRODUCT_CSV_COLUMNS,
  LOT_KEYS,
  MAX_PRODUCT_IMPORT_ROWS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_HEADER_ALIASES,
  PRODUCT_EMPTY_FILE,
  PRODUCT_TOO_MANY_ROWS,
  SIZE_KEYS,
  THUMBNAIL_SEPARATOR,
  type ProductCsvKey,
  type ProductImportAction,
  type ProductImportReason,
  type ProductPreviewRow,
} from "./product-import";
import { ProductFormSchema, type ProductInput } from "~/schemas/product";

/**
 * The product CSV's rules as pure functions (server only: papaparse and zod stay out of the
 * browser): the cells the export writes for a product, reading a file (its columns, its rows), the
 * checks on each product (rows grouped by SKU, with the product form's own rules), and what an
 * import would do to a product already on file. The server adds what needs the database (which
 * SKUs exist, which images are in the library) and writes.
 */

// ── the format ──

/** A product as the export writes it and the import compares it: the database's values. */
export interface CsvProduct {
  id: string;
  sku: string | null;
  name: string;
  /** "" when not translated. */
  nameFr: string;
  category: string;
  status: string;
  description: string;
  descriptionFr: string;
  sellingPriceCents: number;
  costPriceCents: number;
  stockAlertLevel: number;
  thcTenths: number | null;
  totalThcTenths: number | null;
  cbdTenths: number | null;
  totalCbdTenths: number | null;
  strain: string | null;
  rating: number | null;
  cannabisKind: string | null;
  netAmountMilli: number | null;
  packedGrams: number | null;
  imageUrl: string;
  thumbnailUrls: string[];
  /** The product's own stock (the sum of its sizes' when it has sizes). */
  stock: number;
  /** In their order (position). */
  variations: CsvSize[];
}

export interface CsvSize {
  id: string;
  size: string;
  sizeUnit: string;
  priceCents: number;
  netAmountMilli: number | null;
  packedGrams: number | null;
  thcTenths: number | null;
  totalThcTenths: number | null;
  cbdTenths: number | null;
  totalCbdTenths: number | null;
  stock: number;
}

/** The potency columns of a product and of a size, by the form's field. */
const POTENCY_CELLS = {
  thc: "sizeThc",
  totalThc: "sizeTotalThc",
  cbd: "sizeCbd",
  totalCbd: "sizeTotalCbd",
} as const satisfies Record<PotencyKey, ProductCsvKey>;
const SIZE_POTENCY_KEYS = Object.values(POTENCY_CELLS);

/** The cells of the four values ("" for those not given, and all of them for none). */
function potencyCells(values: PotencyValues | null) {
  return Object.fromEntries(
    POTENCY_KEYS.map((key) => [key, values ? formatPotency(values[POTENCY_COLUMN[key]]) : ""]),
  ) as Record<PotencyKey, string>;
}

const PRODUCT_KEYS = PRODUCT_CSV_COLUMNS.map((c) => c.key).filter(
  (key) =>
    !(SIZE_KEYS as readonly string[]).includes(key) &&
    !(LOT_KEYS as readonly string[]).includes(key),
) as Exclude<
  ProductCsvKey,
  | (typeof SIZE_KEYS)[number]
  | (typeof LOT_KEYS)[number]
  | (typeof LEGACY_PRODUCT_CSV_COLUMNS)[number]["key"]
>[];
type ProductKey = (typeof PRODUCT_KEYS)[number];

const HEADER_OF = Object.fromEntries(
  [...PRODUCT_CSV_COLUMNS, ...LEGACY_PRODUCT_CSV_COLUMNS].map((c) => [c.key, c.header]),
) as Record<ProductCsvKey, string>;

/** "40.00" from 4000. */
const formatCents = (cents: number) => (cents / 100).toFixed(2);

/** The product's own cells (the same on each of its rows), as the export writes them. */
function productCells(p: CsvProduct): Record<ProductKey, string> {
  return {
    sku: p.sku ?? "",
    name: p.name,
    nameFr: p.nameFr,
    category: p.category,
    status: p.status,
    description: p.description,
    descriptionFr: p.descriptionFr,
    price: formatCents(p.sellingPriceCents),
    costPrice: formatCents(p.costPriceCents),
    stockAlertLevel: String(p.stockAlertLevel),
    // A product with sizes has its potency per size.
    ...potencyCells(p.variations.length > 0 ? null : p),
    strain: p.strain ?? "",
    rating: p.rating === null ? "" : String(p.rating),
    cannabisKind: p.cannabisKind ?? "",
    // A product with sizes has a net amount per size.
    netAmount: p.variations.length > 0 ? "" : formatNetAmount(p.netAmountMilli),
    packedGrams: p.variations.length > 0 ? "" : formatPackedGrams(p.packedGrams),
    image: p.imageUrl,
    thumbnails: p.thumbnailUrls.join(THUMBNAIL_SEPARATOR),
  };
}

/** A size's cells (or, for a product without sizes, only its stock). */
function sizeCells(p: CsvProduct, size?: CsvSize): Record<(typeof SIZE_KEYS)[number], string> {
  if (!size)
    return {
      size: "",
      sizeUnit: "",
      sizePrice: "",
      sizeNetAmount: "",
      sizePackedGrams: "",
      sizeThc: "",
      sizeTotalThc: "",
      sizeCbd: "",
      sizeTotalCbd: "",
      stock: String(p.stock),
    };
  const potency = potencyCells(size);
  return {
    size: size.size,
    sizeUnit: size.sizeUnit,
    sizePrice: formatCents(size.priceCents),
    sizeNetAmount: formatNetAmount(size.netAmountMilli),
    sizePackedGrams: formatPackedGrams(size.packedGrams),
    sizeThc: potency.thc,
    sizeTotalThc: potency.totalThc,
    sizeCbd: potency.cbd,
    sizeTotalCbd: potency.totalCbd,
    stock: String(size.stock),
  };
}

/** The lot columns: empty in an export (a lot is a delivery's, not the product's). */
const NO_LOT = Object.fromEntries(LOT_KEYS.map((key) => [key, ""])) as Record<
  (typeof LOT_KEYS)[number],
  string
>;

/** The export's rows of one product: one per size, or one for a product without sizes. */
export function productCsvRows(p: CsvProduct): string[][] {
  const own = productCells(p);
  const sizes = p.variations.length > 0 ? p.variations : [undefined];
  return sizes.map((size) => {
    const cells = { ...own, ...sizeCells(p, size), ...NO_LOT };
    return PRODUCT_CSV_COLUMNS.map((c) => cells[c.key]);
  });
}

// ── reading a file ──

export interface CsvRow {
  /** The row's line in the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  /** The cells of the columns the file has, trimmed. */
  cells: Partial<Record<ProductCsvKey, string>>;
  errors: string[];
}

type ParsedProductCsv =
  { ok: true; columns: ProductCsvKey[]; rows: CsvRow[] } | { ok: false; message: string };

/** A cell as typed: trimmed, without the ' the export puts before text a spreadsheet would run. */
export function readCell(value: string): string {
  const text = value.trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, " ");
const KEY_OF_HEADER = new Map<string, ProductCsvKey>(
  [...PRODUCT_CSV_COLUMNS, ...LEGACY_PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_HEADER_ALIASES].map(
    (c) => [normaliseHeader(c.header), c.key],
  ),
);

/**
 * The columns of a header row, or why the file cannot be read: a column the format does not have,
 * one given twice, a required one missing, or size columns without the Size column (or the Size
 * column without its unit and price).
 */
export function findProductColumns(
  header: string[],
): { ok: true; columns: ProductCsvKey[] } | { ok: false; message: string } {
  const columns: ProductCsvKey[] = [];
  const unknown: string[] = [];
  const twice: string[] = [];
  for (const cell of header) {
    const key = KEY_OF_HEADER.get(normaliseHeader(cell));
    if (!key) unknown.push(cell.trim() || "(a column without a name)");
    else if (columns.includes(key)) twice.push(HEADER_OF[key]);
    else columns.push(key);
  }
  if (unknown.length > 0)
    return {
      ok: false,
      message: `Unknown ${unknown.length === 1 ? "column" : "columns"}: ${unknown.map((u) => `"${u}"`).join(", ")}. Use the columns of the product export: ${PRODUCT_CSV_COLUMNS.map((c) => c.header).join(", ")}.`,
    };
  if (twice.length > 0)
    return { ok: false, message: `Columns given twice: ${[...new Set(twice)].join(", ")}` };
  const missing = PRODUCT_CSV_COLUMNS.filter((c) => c.required && !columns.includes(c.key));
  if (missing.length > 0)
    return {
      ok: false,
      message: `Missing required columns: ${missing.map((c) => c.header).join(", ")}`,
    };
  const has = (key: ProductCsvKey) => columns.includes(key);
  if (has("size") && !(has("sizeUnit") && has("sizePrice")))
    return {
      ok: false,
      message: `Missing required columns: ${(["sizeUnit", "sizePrice"] as const)
        .filter((k) => !has(k))
        .map((k) => HEADER_OF[k])
        .join(", ")} (needed with Size)`,
    };
  const orphans = (
    ["sizeUnit", "sizePrice", "sizeNetAmount", "sizePackedGrams", ...SIZE_POTENCY_KEYS] as const
  ).filter(has);
  if (!has("size") && orphans.length > 0)
    return {
      ok: false,
      message: `Missing required columns: Size (needed with ${orphans.map((k) => HEADER_OF[k]).join(", ")})`,
    };
  return { ok: true, columns };
}

/**
 * Reads a product CSV file: UTF-8 text (a byte-order mark allowed), a header row of the export's
 * columns, then rows. A row whose cells do not line up with the header, or with a quote left open,
 * is an error on that row; blank lines are skipped (numbering keeps them).
 */
export function parseProductCsv(bytes: Uint8Array): ParsedProductCsv {
  if (bytes.length === 0) return { ok: false, message: PRODUCT_EMPTY_FILE };
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return decoded;
  const parsed = Papa.parse<string[]>(decoded.text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: false,
    // One more than the limit (plus the header) tells "too many" without parsing a huge file.
    preview: MAX_PRODUCT_IMPORT_ROWS + 2,
  });
  const table = parsed.data;
  while (table.length > 0 && table.at(-1)!.every((v) => !v.trim())) table.pop();
  const [header, ...data] = table;
  if (!header || header.every((h) => !h.trim()) || data.length === 0)
    return { ok: false, message: PRODUCT_EMPTY_FILE };
  if (data.length > MAX_PRODUCT_IMPORT_ROWS) return { ok: false, message: PRODUCT_TOO_MANY_ROWS };
  const found = findProductColumns(header);
  if (!found.ok) return found;
  const quoted = new Set(
    parsed.errors.filter((e) => e.type === "Quotes" && e.row !== undefined).map((e) => e.row! + 1),
  );
  const rows: CsvRow[] = [];
  data.forEach((values, i) => {
    if (values.every((v) => !v.trim())) return;
    const row = i + 2;
    const cells: CsvRow["cells"] = {};
    found.columns.forEach((key, c) => (cells[key] = readCell(values[c] ?? "")));
    const errors: string[] = [];
    if (quoted.has(row)) errors.push(`Row ${row}: Unclosed quote - check the quotes on this row`);
    else if (values.length !== header.length)
      errors.push(
        `Row ${row}: ${values.length} cells where the header has ${header.length} (a value with a comma needs quotes)`,
      );
    rows.push({ row, cells, errors });
  });
  return { ok: true, columns: found.columns, rows };
}

// ── checking products ──

/** The rows of one product: the same SKU, any case, anywhere in the file. */
interface CsvProductRows {
  /** The SKU lower-cased (how products are matched), or `#<row>` for a row without one. */
  key: string;
  rows: CsvRow[];
}

export function groupBySku(rows: CsvRow[]): CsvProductRows[] {
  const groups = new Map<string, CsvProductRows>();
  for (const row of rows) {
    const sku = row.cells.sku ?? "";
    const key = sku ? sku.toLowerCase() : `#${row.row}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { key, rows: [row] });
  }
  return [...groups.values()];
}

const MONEY = /^\$?\d{1,3}(,?\d{3})*(\.\d{1,2})?$|^\$?\d+(\.\d{1,2})?$|^\$?\.\d{1,2}$/;

function categorySlug(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === v || c.name.toLowerCase() === v)?.slug;
}

function cannabisKindOf(value: string): CannabisKind | undefined {
  const v = value.trim().toLowerCase();
  return CANNABIS_KINDS.find((k) => k === v || CANNABIS_KIND_LABELS[k].toLowerCase() === v);
}

const splitUrls = (value: string) =>
  value
    .split(THUMBNAIL_SEPARATOR)
    .map((u) => u.trim())
    .filter(Boolean);

/** A product cell as compared between the rows of one SKU ("40" and "40.00" agree). */
function comparable(key: ProductKey, value: string): string {
  switch (key) {
    case "price":
    case "costPrice":
      return MONEY.test(value)
        ? String(Math.round(Number(value.replace(/[$,]/g, "")) * 100))
        : value;
    case "category":
      return categorySlug(value) ?? value.toLowerCase();
    case "cannabisKind":
      return cannabisKindOf(value) ?? value.toLowerCase();
    case "sku":
    case "status":
    case "strain":
      return value.toLowerCase();
    case "rating":
    case "stockAlertLevel":
    case "netAmount":
    case "packedGrams":
    case "thc":
    case "totalThc":
    case "cbd":
    case "totalCbd":
      return value !== "" && Number.isFinite(Number(value)) ? String(Number(value)) : value;
    case "thumbnails":
      return splitUrls(value).join(THUMBNAIL_SEPARATOR);
    default:
      return value;
  }
}

const quote = (value: string) => `"${value.length > 40 ? `${value.slice(0, 39)}…` : value}"`;

/** A size's key among its product's sizes: "3.5|g". */
const sizeKey = (size: string, unit: string) => `${size.trim().toLowerCase()}|${unit}`;

/** How the product form's messages name a field, and the column that holds it here. */
const LABELS: Record<string, [from: string, to: string]> = {
  name: ["Product Name", "Name"],
  nameFr: ["Product Name (French)", "name_fr"],
  descriptionFr: ["Description (French)", "description_fr"],
  currentStock: ["Current Stock", "Stock"],
  netAmount: ["Net amount", "Net Amount"],
  "variations.price": ["Price", "Size Price"],
  "variations.netAmount": ["Net amount", "Size Net Amount"],
  packedGrams: ["Packed weight", "Packed Grams"],
  "variations.packedGrams": ["Packed weight", "Size Packed Grams"],
  thc: ["THC", "THC mg"],
  totalThc: ["Total THC", "Total THC mg"],
  cbd: ["CBD", "CBD mg"],
  totalCbd: ["Total CBD", "Total CBD mg"],
  "variations.thc": ["THC", "Size THC mg"],
  "variations.totalThc": ["Total THC", "Size Total THC mg"],
  "variations.cbd": ["CBD", "Size CBD mg"],
  "variations.totalCbd": ["Total CBD", "Size Total CBD mg"],
};

function columnMessage(path: PropertyKey[], message: string): string {
  const field = path[0] === "variations" ? `variations.${String(path[2])}` : String(path[0]);
  if (field === "image" || field === "thumbnails") {
    const column = field === "image" ? "Image URL" : "Thumbnail URLs";
    return message.startsWith("Choose an image")
      ? `${column} must be the address of an image in the Image Library, such as /images/….webp`
      : message.replace("Main Product Image", "Image URL");
  }
  if (field === "variations") return message;
  // Potency an active product needs: in the file's columns, and its way to a draft.
  const missing = /^Enter (THC|CBD) or Total (?:THC|CBD) (\(.*\)) to make this product active/.exec(
    message,
  );
  if (missing) {
    const size = path[0] === "variations" ? "Size " : "";
    return `Enter ${size}${missing[1]} mg or ${size}Total ${missing[1]} mg ${missing[2]} to import this product as active, or set its Status to draft.`;
  }
  const label = LABELS[field];
  return label && message.startsWith(label[0])
    ? label[1] + message.slice(label[0].length)
    : message;
}

/** One product read from its rows: the form's input, each size's (or its own) Stock cell. */
export interface CheckedProduct {
  key: string;
  sku: string;
  rows: CsvRow[];
  existing?: CsvProduct;
  /** Undefined when a row of the product has an error. */
  input?: ProductInput;
  /** The Stock cell of each size (in input order), or of the product without sizes: null if blank. */
  stock: (number | null)[];
  /** The row of each size (or the product's one row). */
  sizeRows: number[];
  /** The lot each size's (or its own) added units are received into: null for none given. */
  lots: (LotDetails | null)[];
}

/** Adds a row's error in the file's words ("Row 3: …"). */
type RowError = (row: CsvRow, message: string) => void;

/**
 * Checks the rows of one SKU and reads them as the product form would: every product cell (all
 * but the size columns and Stock) must agree among the rows that fill it in; each size appears
 * once; a product without sizes is one row. A column the file leaves out keeps what the product on
 * file has (a new product takes the form's default); a blank Stock cell leaves that stock as it is
 * (0 for something new). A row's lot columns name the lot its added units are received into.
 * Errors are added to the rows. `today` (YYYY-MM-DD, the store's day) bounds a lot's dates.
 */
export function checkProduct(
  group: CsvProductRows,
  columns: readonly ProductCsvKey[],
  existing: CsvProduct | undefined,
  today: string = new Date().toISOString().slice(0, 10),
): CheckedProduct {
  const rows = [...group.rows].sort((a, b) => a.row - b.row);
  const first = rows[0]!;
  const sku = first.cells.sku ?? "";
  const error: RowError = (row, message) => row.errors.push(`Row ${row.row}: ${message}`);
  const result: CheckedProduct = {
    key: group.key,
    sku,
    rows,
    existing,
    stock: [],
    sizeRows: [],
    lots: [],
  };
  if (!sku) {
    error(first, "SKU is required");
    return result;
  }
  const value = agreedCells(rows, columns, existing, error);
  const legacy = legacyPotency(rows, columns);
  // An older file's THC and CBD text stands in for the mg columns it does not have.
  if (legacy.thc !== undefined && !columns.includes("thc")) value.thc = legacy.thc;
  if (legacy.cbd !== undefined && !columns.includes("cbd")) value.cbd = legacy.cbd;
  // Fields already refused here in the file's words are not refused again by the form's rules.
  const flagged = new Set<string>();
  const words = formWords(value, first, error, flagged);
  const sizes = readSizes(rows, columns, existing, error, flagged, legacy);
  result.stock = sizes.stock;
  result.sizeRows = sizes.sizeRows;
  const lots = new Map(rows.map((row) => [row.row, readLot(row, today, error)]));
  result.lots = sizes.sizeRows.map((row) => lots.get(row) ?? null);

  const parsed = ProductFormSchema.safeParse({
    name: value.name,
    // A file without the French columns has the product's own here (a new product's are empty).
    nameFr: value.nameFr,
    sku,
    price: value.price,
    costPrice: value.costPrice,
    category: words.category ?? value.category,
    thc: value.thc,
    totalThc: value.totalThc,
    cbd: value.cbd,
    totalCbd: value.totalCbd,
    strain: words.strain ?? value.strain,
    currentStock: sizes.sized ? "0" : stockOf(first).text,
    stockAlertLevel: value.stockAlertLevel,
    description: value.description,
    descriptionFr: value.descriptionFr,
    image: value.image,
    thumbnails: words.thumbnails,
    rating: value.rating,
    status: words.status,
    cannabisKind: words.kind,
    netAmount: value.netAmount,
    packedGrams: value.packedGrams,
    variations: sizes.variations,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (flagged.has(String(issue.path[0]))) continue;
      const sizeIndex = issue.path[0] === "variations" ? issue.path[1] : undefined;
      const rowNumber = typeof sizeIndex === "number" ? result.sizeRows[sizeIndex] : undefined;
      const row = rows.find((r) => r.row === rowNumber) ?? first;
      const message = `Row ${row.row}: ${columnMessage(issue.path, issue.message)}`;
      if (!row.errors.includes(message)) row.errors.push(message);
    }
  }
  if (parsed.success && rows.every((r) => r.errors.length === 0)) result.input = parsed.data;
  return result;
}

/**
 * A row's lot: null when its lot columns are empty (or absent); a lot number is required with any
 * other lot cell, and each is checked with the lots' own rules (app/lib/lots.ts).
 */
function readLot(row: CsvRow, today: string, error: RowError): LotDetails | null {
  const cell = (key: (typeof LOT_KEYS)[number]) => row.cells[key] ?? "";
  if (LOT_KEYS.every((key) => !cell(key))) return null;
  const errorsBefore = row.errors.length;
  const lotNumber = normalizeLotNumber(cell("lotNumber"));
  if (!lotNumber) {
    const given = LOT_KEYS.filter((key) => cell(key)).map((key) => HEADER_OF[key]);
    error(row, `Lot number is required with ${given.join(", ")}`);
  } else {
    const problem = lotNumberProblem(lotNumber);
    if (problem) error(row, `Lot number ${quote(lotNumber)}: ${problem}`);
  }
  const packagedOn = cell("packagedOn") || null;
  const expiresOn = cell("expiresOn") || null;
  const dates = lotDatesProblem(packagedOn, expiresOn, today);
  if (dates) {
    const column = dates.field === "packagedOn" ? "packagedOn" : "expiresOn";
    error(row, `${HEADER_OF[column]} ${quote(cell(column))}: ${dates.message}`);
  }
  const supplier = cell("supplier") || null;
  if (supplier && supplier.length > SUPPLIER_MAX)
    error(row, `Supplier must be at most ${SUPPLIER_MAX} characters`);
  const coaUrl = cell("coaUrl") || null;
  const coa = coaUrl ? coaUrlProblem(coaUrl) : null;
  if (coa) error(row, `COA link ${quote(coaUrl!)}: ${coa}`);
  if (row.errors.length > errorsBefore) return null;
  return { lotNumber, packagedOn, expiresOn, supplier, coaUrl };
}

/**
 * The THC and CBD of an older file (free text, the same on each row of a product): in mg/g where
 * the text reads as a plain percent or mg/g, else "" (not guessed); undefined without the column.
 */
function legacyPotency(
  rows: CsvRow[],
  columns: readonly ProductCsvKey[],
): { thc?: string; cbd?: string } {
  const read = (key: "legacyThc" | "legacyCbd") => {
    if (!columns.includes(key)) return undefined;
    const text = rows.map((r) => r.cells[key] ?? "").find(Boolean) ?? "";
    return formatPotency(parseLegacyPotency(text));
  };
  return { thc: read("legacyThc"), cbd: read("legacyCbd") };
}

/** The product's own cells: one value among the rows that fill it in (else the file's, or ""). */
function agreedCells(
  rows: CsvRow[],
  columns: readonly ProductCsvKey[],
  existing: CsvProduct | undefined,
  error: RowError,
): Record<ProductKey, string> {
  const forSku = `for SKU ${rows[0]!.cells.sku}`;
  const own = existing ? productCells(existing) : undefined;
  const value = {} as Record<ProductKey, string>;
  for (const key of PRODUCT_KEYS) {
    if (!columns.includes(key)) {
      value[key] = own?.[key] ?? "";
      continue;
    }
    let chosen: { row: CsvRow; text: string } | undefined;
    for (const row of rows) {
      const text = row.cells[key] ?? "";
      if (!text) continue;
      if (!chosen) chosen = { row, text };
      else if (comparable(key, text) !== comparable(key, chosen.text))
        error(
          row,
          `${HEADER_OF[key]} differs from row ${chosen.row.row} ${forSku} (${key === "description" || key === "descriptionFr" ? "the rows of one product must agree" : `${quote(text)} here, ${quote(chosen.text)} there`})`,
        );
    }
    value[key] = chosen?.text ?? "";
  }
  return value;
}

/** The form's own words for values a spreadsheet may write differently. */
function formWords(
  value: Record<ProductKey, string>,
  first: CsvRow,
  error: RowError,
  flagged: Set<string>,
) {
  const category = categorySlug(value.category);
  if (value.category && !category) flagged.add("category");
  if (value.category && !category)
    error(
      first,
      `Unknown category ${quote(value.category)}: use one of ${CATEGORIES.map((c) => c.slug).join(", ")}`,
    );
  const status = value.status.toLowerCase() || "active";
  const known = (PRODUCT_STATUSES as readonly string[]).includes(status);
  if (!known) flagged.add("status");
  if (!known) error(first, `Status must be active, draft or archived, not ${quote(value.status)}`);
  const kind = value.cannabisKind ? cannabisKindOf(value.cannabisKind) : undefined;
  if (value.cannabisKind && !kind)
    error(first, `Cannabis Kind must be one of ${CANNABIS_KINDS.join(", ")}`);
  const strain = STRAINS.find((s) => s.toLowerCase() === value.strain.toLowerCase());
  for (const key of ["price", "costPrice"] as const)
    if (value[key] && !MONEY.test(value[key]))
      error(first, `${HEADER_OF[key]} must be an amount such as 40.00, not ${quote(value[key])}`);
  const thumbnails = splitUrls(value.thumbnails);
  if (thumbnails.length > THUMBNAIL_SLOTS)
    error(first, `Thumbnail URLs: at most ${THUMBNAIL_SLOTS} images, separated by |`);
  return { category, status, kind, strain, thumbnails };
}

/** A row's Stock cell: the form's text ("0" when blank) and its number (null when not one). */
function stockOf(row: CsvRow) {
  const text = row.cells.stock ?? "";
  return { text: text || "0", value: /^\d{1,7}$/.test(text) ? Number(text) : null };
}

/**
 * A size's potency cells: its Size … mg columns; a column the file leaves out keeps the size's on
 * file, or an older file's THC and CBD text (which, before sizes had their own, every size shared).
 */
function sizePotency(
  row: CsvRow,
  has: (key: ProductCsvKey) => boolean,
  onFile: CsvSize | undefined,
  legacy: { thc?: string; cbd?: string },
): Record<PotencyKey, string> {
  const kept = potencyCells(onFile ?? null);
  const cells = {} as Record<PotencyKey, string>;
  for (const key of POTENCY_KEYS) {
    const column = POTENCY_CELLS[key];
    const fromLegacy = key === "thc" ? legacy.thc : key === "cbd" ? legacy.cbd : undefined;
    cells[key] = has(column) ? (row.cells[column] ?? "") : (fromLegacy ?? kept[key]);
  }
  return cells;
}

/** Sizes: one row each, or the product's one row; each size's (or its own) Stock cell. */
function readSizes(
  rows: CsvRow[],
  columns: readonly ProductCsvKey[],
  existing: CsvProduct | undefined,
  error: RowError,
  flagged: Set<string>,
  legacy: { thc?: string; cbd?: string },
) {
  const first = rows[0]!;
  const sku = first.cells.sku ?? "";
  const forSku = `for SKU ${sku}`;
  const has = (key: ProductCsvKey) => columns.includes(key);
  const sized = has("size") && rows.some((r) => r.cells.size);
  const seen = new Map<string, number>();
  const existingSizes = new Map(existing?.variations.map((v) => [sizeKey(v.size, v.sizeUnit), v]));
  const read = {
    sized,
    variations: [] as ({
      size: string;
      unit: string;
      price: string;
      stock: string;
      netAmount: string;
      packedGrams: string;
    } & Record<PotencyKey, string>)[],
    stock: [] as (number | null)[],
    sizeRows: [] as number[],
  };
  if (sized) {
    for (const row of rows) {
      const size = row.cells.size ?? "";
      if (!size) {
        error(row, `Size is required: other rows ${forSku} have sizes`);
        continue;
      }
      const unitText = (row.cells.sizeUnit ?? "").toLowerCase();
      const unit = SIZE_UNITS.find((u) => u === unitText);
      if (!unit) {
        error(
          row,
          `Size Unit must be g, oz, ml, pieces or pack${unitText ? "" : " (it is empty)"}`,
        );
        continue;
      }
      const key = sizeKey(size, unit);
      const other = seen.get(key);
      if (other !== undefined) {
        error(row, `Size ${sizeLabel({ size, sizeUnit: unit })} ${forSku} is also on row ${other}`);
        continue;
      }
      seen.set(key, row.row);
      const price = row.cells.sizePrice ?? "";
      if (price && !MONEY.test(price))
        error(row, `Size Price must be an amount such as 18.00, not ${quote(price)}`);
      const stock = stockOf(row);
      read.stock.push(row.cells.stock ? stock.value : null);
      read.sizeRows.push(row.row);
      read.variations.push({
        size,
        unit,
        price,
        stock: stock.text,
        netAmount: has("sizeNetAmount")
          ? (row.cells.sizeNetAmount ?? "")
          : formatNetAmount(existingSizes.get(key)?.netAmountMilli ?? null),
        packedGrams: has("sizePackedGrams")
          ? (row.cells.sizePackedGrams ?? "")
          : formatPackedGrams(existingSizes.get(key)?.packedGrams ?? null),
        ...sizePotency(row, has, existingSizes.get(key), legacy),
      });
    }
  } else {
    if (rows.length > 1)
      for (const row of rows.slice(1))
        error(
          row,
          `SKU ${sku} is also on row ${first.row}: a product without sizes takes one row (give each row a Size)`,
        );
    for (const row of rows)
      for (const key of [
        "sizeUnit",
        "sizePrice",
        "sizeNetAmount",
        "sizePackedGrams",
        ...SIZE_POTENCY_KEYS,
      ] as const)
        if (row.cells[key]) error(row, `${HEADER_OF[key]} is filled in but Size is empty`);
    // Its potency is its sizes' too: not asked of the product itself.
    if (!has("size") && existing && existing.variations.length > 0)
      for (const key of ["netAmount", ...POTENCY_KEYS]) flagged.add(key);
    if (!has("size") && existing && existing.variations.length > 0)
      error(
        first,
        `${sku} is sold in sizes: add the Size, Size Unit and Size Price columns to import it`,
      );
    read.stock.push(first.cells.stock ? stockOf(first).value : null);
    read.sizeRows.push(first.row);
  }
  // With sizes, the product's own stock and net amount are not asked for (even when a size row
  // was refused above).
  // With sizes, the product's own stock, net amount and potency are not asked for (even when a size
  // row was refused above).
  if (sized) for (const key of ["currentStock", "netAmount", ...POTENCY_KEYS]) flagged.add(key);
  return read;
}

// ── what an import does ──

/** A size of the product as the import leaves it: on file already (its id) or new. */
interface PlannedSize {
  existingId?: string;
  /** The Stock cell: null leaves the stock as it is (0 for a new size). */
  stock: number | null;
  /** The lot the units added are received into (none: the size's unrecorded lot). */
  lot?: LotDetails;
}

export interface ProductPlan {
  action: ProductImportAction;
  /** What changes, by row ("Selling Price $40.00 → $42.00"). */
  changes: Map<number, string[]>;
  /** Aligned with input.variations. */
  sizes: PlannedSize[];
  removedSizeIds: string[];
}

const PRODUCT_POTENCY_HEADERS: Record<PotencyKey, string> = {
  thc: "THC mg",
  totalThc: "Total THC mg",
  cbd: "CBD mg",
  totalCbd: "Total CBD mg",
};

const orDash = (v: string | null) => (v === null || v === "" ? "—" : v);

/** The stock a Stock cell leaves, and the words for it ("Stock 5 → 8", "Stock 5 + 3 received → 8"). */
export function stockAfter(
  current: number,
  cell: number | null,
  reason: ProductImportReason,
): { after: number; text?: string } {
  if (cell === null) return { after: current };
  if (reason === "received")
    return cell === 0
      ? { after: current }
      : { after: current + cell, text: `Stock ${current} + ${cell} received → ${current + cell}` };
  return cell === current
    ? { after: current }
    : { after: cell, text: `Stock ${current} → ${cell}` };
}

/**
 * What importing a checked product does: create it, update the product on file with the same SKU
 * (its fields, its sizes matched by size and unit, their stock), or nothing when all is as on
 * file. Sizes on file that the file leaves out are removed, as the product form does.
 */
export function planProduct(product: CheckedProduct, reason: ProductImportReason): ProductPlan {
  const input = product.input!;
  const existing = product.existing;
  const firstRow = product.rows[0]!.row;
  const changes = new Map<number, string[]>();
  const note = (row: number, text: string) => changes.set(row, [...(changes.get(row) ?? []), text]);
  const lotOf = (i: number) => product.lots[i] ?? null;
  const withLot = (i: number) => {
    const lot = lotOf(i);
    return lot ? { lot } : {};
  };
  // Said where the stock goes up with a lot number: the units added are received into it.
  const received = (row: number, i: number, before: number, after: number) => {
    const lot = lotOf(i);
    if (lot && after > before) note(row, `Received into lot ${lot.lotNumber}`);
  };

  if (!existing) {
    input.variations.forEach((_, i) => {
      const stock = product.stock[i] ?? 0;
      if (stock > 0) note(product.sizeRows[i]!, `Stock ${stock}`);
      received(product.sizeRows[i]!, i, 0, stock);
    });
    if (input.variations.length === 0 && (product.stock[0] ?? 0) > 0) {
      note(firstRow, `Stock ${product.stock[0]}`);
      received(firstRow, 0, 0, product.stock[0]!);
    }
    return {
      action: "create",
      changes,
      sizes: input.variations.map((_, i) => ({ stock: product.stock[i] ?? null, ...withLot(i) })),
      removedSizeIds: [],
    };
  }

  const money = (cents: number) => formatMoney(cents);
  const categoryName = (slug: string) => findCategory(slug)?.name ?? slug;
  const kindBefore = resolveKind(existing);
  const netBefore =
    existing.variations.length === 0 && kindBefore !== "none" ? existing.netAmountMilli : null;
  const packedBefore = existing.variations.length === 0 ? existing.packedGrams : null;
  const fields: [label: string, before: string, after: string, show?: false][] = [
    ["Name", existing.name, input.name],
    [HEADER_OF.nameFr, orDash(existing.nameFr), orDash(input.nameFr ?? existing.nameFr)],
    ["Category", categoryName(existing.category), categoryName(input.category)],
    ["Status", existing.status, input.status],
    ["Description", existing.description, input.description, false],
    [
      HEADER_OF.descriptionFr,
      existing.descriptionFr,
      input.descriptionFr ?? existing.descriptionFr,
      false,
    ],
    ["Selling Price", money(existing.sellingPriceCents), money(input.price)],
    ["Cost Price", money(existing.costPriceCents), money(input.costPrice)],
    ["Stock Alert Level", String(existing.stockAlertLevel), String(input.stockAlertLevel)],
    ...POTENCY_KEYS.map((key): [string, string, string] => [
      PRODUCT_POTENCY_HEADERS[key],
      orDash(
        formatPotency(existing.variations.length === 0 ? existing[POTENCY_COLUMN[key]] : null),
      ),
      orDash(formatPotency(input[POTENCY_COLUMN[key]])),
    ]),
    ["Strain", orDash(existing.strain), orDash(input.strain)],
    ["Rating", String(existing.rating ?? DEFAULT_RATING), String(input.rating)],
    ["Cannabis Kind", kindBefore, input.cannabisKind],
    ["Net Amount", orDash(formatNetAmount(netBefore)), orDash(formatNetAmount(input.netAmount))],
    [
      "Packed Grams",
      orDash(formatPackedGrams(packedBefore)),
      orDash(formatPackedGrams(input.packedGrams)),
    ],
    ["Image URL", existing.imageUrl, input.image, false],
    ["Thumbnail URLs", existing.thumbnailUrls.join("|"), input.thumbnails.join("|"), false],
  ];
  for (const [label, before, after, show] of fields)
    if (before !== after)
      note(firstRow, show === false ? `${label} changed` : `${label} ${before} → ${after}`);

  const onFile = new Map(existing.variations.map((v) => [sizeKey(v.size, v.sizeUnit), v]));
  const kept = new Set<string>();
  const sizes: PlannedSize[] = [];
  let moved = false;
  input.variations.forEach((v, i) => {
    const row = product.sizeRows[i]!;
    const cell = product.stock[i] ?? null;
    const match = onFile.get(sizeKey(v.size, v.unit));
    const label = sizeLabel({ size: v.size, sizeUnit: v.unit });
    if (!match) {
      note(row, `New size ${label}`);
      const stock = stockAfter(0, cell, reason);
      if (stock.after > 0) note(row, `Stock ${stock.after}`);
      received(row, i, 0, stock.after);
      sizes.push({ stock: cell, ...withLot(i) });
      return;
    }
    kept.add(match.id);
    if (existing.variations.indexOf(match) !== i) moved = true;
    if (match.size !== v.size) note(row, `Size ${match.size} → ${v.size}`);
    if (match.priceCents !== v.price)
      note(row, `Size Price ${money(match.priceCents)} → ${money(v.price)}`);
    if (match.netAmountMilli !== v.netAmount)
      note(
        row,
        `Size Net Amount ${orDash(formatNetAmount(match.netAmountMilli))} → ${orDash(formatNetAmount(v.netAmount))}`,
      );
    if (match.packedGrams !== v.packedGrams)
      note(
        row,
        `Size Packed Grams ${orDash(formatPackedGrams(match.packedGrams))} → ${orDash(formatPackedGrams(v.packedGrams))}`,
      );
    for (const key of POTENCY_KEYS) {
      const column = POTENCY_COLUMN[key];
      if (match[column] !== v[column])
        note(
          row,
          `${HEADER_OF[POTENCY_CELLS[key]]} ${orDash(formatPotency(match[column]))} → ${orDash(formatPotency(v[column]))}`,
        );
    }
    const stock = stockAfter(match.stock, cell, reason);
    if (stock.text) note(row, stock.text);
    received(row, i, match.stock, stock.after);
    sizes.push({ existingId: match.id, stock: cell, ...withLot(i) });
  });
  const removed = existing.variations.filter((v) => !kept.has(v.id));
  if (removed.length > 0)
    note(
      firstRow,
      `${removed.length === 1 ? "Size" : "Sizes"} ${removed.map((v) => sizeLabel(v)).join(", ")} removed`,
    );
  if (moved && removed.length === 0) note(firstRow, "Order of sizes changed");
  if (existing.variations.length === 0 && input.variations.length > 0)
    note(firstRow, `Sold in sizes now: stock ${existing.stock} → counted per size`);
  if (input.variations.length === 0) {
    // Without sizes: its own stock (a product whose sizes are removed starts again from 0).
    const current = existing.variations.length === 0 ? existing.stock : 0;
    const stock = stockAfter(current, product.stock[0] ?? null, reason);
    if (stock.text) note(firstRow, stock.text);
    received(firstRow, 0, current, stock.after);
  }
  return {
    action: changes.size > 0 ? "update" : "unchanged",
    changes,
    sizes,
    removedSizeIds: removed.map((v) => v.id),
  };
}

/** The preview's rows of a product, with the import's plan when it has no errors. */
export function previewRows(product: CheckedProduct, plan?: ProductPlan): ProductPreviewRow[] {
  return product.rows.map((r) => {
    const size = r.cells.size
      ? sizeLabel({ size: r.cells.size, sizeUnit: (r.cells.sizeUnit ?? "").toLowerCase() })
      : "";
    return {
      row: r.row,
      sku: r.cells.sku ?? "",
      name: r.cells.name ?? "",
      size,
      price: (size ? r.cells.sizePrice : r.cells.price) ?? "",
      stock: r.cells.stock ?? "",
      errors: r.errors,
      ...(product.existing ? { productId: product.existing.id } : {}),
      ...(plan ? { action: plan.action, changes: plan.changes.get(r.row) ?? [] } : {}),
    };
  });
}
