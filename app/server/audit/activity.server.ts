import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_AREA_LABELS,
  type AuditAction,
  type AuditArea,
} from "~/lib/audit";
import { changeLineText, describeChanges, recordTypeLabel } from "~/lib/activity-text";
import { csvLine } from "~/lib/csv";
import { can } from "~/lib/permissions";
import { dayRange } from "~/lib/invoices";
import { AuditListQuerySchema, type AuditListQuery } from "~/schemas/audit";
import { config } from "../config.server";
import { db } from "../db.server";
import { csvDateTime } from "../http/csv-download.server";
import { errorResponse } from "../http/responses.server";
import { decodeCursor, keysetCondition, keysetPage, type KeysetCursor } from "../keyset.server";
import { auditLog, type AuditChanges } from "../db-tables";
import { escapeLike } from "../sql-like.server";

const ACTIVITY_PAGE_SIZE = 25;

/** One entry as the Activity screen and a record's panel show it. */
export interface ActivityRow {
  id: string;
  createdAt: Date;
  adminId: string | null;
  adminName: string;
  ipAddress: string | null;
  area: AuditArea;
  action: AuditAction;
  recordType: string | null;
  recordId: string | null;
  recordLabel: string | null;
  changes: AuditChanges | null;
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  adminId: auditLog.adminId,
  adminName: auditLog.adminName,
  ipAddress: auditLog.ipAddress,
  area: sql<AuditArea>`${auditLog.area}`,
  action: sql<AuditAction>`${auditLog.action}`,
  recordType: auditLog.recordType,
  recordId: auditLog.recordId,
  recordLabel: auditLog.recordLabel,
  changes: auditLog.changes,
};

/**
 * The Activity screen's query string, checked strictly: a tampered filter or cursor is a 400 that
 * says which value is wrong (never a page that silently shows everything).
 */
export function parseActivityQuery(url: string | URL): AuditListQuery {
  const raw = Object.fromEntries(new URL(url).searchParams);
  const parsed = AuditListQuerySchema.safeParse(raw);
  if (!parsed.success) throw errorResponse(parsed.error.issues[0]!.message, 400);
  return parsed.data;
}

/**
 * The filters as conditions, each served by an index scanned newest first (staff, area, action:
 * their own; a record search by its id: audit_log_record_idx; days: created_at). As on the Stock
 * movements screen, a day bound the cursor already implies is left out, so the index scan starts
 * at the cursor.
 */
function activityFilter(filter: Omit<AuditListQuery, "after" | "before">) {
  const conditions: SQL[] = [];
  const term = filter.q.trim();
  if (term)
    conditions.push(
      or(eq(auditLog.recordId, term), ilike(auditLog.recordLabel, `%${escapeLike(term)}%`))!,
    );
  if (filter.staff !== "all") conditions.push(eq(auditLog.adminId, filter.staff));
  if (filter.area !== "all") conditions.push(eq(auditLog.area, filter.area));
  if (filter.action !== "all") conditions.push(eq(auditLog.action, filter.action));
  const zone = config().STORE_TIMEZONE;
  const start = filter.from ? dayRange(filter.from, zone).start : undefined;
  const end = filter.to ? dayRange(filter.to, zone).end : undefined;
  return (edge: { after?: KeysetCursor; before?: KeysetCursor } = {}) => {
    const all = [...conditions];
    if (start && !(edge.before && edge.before.createdAt >= start))
      all.push(gte(auditLog.createdAt, start));
    if (end && !(edge.after && edge.after.createdAt < end)) all.push(lt(auditLog.createdAt, end));
    if (edge.after) all.push(keysetCondition(auditLog, edge.after, false));
    if (edge.before) all.push(keysetCondition(auditLog, edge.before, true));
    return all.length > 0 ? and(...all) : undefined;
  };
}

interface ActivityPage {
  rows: ActivityRow[];
  newer?: string;
  older?: string;
}

/** One page of the Activity screen, newest first, by keyset (a deep page costs what the first does). */
export async function listActivity(
  query: AuditListQuery,
  pageSize = ACTIVITY_PAGE_SIZE,
): Promise<ActivityPage> {
  const where = activityFilter(query);
  const before = decodeCursor(query.before);
  const after = before ? undefined : decodeCursor(query.after);
  const rows = await db()
    .select(columns)
    .from(auditLog)
    .where(where({ after, before }))
    .orderBy(
      ...(before
        ? [asc(auditLog.createdAt), asc(auditLog.id)]
        : [desc(auditLog.createdAt), desc(auditLog.id)]),
    )
    .limit(pageSize + 1);
  return keysetPage(rows, pageSize, { before, after });
}

/** A record's own entries, newest first (its page's Activity panel), and whether there are more. */
export async function recordActivity(
  type: string,
  id: string,
  limit = 5,
): Promise<{ rows: ActivityRow[]; more: boolean }> {
  const rows = await db()
    .select(columns)
    .from(auditLog)
    .where(and(eq(auditLog.recordId, id), eq(auditLog.recordType, type)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

const BATCH = 1000;

/**
 * The filtered entries as CSV, newest first, in keyset batches: dates in STORE_TIMEZONE, the
 * changes in the screen's words ("Shipping fee: $20.00 → $12.50; …"), then as recorded (JSON).
 */
export async function* exportActivityCsv(
  filter: Omit<AuditListQuery, "after" | "before">,
): AsyncGenerator<string> {
  const zone = config().STORE_TIMEZONE;
  const where = activityFilter(filter);
  yield `\uFEFF${csvLine([`Date (${zone})`, "Staff", "Address", "Area", "Action", "Record type", "Record", "Label", "Changes", "Data"])}`;
  let position: KeysetCursor | undefined;
  for (;;) {
    const rows = await db()
      .select(columns)
      .from(auditLog)
      .where(where({ after: position }))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield `\r\n${rows
      .map((e) =>
        csvLine([
          csvDateTime(e.createdAt, zone),
          e.adminName,
          e.ipAddress,
          AUDIT_AREA_LABELS[e.area] ?? e.area,
          AUDIT_ACTION_LABELS[e.action] ?? e.action,
          e.recordType && recordTypeLabel(e.recordType),
          e.recordId,
          e.recordLabel,
          describeChanges(e, zone).map(changeLineText).join("; "),
          e.changes ? JSON.stringify(e.changes) : "",
        ]),
      )
      .join("\r\n")}`;
    position = rows.at(-1);
    if (rows.length < BATCH) return;
  }
}

/** A record page's Activity panel: its entries for an admin who may see the log, else null. */
export async function recordActivityFor(
  admin: { role: string },
  type: string,
  id: string,
): Promise<{ rows: ActivityRow[]; more: boolean } | null> {
  return can(admin.role, "activity") ? recordActivity(type, id) : null;
}
