import type { Result } from "~/lib/errors";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { parseImportCsv } from "~/lib/customer-csv";
import {
  FILE_TOO_LARGE,
  FIX_ERRORS_FIRST,
  importedMessage,
  MAX_IMPORT_BYTES,
  NOTHING_TO_IMPORT,
  type ImportRow,
} from "~/lib/customer-import";
import { PREVIEW_PAGE_SIZE, type PreviewFilter } from "~/lib/customers";
import { isUuid } from "~/lib/ids";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Executor } from "../db.server";
import { readCsvUpload as readUpload } from "../http/csv-upload.server";
import { subscribeAll } from "../marketing/newsletter.server";
import { customerImports, customers } from "../db-tables";

/**
 * CSV import in two steps: the upload is checked and kept as a preview (every row, its errors and
 * whether its email is already a customer's) and nothing else is written; confirming writes every
 * row in one transaction, or nothing.
 */

type PreviewRow = ImportRow & { existing?: number };
const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

/**
 * The uploaded file of a multipart POST, read with the size limit enforced while the body arrives
 * (a 10 MB upload is refused after 5 MB, whatever Content-Length says).
 */
export async function readCsvUpload(
  request: Request,
): Promise<Result<{ fileName: string; bytes: Uint8Array }>> {
  const upload = await readUpload(request, {
    maxBytes: MAX_IMPORT_BYTES,
    tooLarge: FILE_TOO_LARGE,
  });
  if (!upload.ok) return upload;
  return { ok: true, fileName: upload.fileName || "customers.csv", bytes: upload.bytes };
}

/** Customer numbers of the emails already on file (lower-cased emails in, batched). */
async function existingCustomers(emails: string[], executor: Executor = db()) {
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += BATCH) {
    const batch = emails.slice(i, i + BATCH);
    const rows = await executor
      .select({ email: sql<string>`lower(${customers.email})`, number: customers.customerNumber })
      .from(customers)
      .where(inArray(sql`lower(${customers.email})`, batch));
    for (const row of rows) found.set(row.email, row.number);
  }
  return found;
}

/** Checks an uploaded file and keeps its preview; nothing is imported yet. */
export async function previewCustomerImport(options: {
  fileName: string;
  bytes: Uint8Array;
  createdBy: string;
  now?: Date;
}): Promise<Result<{ id: string }>> {
  const parsed = parseImportCsv(options.bytes);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const emails = parsed.rows.filter((r) => r.errors.length === 0).map((r) => r.email);
  const existing = await existingCustomers(emails);
  const rows: PreviewRow[] = parsed.rows.map((row) => {
    const number = row.errors.length === 0 ? existing.get(row.email) : undefined;
    return number === undefined ? row : { ...row, existing: number };
  });
  const now = options.now ?? new Date();
  await db()
    .delete(customerImports)
    .where(lt(customerImports.createdAt, new Date(now.getTime() - PREVIEW_KEPT_MS)));
  const [saved] = await db()
    .insert(customerImports)
    .values({
      fileName: options.fileName,
      createdBy: options.createdBy,
      rowCount: rows.length,
      errorCount: rows.filter((r) => r.errors.length > 0).length,
      rows,
      createdAt: now,
    })
    .returning({ id: customerImports.id });
  return { ok: true, id: saved!.id };
}

/** One page of a preview, its counts and every error message. */
export async function getImportPreview(id: string, options: { page: number; show: PreviewFilter }) {
  if (!isUuid(id)) return undefined;
  const [saved] = await db().select().from(customerImports).where(eq(customerImports.id, id));
  if (!saved) return undefined;
  const rows = saved.rows as PreviewRow[];
  const errors = rows.flatMap((r) => r.errors);
  const existing = rows.filter((r) => r.existing !== undefined).length;
  const keep = {
    all: () => true,
    errors: (r: PreviewRow) => r.errors.length > 0,
    existing: (r: PreviewRow) => r.existing !== undefined,
    new: (r: PreviewRow) => r.errors.length === 0 && r.existing === undefined,
  }[options.show];
  const shown = rows.filter(keep);
  const pageCount = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  return {
    id: saved.id,
    fileName: saved.fileName,
    status: saved.status,
    createdAt: saved.createdAt,
    importedAt: saved.importedAt,
    rowCount: saved.rowCount,
    errorCount: saved.errorCount,
    existingCount: existing,
    newCount: rows.length - saved.errorCount - existing,
    consentCount: rows.filter((r) => r.errors.length === 0 && r.consent).length,
    errors,
    rows: shown.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE),
    shownCount: shown.length,
    page,
    pageCount,
  };
}

