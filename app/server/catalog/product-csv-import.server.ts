import { and, eq, lt, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { fail, Refusal, refusalFailure, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { dayKey } from "~/lib/invoices";
import { lotConflict, type LotDetails } from "~/lib/lots";
import { shortDay } from "~/lib/report-period";
import {
  checkProduct,
  groupBySku,
  parseProductCsv,
  planProduct,
  previewRows,
  type CheckedProduct,
  type CsvRow,
  type ProductPlan,
} from "~/lib/product-csv";
import {
  FIX_PRODUCT_ERRORS_FIRST,
  importedProductsMessage,
  MAX_PRODUCT_IMPORT_BYTES,
  NOTHING_TO_IMPORT,
  PREVIEW_OUTDATED,
  PRODUCT_FILE_TOO_LARGE,
  PRODUCT_IMPORT_REASONS,
  PRODUCT_PREVIEW_PAGE_SIZE,
  type ProductCsvKey,
  type ProductImportReason,
  type ProductPreviewFilter,
  type ProductPreviewRow,
} from "~/lib/product-import";
import { slugify } from "~/lib/slug";
import { IMPORT_PREVIEW_NOT_FOUND } from "~/schemas/admin-list";
import type { ProductInput } from "~/schemas/product";
import { config } from "../config.server";
import { isUniqueViolation } from "../db-errors.server";
import { db, type Executor, type Transaction } from "../db.server";
import { readCsvUpload } from "../http/csv-upload.server";
import { moveStocks } from "../inventory/stock-batch.server";
import type { StockChange } from "../inventory/stock-ledger.server";
import {
  imagesLibrary,
  productImports,
  productVariations,
  products,
  stockLots,
} from "../db-tables";
import { invalidatePageCache } from "../storefront/page-invalidation.server";
import { productColumns, sizeColumns } from "./product-columns.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { clearListingCache } from "../storefront/listing-counts.server";
import { csvProductColumns, withSizes } from "./product-csv-export.server";

/**
 * Product CSV import in two steps, as the customer import: the upload is read, checked with the
 * product form's rules and kept as a preview (every row, its errors and what importing would do:
 * create, update the product with the same SKU, or leave it unchanged); nothing else is written.
 * Confirming checks the file again against the catalogue as it is then and writes every product in
 * one transaction, or nothing: fields and sizes in a few statements per thousand products, stock
 * only as movements (moveStocks) with the reason chosen on upload.
 */

const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

const REASON_REQUIRED = "Choose what the Stock column holds: a count or a delivery.";

/** The upload: the file (at most 10 MB, refused with a 413 while it arrives) and the reason. */
export async function readProductUpload(
  request: Request,
): Promise<Result<{ fileName: string; bytes: Uint8Array; reason: ProductImportReason }>> {
  const upload = await readCsvUpload(request, {
    maxBytes: MAX_PRODUCT_IMPORT_BYTES,
    tooLarge: PRODUCT_FILE_TOO_LARGE,
  });
  if (!upload.ok) return upload;
  const reason = upload.form.get("reason");
  if (!PRODUCT_IMPORT_REASONS.includes(reason as ProductImportReason))
    return fail(400, REASON_REQUIRED, { reason: REASON_REQUIRED });
  return {
    ok: true,
    fileName: upload.fileName || "products.csv",
    bytes: upload.bytes,
    reason: reason as ProductImportReason,
  };
}

/** A PostgreSQL array literal of strings (each quoted, so any text is safe in it). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;

/** Rows as one jsonb parameter, read back with jsonb_to_recordset. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

const productIdColumn = sql.raw('"products"."id"');

/**
 * The products on file with these SKUs (lower-cased), with their sizes; locked when importing. A
 * SKU two products share in different cases is ambiguous (null).
 */
async function productsBySku(executor: Executor, skus: string[], lock: boolean) {
  const found = new Map<string, Awaited<ReturnType<typeof withSizes>>[number] | null>();
  for (let i = 0; i < skus.length; i += BATCH) {
    const query = executor
      .select(csvProductColumns)
      .from(products)
      .where(sql`lower(${products.sku}) = any(${textArray(skus.slice(i, i + BATCH))}::text[])`)
      .orderBy(products.id);
    const rows = await withSizes(lock ? await query.for("update") : await query, executor, lock);
    for (const row of rows) {
      const key = row.sku!.toLowerCase();
      found.set(key, found.has(key) ? null : row);
    }
  }
  return found;
}

/** The image library's addresses among these. */
async function libraryImages(executor: Executor, urls: string[]) {
  const known = new Set<string>();
  for (let i = 0; i < urls.length; i += BATCH) {
    const rows = await executor
      .select({ url: imagesLibrary.imageUrl })
      .from(imagesLibrary)
      .where(sql`${imagesLibrary.imageUrl} = any(${textArray(urls.slice(i, i + BATCH))}::text[])`);
    for (const row of rows) known.add(row.url);
  }
  return known;
}

/**
 * A lot number a row names for a size (or product) on file that already has that lot: the same
 * dates, and not recalled, or the row is refused (as receiving into it would be).
 */
async function checkLotsOnFile(executor: Executor, checked: CheckedFile["products"]) {
  const wanted: { p: CheckedProduct; row: number; v: string | null; lot: LotDetails }[] = [];
  for (const p of checked) {
    if (!p.input || !p.existing) continue;
    const onFile = new Map(p.existing.variations.map((v) => [sizeKeyOf(v.size, v.sizeUnit), v.id]));
    p.lots.forEach((lot, i) => {
      if (!lot) return;
      const v = p.input!.variations[i];
      const variationId = v ? (onFile.get(sizeKeyOf(v.size, v.unit)) ?? undefined) : null;
      // A new size has no lots yet; a product gaining sizes has none on them either.
      if (variationId === undefined) return;
      if (variationId === null && p.existing!.variations.length > 0) return;
      wanted.push({ p, row: p.sizeRows[i]!, v: variationId, lot });
    });
  }
  for (let i = 0; i < wanted.length; i += BATCH) {
    const batch = wanted.slice(i, i + BATCH);
    const rows = await executor
      .select({
        productId: stockLots.productId,
        variationId: stockLots.variationId,
        lotNumber: stockLots.lotNumber,
        packagedOn: stockLots.packagedOn,
        expiresOn: stockLots.expiresOn,
        recalledAt: stockLots.recalledAt,
      })
      .from(stockLots)
      .where(
        sql`(${stockLots.productId}, coalesce(${stockLots.variationId}::text, ''), ${stockLots.lotNumber}) in (select x.p, coalesce(x.v, ''), x.n from jsonb_to_recordset(${json(
          batch.map((w) => ({ p: w.p.existing!.id, v: w.v, n: w.lot.lotNumber })),
        )}) as x(p uuid, v text, n text))`,
      );
    for (const w of batch) {
      const stored = rows.find(
        (r) =>
          r.productId === w.p.existing!.id &&
          r.variationId === w.v &&
          r.lotNumber === w.lot.lotNumber,
      );
      if (!stored) continue;
      const row = w.p.rows.find((r) => r.row === w.row)!;
      const message = stored.recalledAt
        ? `Lot ${stored.lotNumber} was recalled on ${shortDay(stored.recalledAt.toISOString().slice(0, 10))}: it cannot take new stock.`
        : lotConflict(stored, w.lot);
      if (message) {
        row.errors.push(`Row ${row.row}: ${message}`);
        w.p.input = undefined;
      }
    }
  }
}

/** A size's key among its product's sizes, as the file's rows are matched: "3.5|g". */
const sizeKeyOf = (size: string, unit: string) => `${size.trim().toLowerCase()}|${unit}`;

interface CheckedFile {
  products: (CheckedProduct & { plan?: ProductPlan })[];
  rows: ProductPreviewRow[];
  errorCount: number;
  counts: Record<"create" | "update" | "unchanged", number>;
}

/**
 * Checks a file's rows against the catalogue: each SKU's rows with the form's rules (columns left
 * out keep the product's values), then the images in the library, then what importing would do.
 */
async function checkFile(
  executor: Executor,
  columns: ProductCsvKey[],
  cells: CsvRow[],
  reason: ProductImportReason,
  lock = false,
  now = new Date(),
): Promise<CheckedFile> {
  // A lot's dates are checked against the store's day.
  const today = dayKey(now, config().STORE_TIMEZONE);
  const rows = cells.map((r) => ({ ...r, errors: [...r.errors] }));
  const groups = groupBySku(rows);
  const existing = await productsBySku(
    executor,
    groups.filter((g) => !g.key.startsWith("#")).map((g) => g.key),
    lock,
  );
  const checked: CheckedFile["products"] = groups.map((group) => {
    const match = existing.get(group.key);
    if (match === null) {
      const first = group.rows[0]!;
      first.errors.push(
        `Row ${first.row}: SKU ${first.cells.sku} matches two products on file (SKUs that differ only in case): rename one first`,
      );
    }
    return checkProduct(group, columns, match ?? undefined, today);
  });

  const urls = new Set<string>();
  for (const p of checked)
    if (p.input) for (const url of [p.input.image, ...p.input.thumbnails]) urls.add(url);
  const known = await libraryImages(executor, [...urls]);
  for (const p of checked) {
    if (!p.input) continue;
    const first = p.rows[0]!;
    if (!known.has(p.input.image))
      first.errors.push(`Row ${first.row}: Image URL ${p.input.image} is not in the Image Library`);
    for (const url of p.input.thumbnails.filter((u) => !known.has(u)))
      first.errors.push(`Row ${first.row}: Thumbnail ${url} is not in the Image Library`);
    if (first.errors.length > 0) p.input = undefined;
  }

  await checkLotsOnFile(executor, checked);

  const counts = { create: 0, update: 0, unchanged: 0 };
  const preview: ProductPreviewRow[] = [];
  for (const p of checked) {
    if (p.input) {
      p.plan = planProduct(p, reason);
      counts[p.plan.action]++;
    }
    preview.push(...previewRows(p, p.plan));
  }
  preview.sort((a, b) => a.row - b.row);
  return {
    products: checked,
    rows: preview,
    errorCount: preview.filter((r) => r.errors.length > 0).length,
    counts,
  };
}

/** Checks an uploaded file and keeps its preview; nothing in the catalogue is written. */
export async function previewProductImport(options: {
  fileName: string;
  bytes: Uint8Array;
  reason: ProductImportReason;
  createdBy: string;
  adminId?: string | null;
  now?: Date;
}): Promise<Result<{ id: string }>> {
  const parsed = parseProductCsv(options.bytes);
  if (!parsed.ok) return fail(400, parsed.message);
  const now = options.now ?? new Date();
  const checked = await checkFile(db(), parsed.columns, parsed.rows, options.reason, false, now);
  await db()
    .delete(productImports)
    .where(lt(productImports.createdAt, new Date(now.getTime() - PREVIEW_KEPT_MS)));
  const [saved] = await db()
    .insert(productImports)
    .values({
      fileName: options.fileName,
      createdBy: options.createdBy,
      adminId: options.adminId ?? null,
      stockReason: options.reason,
      columns: parsed.columns,
      cells: parsed.rows,
      rows: checked.rows,
      rowCount: checked.rows.length,
      errorCount: checked.errorCount,
      createCount: checked.counts.create,
      updateCount: checked.counts.update,
      unchangedCount: checked.counts.unchanged,
      createdAt: now,
    })
    .returning({ id: productImports.id });
  return { ok: true, id: saved!.id };
}

const KEEP: Record<ProductPreviewFilter, (r: ProductPreviewRow) => boolean> = {
  all: () => true,
  errors: (r) => r.errors.length > 0,
  create: (r) => r.action === "create",
  update: (r) => r.action === "update",
  unchanged: (r) => r.action === "unchanged",
};

/** One page of a preview, its counts and every error message. */
export async function getProductImportPreview(
  id: string,
  options: { page: number; show: ProductPreviewFilter },
) {
  if (!isUuid(id)) return undefined;
  const [saved] = await db()
    .select({
      id: productImports.id,
      fileName: productImports.fileName,
      createdBy: productImports.createdBy,
      stockReason: productImports.stockReason,
      rows: productImports.rows,
      rowCount: productImports.rowCount,
      errorCount: productImports.errorCount,
      createCount: productImports.createCount,
      updateCount: productImports.updateCount,
      unchangedCount: productImports.unchangedCount,
      status: productImports.status,
      importedAt: productImports.importedAt,
      createdAt: productImports.createdAt,
    })
    .from(productImports)
    .where(eq(productImports.id, id));
  if (!saved) return undefined;
  const rows = saved.rows as ProductPreviewRow[];
  const shown = rows.filter(KEEP[options.show]);
  const pageCount = Math.max(1, Math.ceil(shown.length / PRODUCT_PREVIEW_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const counts: Record<ProductPreviewFilter, number> = {
    all: rows.length,
    errors: saved.errorCount,
    create: rows.filter(KEEP.create).length,
    update: rows.filter(KEEP.update).length,
    unchanged: rows.filter(KEEP.unchanged).length,
  };
  const { rows: _all, ...rest } = saved;
  return {
    ...rest,
    stockReason: saved.stockReason as ProductImportReason,
    errors: rows.flatMap((r) => r.errors),
    counts,
    rows: shown.slice((page - 1) * PRODUCT_PREVIEW_PAGE_SIZE, page * PRODUCT_PREVIEW_PAGE_SIZE),
    shownCount: shown.length,
    page,
    pageCount,
  };
}
export type ProductImportPreview = NonNullable<Awaited<ReturnType<typeof getProductImportPreview>>>;

/** URL names for new products: each name made URL-safe, with -2, -3… past those taken. */
async function newSlugs(tx: Transaction, names: string[]) {
  const bases = names.map((name) => slugify(name) || "product");
  const unique = [...new Set(bases)];
  const taken = new Set<string>();
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(
        sql`regexp_replace(${products.slug}, '-[0-9]+$', '') = any(${textArray(unique.slice(i, i + BATCH))}::text[])`,
      );
    for (const row of rows) taken.add(row.slug);
  }
  return bases.map((base) => {
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}

type Planned = CheckedProduct & { input: ProductInput; plan: ProductPlan };

/**
 * Writes the planned products inside the import's transaction: new products and sizes (stock 0),
 * the fields and sizes of updated ones, then every stock figure as a movement, the products' totals
 * and listed prices. Answers the ids of the products written.
 */
async function writeProducts(
  tx: Transaction,
  planned: Planned[],
  reason: ProductImportReason,
  adminId: string | null,
  note: string,
): Promise<Result<{ ids: string[] }>> {
  const creates = planned.filter((p) => p.plan.action === "create");
  const updates = planned.filter((p) => p.plan.action === "update");
  const idOf = new Map<Planned, string>(updates.map((p) => [p, p.existing!.id]));
  const stock: (StockChange & { label: string })[] = [];
  const move = (
    p: Planned,
    variationId: string | null,
    cell: number,
    lot: LotDetails | null,
    size?: string,
  ) =>
    stock.push({
      productId: idOf.get(p)!,
      variationId,
      change: reason === "received" ? { by: cell } : { set: cell },
      // Units added go into the row's lot (moveStocks uses it only when the stock goes up).
      ...(lot ? { lot: { receive: lot } } : {}),
      reason,
      note,
      adminId,
      label: `${p.sku}${size ? ` ${size}` : ""}`,
    });

  // New products, then their sizes.
  const slugs = await newSlugs(
    tx,
    creates.map((p) => p.input.name),
  );
  for (let i = 0; i < creates.length; i += 500) {
    const batch = creates.slice(i, i + 500);
    const rows = await tx
      .insert(products)
      .values(
        batch.map((p, j) => ({
          ...productColumns(p.input),
          sku: p.input.sku,
          slug: slugs[i + j]!,
          stock: 0,
        })),
      )
      .returning({ id: products.id });
    rows.forEach((row, j) => idOf.set(batch[j]!, row.id));
  }

  // Updated products: their fields in one statement per thousand.
  for (let i = 0; i < updates.length; i += BATCH) {
    const values = updates
      .slice(i, i + BATCH)
      .map((p) => ({ id: idOf.get(p), ...productColumns(p.input) }));
    await tx.execute(sql`
      update products p set name = x."name", category = x."category", description = x."description",
        name_fr = coalesce(x."nameFr", p.name_fr),
        description_fr = coalesce(x."descriptionFr", p.description_fr),
        image_url = x."imageUrl", thumbnail_urls = array(select jsonb_array_elements_text(x."thumbnailUrls")),
        selling_price_cents = x."sellingPriceCents", cost_price_cents = x."costPriceCents",
        stock_alert_level = x."stockAlertLevel", rating = x."rating", thc_tenths = x."thcTenths",
        total_thc_tenths = x."totalThcTenths", cbd_tenths = x."cbdTenths",
        total_cbd_tenths = x."totalCbdTenths",
        strain = x."strain", status = x."status", cannabis_kind = x."cannabisKind",
        net_amount_milli = x."netAmountMilli", packed_grams = x."packedGrams", updated_at = now()
      from jsonb_to_recordset(${json(values)}) as x(id uuid, "name" text, "nameFr" text,
        "category" text, "description" text, "descriptionFr" text, "imageUrl" text, "thumbnailUrls" jsonb, "sellingPriceCents" int,
        "costPriceCents" int, "stockAlertLevel" int, "rating" float8, "thcTenths" int,
        "totalThcTenths" int, "cbdTenths" int, "totalCbdTenths" int,
        "strain" text, "status" text, "cannabisKind" text, "netAmountMilli" int,
        "packedGrams" int)
      where p.id = x.id`);
  }

  // A product sold in sizes from now on: its own stock goes to them (before they exist).
  const sizedNow = updates.filter(
    (p) => p.existing!.variations.length === 0 && p.input.variations.length > 0,
  );
  const zeroed = await moveStocks(
    tx,
    sizedNow.map((p) => ({
      productId: idOf.get(p)!,
      variationId: null,
      change: { set: 0 },
      reason: "count_correction",
      note: "Sizes added: stock is now counted per size",
      adminId,
    })),
  );
  if (!zeroed.ok) return zeroed;

  // Sizes left out of the file are removed as the form removes rows left out: their stock taken
  // out (a movement each), then archived, never deleted with their history.
  const removed = updates.flatMap((p) =>
    p.plan.removedSizeIds.map((variationId) => ({ productId: idOf.get(p)!, variationId })),
  );
  const emptied = await moveStocks(
    tx,
    removed.map((size) => ({
      ...size,
      change: { set: 0 },
      reason: "count_correction",
      note: "Size removed",
      adminId,
    })),
  );
  if (!emptied.ok) return emptied;
  for (let i = 0; i < removed.length; i += BATCH)
    await tx.execute(
      sql`update product_variations set archived_at = now() where id = any(${`{${removed
        .slice(i, i + BATCH)
        .map((size) => size.variationId)
        .join(",")}}`}::uuid[])`,
    );
  // A product whose sizes are all removed holds its own ledger's stock again.
  const unsized = updates
    .filter((p) => p.existing!.variations.length > 0 && p.input.variations.length === 0)
    .map((p) => idOf.get(p)!);
  for (let i = 0; i < unsized.length; i += BATCH)
    await tx.execute(sql`
      update products p set stock = coalesce((select sum(m.quantity) from stock_movements m
        where m.product_id = p.id and m.variation_id is null), 0)
      where p.id = any(${`{${unsized.slice(i, i + BATCH).join(",")}}`}::uuid[])`);

  // Sizes kept: their fields; new sizes: inserted at stock 0.
  const kept: (ReturnType<typeof sizeColumns>[number] & { id: string })[] = [];
  const fresh: { p: Planned; index: number }[] = [];
  for (const p of planned) {
    const columns = sizeColumns(p.input);
    p.plan.sizes.forEach((size, index) => {
      if (size.existingId) kept.push({ id: size.existingId, ...columns[index]! });
      else fresh.push({ p, index });
    });
  }
  for (let i = 0; i < kept.length; i += BATCH)
    await tx.execute(sql`
      update product_variations v set size = x."size", size_unit = x."sizeUnit",
        price_cents = x."priceCents", net_amount_milli = x."netAmountMilli",
        packed_grams = x."packedGrams", thc_tenths = x."thcTenths",
        total_thc_tenths = x."totalThcTenths", cbd_tenths = x."cbdTenths",
        total_cbd_tenths = x."totalCbdTenths", position = x."position"
      from jsonb_to_recordset(${json(kept.slice(i, i + BATCH))}) as x(id uuid, "size" text,
        "sizeUnit" text, "priceCents" int, "netAmountMilli" int, "packedGrams" int,
        "thcTenths" int, "totalThcTenths" int, "cbdTenths" int, "totalCbdTenths" int,
        "position" int)
      where v.id = x.id`);
  const sizeIds = new Map<string, string>();
  for (let i = 0; i < fresh.length; i += BATCH) {
    const batch = fresh.slice(i, i + BATCH);
    const rows = await tx
      .insert(productVariations)
      .values(
        batch.map(({ p, index }) => ({
          productId: idOf.get(p)!,
          stock: 0,
          ...sizeColumns(p.input)[index]!,
        })),
      )
      .returning({ id: productVariations.id });
    rows.forEach((row, j) => sizeIds.set(`${idOf.get(batch[j]!.p)}:${batch[j]!.index}`, row.id));
  }

  // Stock: every figure of the file as a movement with the reason chosen.
  for (const p of planned) {
    const id = idOf.get(p)!;
    if (p.input.variations.length === 0) {
      const cell = p.stock[0] ?? null;
      if (cell !== null) move(p, null, cell, p.lots[0] ?? null);
      continue;
    }
    p.plan.sizes.forEach((size, index) => {
      if (size.stock === null) return;
      const v = p.input.variations[index]!;
      move(
        p,
        size.existingId ?? sizeIds.get(`${id}:${index}`)!,
        size.stock,
        size.lot ?? null,
        `${v.size}${v.unit}`,
      );
    });
  }
  const moved = await moveStocks(tx, stock);
  if (!moved.ok) return moved;

  // moveStocks kept each product's total with its sizes' moves; one that lost sizes but keeps
  // others holds the sum of those left. Then the listed prices.
  const shrunk = updates
    .filter((p) => p.plan.removedSizeIds.length > 0 && p.input.variations.length > 0)
    .map((p) => idOf.get(p)!);
  for (let i = 0; i < shrunk.length; i += BATCH)
    await tx.execute(sql`
      update products set stock = (select coalesce(sum(v.stock), 0) from product_variations v
        where v.product_id = ${productIdColumn} and v.archived_at is null)::int
      where ${productIdColumn} = any(${`{${shrunk.slice(i, i + BATCH).join(",")}}`}::uuid[])`);
  const ids = planned.map((p) => idOf.get(p)!);
  for (let i = 0; i < ids.length; i += BATCH) await refreshListedPrice(tx, ids.slice(i, i + BATCH));
  return { ok: true, ids };
}

/**
 * Imports a preview, all or nothing: the file is checked again against the catalogue as it is now
 * (products locked), so a product or image changed since the preview refuses the import (409) and
 * the owner uploads again. New products are created, changed ones updated, unchanged ones left
 * alone; stock moves with the reason chosen on upload, recorded against the admin; one audit entry.
 */
export async function runProductImport(options: {
  importId: string;
  actor: AuditActor;
  now?: Date;
}): Promise<
  Result<{ message: string; created: number; updated: number; unchanged: number; ids: string[] }>
> {
  const missing = fail(404, IMPORT_PREVIEW_NOT_FOUND);
  if (!isUuid(options.importId)) return missing;
  const now = options.now ?? new Date();
  let result: Awaited<ReturnType<typeof runProductImport>>;
  try {
    result = await db().transaction(async (tx) => {
      const [saved] = await tx
        .select()
        .from(productImports)
        .where(eq(productImports.id, options.importId))
        .for("update");
      if (!saved) return missing;
      if (saved.status !== "previewed") return fail(409, "This file was already imported.");
      if (saved.errorCount > 0) return fail(400, FIX_PRODUCT_ERRORS_FIRST);
      const reason = saved.stockReason as ProductImportReason;
      const checked = await checkFile(
        tx,
        saved.columns as ProductCsvKey[],
        saved.cells as CsvRow[],
        reason,
        true,
        now,
      );
      if (checked.errorCount > 0) {
        const first = checked.rows.find((r) => r.errors.length > 0)!.errors[0];
        return fail(409, `${PREVIEW_OUTDATED} (${first})`);
      }
      const planned = checked.products.filter(
        (p): p is Planned => p.plan !== undefined && p.plan.action !== "unchanged",
      );
      if (planned.length === 0) return fail(400, NOTHING_TO_IMPORT);
      const written = await writeProducts(
        tx,
        planned,
        reason,
        options.actor.adminId,
        `CSV import: ${saved.fileName}`.slice(0, 200),
      );
      // Refused half-way (a size gone meanwhile): undo what was written.
      if (!written.ok) throw Refusal.of(written);
      await tx
        .update(productImports)
        .set({ status: "imported", importedAt: now })
        .where(and(eq(productImports.id, saved.id), eq(productImports.status, "previewed")));
      const { create, update, unchanged } = checked.counts;
      await recordAudit(tx, {
        actor: options.actor,
        area: "products",
        action: "import",
        record: { type: "product-import", id: saved.id, label: saved.fileName },
        changes: { created: create, updated: update, unchanged, stockReason: reason },
      });
      return {
        ok: true,
        message: importedProductsMessage(create, update),
        created: create,
        updated: update,
        unchanged,
        ids: written.ids,
      };
    });
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    // Another product took a new product's SKU since the check: nothing was written.
    if (isUniqueViolation(error, "products_sku_key")) return fail(409, PREVIEW_OUTDATED);
    throw error;
  }
  if (result.ok) {
    clearListingCache();
    await invalidatePageCache("products imported");
  }
  return result;
}
