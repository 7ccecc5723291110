import { desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { isUuid } from "~/lib/ids";
import { pageCount } from "~/schemas/admin-list";

// Keyset paging: a list read newest first a page at a time from a cursor, the (created_at, id) of
// the row next to the page, so a deep page costs what the first does. The condition and the cut of
// a page are shared; the cursor comes in two kinds, as precise as the rows' created_at:
// - the logs (Stock movements, Activity, a product's stock history) keep it to the millisecond, so
//   their cursor holds a Date (KeysetCursor: encodeCursor, decodeCursor, keysetPage);
// - the admin's lists (orders, customers) keep it to the microsecond, more than a Date holds, so
//   their cursor holds the time as text read by cursorTime (KeysetPosition: encodeListCursor,
//   keysetQuery, keysetListPage).

/** The table's columns a keyset reads. */
interface KeysetColumns {
  createdAt: PgColumn;
  id: PgColumn;
}

/** A log's cursor: the created_at (to the millisecond) and id of the row next to a page. */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

/** A list's cursor: the created_at (microseconds, UTC, as cursorTime reads it) and id. */
export interface KeysetPosition {
  createdAt: string;
  id: string;
}

export function encodeCursor(row: KeysetCursor): string {
  return `${row.createdAt.toISOString()}_${row.id}`;
}

export function decodeCursor(value: string | null | undefined): KeysetCursor | undefined {
  const match = value?.match(/^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/i);
  if (!match || !isUuid(match[2]!)) return undefined;
  const createdAt = new Date(match[1]!);
  return Number.isNaN(createdAt.getTime()) ? undefined : { createdAt, id: match[2]! };
}

export function encodeListCursor(row: { cursorTime: string; id: string }): string {
  return Buffer.from(`${row.cursorTime}|${row.id}`).toString("base64url");
}

function decodeListCursor(cursor: string): KeysetPosition | null {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(.*)$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!)) || !isUuid(match[2]!)) return null;
  return { createdAt: match[1]!, id: match[2]! };
}

/** The created_at of a row to microseconds, so a list's cursor is exact however it was written. */
export function cursorTime(table: KeysetColumns) {
  return sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * (created_at, id) older than a cursor, or newer when going `backwards`. A row comparison, which
 * PostgreSQL reads as the bounds of an index scan on (…, created_at, id); the same condition
 * written with OR is only a filter, and a deep page would scan every newer row.
 */
export function keysetCondition(
  table: KeysetColumns,
  cursor: KeysetCursor | KeysetPosition,
  backwards: boolean,
): SQL {
  const createdAt =
    typeof cursor.createdAt === "string" ? cursor.createdAt : cursor.createdAt.toISOString();
  return backwards
    ? sql`(${table.createdAt}, ${table.id}) > (${createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${table.createdAt}, ${table.id}) < (${createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * A list page's query from the URL's `after` or `before` cursor: its condition and its order
 * (oldest first when going back, so the limit takes the rows nearest the cursor). A cursor that
 * does not read is the first page.
 */
export function keysetQuery(table: KeysetColumns, query: { after?: string; before?: string }) {
  const cursor = query.after ?? query.before;
  const position = cursor ? decodeListCursor(cursor) : null;
  const backwards = Boolean(query.before && position);
  return {
    position,
    backwards,
    where: position ? keysetCondition(table, position, backwards) : undefined,
    orderBy: backwards ? [table.createdAt, table.id] : [desc(table.createdAt), desc(table.id)],
  };
}

/**
 * A page cut from the rows read for it (one more than a page: whether there is more; oldest
 * first when going `backwards`), newest first, with its first and last rows when a newer or an
 * older page exists (a `paged` page, one read from a cursor, always has a page on that side).
 */
function pageWindow<Row>(
  rows: Row[],
  pageSize: number,
  { backwards, paged }: { backwards: boolean; paged: boolean },
) {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  return {
    page,
    newest: (backwards ? more : paged) ? page[0] : undefined,
    oldest: (backwards ? paged : more) ? page.at(-1) : undefined,
  };
}

/**
 * One page of a newest-first log: `rows` were fetched with one row more than `pageSize`, oldest
 * first when paging `before` a cursor. The page newest first, and the cursors of the pages either
 * side (Stock movements, Activity).
 */
export function keysetPage<T extends KeysetCursor>(
  rows: T[],
  pageSize: number,
  cursor: { before?: KeysetCursor; after?: KeysetCursor },
): { rows: T[]; newer?: string; older?: string } {
  const { page, newest, oldest } = pageWindow(rows, pageSize, {
    backwards: Boolean(cursor.before),
    paged: Boolean(cursor.before ?? cursor.after),
  });
  return {
    rows: page,
    newer: newest && encodeCursor(newest),
    older: oldest && encodeCursor(oldest),
  };
}

/** A page of a keyset list, with the cursors of the neighbouring pages when they exist. */
export interface KeysetListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  next?: string;
  previous?: string;
}

/**
 * A list's page from its keysetQuery's rows, newest first, with its neighbours' cursors, the
 * count of every matching row and the page number asked for (1 without a cursor).
 */
export function keysetListPage<Row extends { cursorTime: string; id: string }>(
  rows: Row[],
  { position, backwards }: { position: KeysetPosition | null; backwards: boolean },
  { pageSize, total, page: asked }: { pageSize: number; total: number; page: number },
): KeysetListPage<Omit<Row, "cursorTime">> {
  const { page, newest, oldest } = pageWindow(rows, pageSize, {
    backwards,
    paged: Boolean(position),
  });
  return {
    rows: page.map(({ cursorTime: _, ...row }) => row),
    total,
    page: position ? Math.max(1, asked) : 1,
    pageCount: pageCount(total, pageSize),
    pageSize,
    next: oldest && encodeListCursor(oldest),
    previous: newest && encodeListCursor(newest),
  };
}