/**
 * Imports a preview, all or nothing: new emails become active customers (source "import"); rows
 * whose email is already a customer's are skipped or update that customer's name, phone and
 * address, as the staff chose; consent in the file is recorded as a newsletter subscription with
 * source "import". A preview with errors, or with nothing to write, is refused.
 */
export async function runCustomerImport(options: {
  importId: string;
  existing: "skip" | "update";
  actor: AuditActor;
  now?: Date;
}): Promise<Result<{ message: string; created: number; updated: number; skipped: number }>> {
  if (!isUuid(options.importId))
    return { ok: false, status: 404, message: "This import preview does not exist." };
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const [saved] = await tx
      .select()
      .from(customerImports)
      .where(eq(customerImports.id, options.importId))
      .for("update");
    if (!saved) return { ok: false, status: 404, message: "This import preview does not exist." };
    if (saved.status !== "previewed")
      return { ok: false, status: 409, message: "This file was already imported." };
    if (saved.errorCount > 0) return { ok: false, status: 400, message: FIX_ERRORS_FIRST };
    const rows = saved.rows as PreviewRow[];
    // Read again inside the transaction: a checkout may have added one of these emails since.
    const existing = await existingCustomers(
      rows.map((r) => r.email),
      tx,
    );
    const update = options.existing === "update";
    const toWrite = update ? rows : rows.filter((r) => !existing.has(r.email));
    if (toWrite.length === 0) return { ok: false, status: 400, message: NOTHING_TO_IMPORT };

    let created = 0;
    let updated = 0;
    const stamp = now.toISOString();
    for (let i = 0; i < toWrite.length; i += BATCH) {
      const values = sql.join(
        toWrite
          .slice(i, i + BATCH)
          .map(
            (r) =>
              sql`(${r.name}, ${r.email}, ${r.phone}, ${r.address}, 'active', 'import', ${stamp}, ${stamp})`,
          ),
        sql`, `,
      );
      const onConflict = update
        ? sql`update set name = excluded.name, phone = excluded.phone,
            address = case when excluded.address = 'Address not provided' and customers.address is not null
              then customers.address else excluded.address end,
            updated_at = excluded.updated_at`
        : sql`nothing`;
      const result = (await tx.execute(sql`
        insert into customers (name, email, phone, address, status, source, created_at, updated_at)
        values ${values}
        on conflict (lower(email)) do ${onConflict}
        returning (xmax = 0) as inserted`)) as unknown as { rows: { inserted: boolean }[] };
      for (const row of result.rows) {
        if (row.inserted) created++;
        else updated++;
      }
    }
    const written = new Set(toWrite.map((r) => r.email));
    const consenting = rows.filter((r) => r.consent && written.has(r.email)).map((r) => r.email);
    await subscribeAll(tx, consenting, "import", now);
    await tx
      .update(customerImports)
      .set({ status: "imported", importedAt: now })
      .where(and(eq(customerImports.id, saved.id), eq(customerImports.status, "previewed")));
    const skipped = rows.length - toWrite.length;
    await recordAudit(tx, {
      actor: options.actor,
      area: "customers",
      action: "import",
      record: { type: "customer-import", id: saved.id, label: saved.fileName },
      changes: {
        created,
        updated,
        skipped,
        consenting: consenting.length,
        existing: options.existing,
      },
    });
    return {
      ok: true,
      message: importedMessage(created + updated),
      created,
      updated,
      skipped,
    };
  });
}
