import { and, asc, desc, gte, lt, type SQL } from "drizzle-orm";
import { csvLine } from "~/lib/csv";
import { METHOD_NAMES, type FulfilmentMethod } from "~/lib/fulfilment";
import {
  HANDOVER_RESULT_NAMES,
  ID_KIND_NAMES,
  REFUSAL_REASON_NAMES,
  type HandoverResult,
  type IdKind,
  type RefusalReason,
} from "~/lib/handover";
import { dayRange } from "~/lib/invoices";
import { dayOf } from "~/lib/coupons";
import { addDays } from "~/lib/report-period";
import { config } from "../config.server";
import { errorResponse } from "../http/responses.server";
import { db } from "../db.server";
import { handovers } from "../db-tables";
import { csvDateTime } from "../http/csv-download.server";
import { decodeCursor, keysetCondition, keysetPage, type KeysetCursor } from "../keyset.server";

const RECORDS_PAGE_SIZE = 50;

/** One delivery record as the Delivery records screen shows it. */
export interface DeliveryRecord {
  id: string;
  createdAt: Date;
  orderNumber: string;
  method: FulfilmentMethod;
  result: HandoverResult;
  reason: RefusalReason | null;
  idKind: IdKind | null;
  birthYear: number | null;
  staffName: string;
  recipientName: string;
  address: string;
  province: string;
  keepUntil: string;
}

const columns = {
  id: handovers.id,
  createdAt: handovers.createdAt,
  orderNumber: handovers.orderNumber,
  method: handovers.method,
  result: handovers.result,
  reason: handovers.reason,
  idKind: handovers.idKind,
  birthYear: handovers.birthYear,
  staffName: handovers.staffName,
  recipientName: handovers.recipientName,
  address: handovers.address,
  province: handovers.province,
  keepUntil: handovers.keepUntil,
};

/** The days a list or an export covers, both included (YYYY-MM-DD in the store's time zone). */
export interface RecordsRange {
  from: string;
  to: string;
}

/** Days shown when no range is asked for: the last 30, today included. */
const DEFAULT_DAYS = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range in a records URL (`from`, `to`), checked strictly: a day that is not a date, or a
 * range that ends before it starts, is a 400 with the reason, never a silently different list.
 */
export function parseRecordsRange(url: string | URL, now = new Date()): RecordsRange {
  const params = new URL(url).searchParams;
  const today = dayOf(now, config().STORE_TIMEZONE);
  const from = params.get("from") || addDays(today, -(DEFAULT_DAYS - 1));
  const to = params.get("to") || today;
  for (const day of [from, to])
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || !validDay(day))
      throw errorResponse(`"${day.slice(0, 20)}" is not a date: use a day like ${today}.`, 400);
  if (from > to) throw errorResponse("The range ends before it starts: choose a later end.", 400);
  return { from, to };
}

function validDay(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

function rangeCondition(
  range: RecordsRange,
  edge: { after?: KeysetCursor; before?: KeysetCursor },
) {
  const zone = config().STORE_TIMEZONE;
  const conditions: SQL[] = [
    gte(handovers.createdAt, dayRange(range.from, zone).start),
    lt(handovers.createdAt, dayRange(range.to, zone).end),
  ];
  if (edge.after) conditions.push(keysetCondition(handovers, edge.after, false));
  if (edge.before) conditions.push(keysetCondition(handovers, edge.before, true));
  return and(...conditions);
}

/** A page of the records in a range, newest first, by keyset on handovers_created_idx. */
export async function listDeliveryRecords(
  range: RecordsRange,
  cursors: { after?: string | null; before?: string | null },
  pageSize = RECORDS_PAGE_SIZE,
): Promise<{ rows: DeliveryRecord[]; newer?: string; older?: string }> {
  const before = decodeCursor(cursors.before);
  const after = before ? undefined : decodeCursor(cursors.after);
  const rows = await db()
    .select(columns)
    .from(handovers)
    .where(rangeCondition(range, { after, before }))
    .orderBy(
      ...(before
        ? [asc(handovers.createdAt), asc(handovers.id)]
        : [desc(handovers.createdAt), desc(handovers.id)]),
    )
    .limit(pageSize + 1);
  return keysetPage(rows as DeliveryRecord[], pageSize, { before, after });
}

const BATCH = 1000;

/** Every record in a range as CSV, newest first, in keyset batches; times in the store's zone. */
export async function* exportDeliveryRecordsCsv(range: RecordsRange): AsyncGenerator<string> {
  const zone = config().STORE_TIMEZONE;
  yield `\uFEFF${csvLine([`Date (${zone})`, "Order", "Method", "Result", "Reason", "ID checked", "Year of birth", "Handed over by", "Recipient", "Address", "Province", "Keep until"])}`;
  let position: KeysetCursor | undefined;
  for (;;) {
    const rows = (await db()
      .select(columns)
      .from(handovers)
      .where(rangeCondition(range, { after: position }))
      .orderBy(desc(handovers.createdAt), desc(handovers.id))
      .limit(BATCH)) as DeliveryRecord[];
    if (rows.length === 0) return;
    yield `\r\n${rows.map((r) => csvLine(recordCells(r, zone))).join("\r\n")}`;
    position = rows.at(-1);
    if (rows.length < BATCH) return;
  }
}

function recordCells(record: DeliveryRecord, zone: string) {
  return [
    csvDateTime(record.createdAt, zone),
    record.orderNumber,
    METHOD_NAMES[record.method],
    HANDOVER_RESULT_NAMES[record.result],
    record.reason ? REFUSAL_REASON_NAMES[record.reason] : "",
    record.idKind ? ID_KIND_NAMES[record.idKind] : "",
    record.birthYear === null ? "" : String(record.birthYear),
    record.staffName,
    record.recipientName,
    record.address,
    record.province,
    record.keepUntil,
  ];
}
