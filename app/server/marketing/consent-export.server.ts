import { desc, eq, sql } from "drizzle-orm";
import { CONSENT_SOURCE_LABELS, CONSENT_TYPE_LABELS, type ConsentSource } from "~/lib/consent";
import { csvLine } from "~/lib/csv";
import { db } from "../db.server";
import { consentRecords, orders } from "../db-tables";

const BATCH = 1000;

const CONSENT_EXPORT_HEADER = [
  "Email",
  "Type",
  "Source",
  "Recorded at",
  "Expires at",
  "Order",
  "Wording shown",
];

/**
 * Every consent record, newest first, as CSV (for the owner: proof of consent under CASL), read in
 * keyset batches of a thousand (consent_records_recorded_idx). Cells are neutralised against
 * spreadsheet formulas (lib/csv.ts).
 */
export async function* exportConsentRecordsCsv(): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CONSENT_EXPORT_HEADER)}`;
  let position: { recordedAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db()
      .select({
        id: consentRecords.id,
        email: consentRecords.email,
        type: consentRecords.type,
        source: consentRecords.source,
        wording: consentRecords.wording,
        recordedAt: consentRecords.recordedAt,
        // Full precision for the keyset (a Date keeps only milliseconds).
        cursor: sql<string>`${consentRecords.recordedAt}::text`,
        expiresAt: consentRecords.expiresAt,
        orderNumber: orders.orderNumber,
      })
      .from(consentRecords)
      .leftJoin(orders, eq(orders.id, consentRecords.orderId))
      .where(
        position
          ? sql`(${consentRecords.recordedAt}, ${consentRecords.id}) < (${position.recordedAt}::timestamptz, ${position.id}::uuid)`
          : undefined,
      )
      .orderBy(desc(consentRecords.recordedAt), desc(consentRecords.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const lines = rows.map((r) =>
      csvLine([
        r.email,
        CONSENT_TYPE_LABELS[r.type as keyof typeof CONSENT_TYPE_LABELS] ?? r.type,
        CONSENT_SOURCE_LABELS[r.source as ConsentSource] ?? r.source,
        r.recordedAt.toISOString(),
        r.expiresAt?.toISOString() ?? "",
        r.orderNumber ?? "",
        r.wording,
      ]),
    );
    yield `\r\n${lines.join("\r\n")}`;
    const last = rows.at(-1)!;
    position = { recordedAt: last.cursor, id: last.id };
    if (rows.length < BATCH) return;
  }
}
