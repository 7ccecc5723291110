import { isUuid } from "~/lib/ids";

// Keyset paging of the newest-first logs (Stock movements, Activity, a product's stock history):
// a page is read from a cursor, the (created_at, id) of the last row of the page before, so a deep
// page costs what the first does.

/** Where a page starts: the last row of the page before (newest first). */
export interface KeysetCursor {
  createdAt: Date;
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

/**
 * One page of a newest-first log read by keyset: `rows` were fetched with one row more than
 * `pageSize`, oldest first when paging `before` a cursor. The page newest first, and the cursors
 * of the pages either side (Stock movements, Activity).
 */
export function keysetPage<T extends KeysetCursor>(
  rows: T[],
  pageSize: number,
  cursor: { before?: KeysetCursor; after?: KeysetCursor },
): { rows: T[]; newer?: string; older?: string } {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (cursor.before) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const hasNewer = cursor.before ? more : Boolean(cursor.after);
  const hasOlder = cursor.before ? true : more;
  return {
    rows: page,
    newer: hasNewer && first ? encodeCursor(first) : undefined,
    older: hasOlder && last ? encodeCursor(last) : undefined,
  };
}
