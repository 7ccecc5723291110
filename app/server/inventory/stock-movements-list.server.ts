import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { dayRange } from "~/lib/invoices";
import { sizeLabel } from "~/lib/product";
import { STOCK_REASON_LABELS } from "~/lib/stock";
import { csvLine } from "~/lib/csv";
import type { StockMovementListQuery } from "~/schemas/stock-movements";
import { config } from "../config.server";
import { db } from "../db.server";
import { csvDateTime } from "../http/csv-download.server";
import { adminUsers, products, stockMovements } from "../db-tables";
import { decodeCursor, keysetCondition, keysetPage, type KeysetCursor } from "../keyset.server";
import { escapeLike } from "../sql-like.server";
import { MOVEMENTS_PAGE_SIZE, movementsQuery, type MovementRow } from "./stock-ledger.server";

/** A product search that matches more products than this is a condition, not a list of ids. */
const PRODUCT_IDS_MAX = 100;

type MovementFilter = Pick<StockMovementListQuery, "q" | "reason" | "staff" | "from" | "to">;

/** Where a page starts: after the last row of the page before, or before the first of the next. */
interface PageEdge {
  after?: KeysetCursor;
  before?: KeysetCursor;
}

/**
 * The filters as conditions on stock_movements, each served by an index scanned newest first:
 * a product (its name or SKU, resolved to the products' ids first: stock_movements_product_idx),
 * a reason (stock_movements_reason_idx), a staff member or the store itself (admin_id null:
 * stock_movements_admin_idx), and days from/to in STORE_TIMEZONE (created_at, the last column
 * before id in every one of them, or stock_movements_created_idx alone). Resolves the product
 * search once and answers the conditions for a page starting at `edge` with its keyset.
 */
export async function movementFilter(
  filter: MovementFilter,
): Promise<(edge?: PageEdge) => SQL | undefined> {
  const conditions: SQL[] = [];
  const term = filter.q.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const matches = or(ilike(products.name, pattern), ilike(products.sku, pattern));
    const found = await db()
      .select({ id: products.id })
      .from(products)
      .where(matches)
      .limit(PRODUCT_IDS_MAX + 1);
    // A few products: their ids, so the planner reads each one's history from its index. Many: a
    // semi-join (such a search is broad, and matching rows are everywhere in the ledger).
    conditions.push(
      found.length === 0
        ? sql`false`
        : found.length <= PRODUCT_IDS_MAX
          ? inArray(
              stockMovements.productId,
              found.map((p) => p.id),
            )
          : inArray(
              stockMovements.productId,
              db().select({ id: products.id }).from(products).where(matches),
            ),
    );
  }
  if (filter.reason !== "all") conditions.push(eq(stockMovements.reason, filter.reason));
  if (filter.staff === "store") conditions.push(isNull(stockMovements.adminId));
  else if (filter.staff !== "all") conditions.push(eq(stockMovements.adminId, filter.staff));
  const zone = config().STORE_TIMEZONE;
  const start = filter.from ? dayRange(filter.from, zone).start : undefined;
  const end = filter.to ? dayRange(filter.to, zone).end : undefined;
  return (edge = {}) => {
    const all = [...conditions];
    // A day bound the cursor already implies is left out: PostgreSQL would start the index scan
    // at that bound rather than at the cursor, and read every row in between (a deep page of a
    // long range would cost more the deeper it is).
    if (start && !(edge.before && edge.before.createdAt >= start))
      all.push(gte(stockMovements.createdAt, start));
    if (end && !(edge.after && edge.after.createdAt < end))
      all.push(lt(stockMovements.createdAt, end));
    if (edge.after) all.push(keysetCondition(stockMovements, edge.after, false));
    if (edge.before) all.push(keysetCondition(stockMovements, edge.before, true));
    return all.length > 0 ? and(...all) : undefined;
  };
}

interface StockMovementPage {
  rows: MovementRow[];
  /** The cursor of the newer page (`before`), when there is one. */
  newer?: string;
  /** The cursor of the older page (`after`), when there is one. */
  older?: string;
  pageSize: number;
}

/**
 * The store-wide Stock movements list: filtered on the server, newest first, one page at a time
 * by keyset (`after` the last row of the page before, or `before` the first row of the page
 * after), so a deep page costs what the first does. No total count: counting a ledger of
 * millions of rows on every page would cost more than the page.
 */
export async function listStockMovements(
  query: StockMovementListQuery,
  pageSize = MOVEMENTS_PAGE_SIZE,
): Promise<StockMovementPage> {
  const where = await movementFilter(query);
  const before = decodeCursor(query.before);
  const after = before ? undefined : decodeCursor(query.after);
  const rows = await movementsQuery()
    .where(where({ after, before }))
    .orderBy(
      ...(before
        ? [asc(stockMovements.createdAt), asc(stockMovements.id)]
        : [desc(stockMovements.createdAt), desc(stockMovements.id)]),
    )
    .limit(pageSize + 1);
  return { ...keysetPage(rows, pageSize, { before, after }), pageSize };
}

/** The Staff filter's choices: every admin, by name. */
export async function listMovementStaff(): Promise<{ id: string; name: string }[]> {
  return db()
    .select({ id: adminUsers.id, name: adminUsers.displayName })
    .from(adminUsers)
    .orderBy(asc(adminUsers.displayName), asc(adminUsers.id));
}

const BATCH = 1000;

const MOVEMENTS_EXPORT_HEADER = [
  "Date",
  "Product",
  "SKU",
  "Size",
  "Reason",
  "Change",
  "Stock after",
  "Order",
  "Staff",
  "Note",
];

/**
 * The filtered movements as CSV, newest first, read in keyset batches of a thousand with the
 * screen's own query. Dates are written in STORE_TIMEZONE ("2026-11-25 08:17", the zone named in
 * the header); every text cell is neutralised against spreadsheet formulas (lib/csv.ts).
 */
export async function* exportStockMovementsCsv(filter: MovementFilter): AsyncGenerator<string> {
  const zone = config().STORE_TIMEZONE;
  const where = await movementFilter(filter);
  const header = MOVEMENTS_EXPORT_HEADER.map((h) => (h === "Date" ? `Date (${zone})` : h));
  yield `\uFEFF${csvLine(header)}`;
  let position: MovementRow | undefined;
  for (;;) {
    const rows = await movementsQuery()
      .where(where({ after: position }))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const lines = rows.map((m) =>
      csvLine([
        csvDateTime(m.createdAt, zone),
        m.productName,
        m.sku,
        m.size && m.sizeUnit ? sizeLabel({ size: m.size, sizeUnit: m.sizeUnit }) : "",
        STOCK_REASON_LABELS[m.reason] ?? m.reason,
        m.quantity,
        m.stockAfter,
        m.orderNumber,
        m.staff ?? "Store",
        m.note,
      ]),
    );
    yield `\r\n${lines.join("\r\n")}`;
    position = rows.at(-1);
    if (rows.length < BATCH) return;
  }
}
