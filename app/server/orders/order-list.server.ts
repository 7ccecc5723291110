import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { startOfZonedDay, zonedParts, zonedTime } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { normalizeOrderNumber } from "~/lib/order-status";
import { ADMIN_PAGE_SIZE, pageCount } from "~/schemas/admin-list";
import type { OrderListQuery } from "~/schemas/orders";
import { escapeLike } from "../sql-like.server";
import { config } from "../config.server";
import { db } from "../db.server";
import { orders } from "../db-tables";

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  customerName: string;
  email: string;
  totalCents: number;
  /** Refunded so far ("Refunded" / "Partly refunded" badges are derived from it). */
  refundedCents: number;
  /** Money was taken (a sale, or cancelled after payment): its cancel refunds it. */
  paid: boolean;
  status: string;
  createdAt: Date;
  itemCount: number;
  shippingAddress: string;
}

interface OrderListPage {
  rows: AdminOrderRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Keyset cursors of the neighbouring pages (newest first), when they exist. */
  next?: string;
  previous?: string;
}

/** A keyset cursor: the created_at and id of the row a page starts after (or before). */
export function encodeOrderCursor(row: { cursorTime: string; id: string }): string {
  return Buffer.from(`${row.cursorTime}|${row.id}`).toString("base64url");
}

export function decodeOrderCursor(cursor: string): { createdAt: string; id: string } | null {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(.*)$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!)) || !isUuid(match[2]!)) return null;
  return { createdAt: match[1]!, id: match[2]! };
}

/** [start, end) of the Orders date filter in the store's time zone; the week starts on Sunday. */
export function dateRange(filter: string, now: Date, timeZone: string): [Date, Date] | null {
  if (filter === "all") return null;
  const today = startOfZonedDay(now, timeZone);
  const { year, month, day } = zonedParts(today, timeZone);
  const dayStart = (offset: number) => zonedTime(timeZone, year, month, day + offset);
  if (filter === "today") return [today, dayStart(1)];
  if (filter === "yesterday") return [dayStart(-1), today];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return [dayStart(-weekday), dayStart(7 - weekday)];
}

/**
 * Search, each branch served by an index: an order number (whole, or some of its digits), or the
 * start of an email address or of the customer's name.
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  const number = normalizeOrderNumber(term);
  if (number) return eq(orders.orderNumber, number);
  const digits = /^(?:bbs-?)?(\d{1,8})$/.exec(term);
  if (digits) return sql`${orders.orderNumber} like ${`%${digits[1]}%`}`;
  const prefix = `${escapeLike(term)}%`;
  if (term.includes("@")) return sql`lower(${orders.email}) like ${prefix}`;
  return or(
    sql`lower(${orders.email}) like ${prefix}`,
    sql`lower(${orders.shippingName}) like ${prefix}`,
  );
}

/**
 * The admin Orders list: filtered and searched on the server, newest first, paged by keyset so a
 * deep page costs what the first does (two statements: the page and the count).
 */
export async function listAdminOrders(
  query: OrderListQuery,
  now = new Date(),
): Promise<OrderListPage> {
  const filters: SQL[] = [];
  const search = searchCondition(query.q);
  if (search) filters.push(search);
  if (query.status !== "all") filters.push(eq(orders.status, query.status));
  const range = dateRange(query.date, now, config().STORE_TIMEZONE);
  if (range) filters.push(gte(orders.createdAt, range[0]), lt(orders.createdAt, range[1]));
  const where = filters.length ? and(...filters) : undefined;

  const cursor = query.after ?? query.before;
  const position = cursor ? decodeOrderCursor(cursor) : null;
  const backwards = Boolean(query.before && position);
  const keyset = position
    ? backwards
      ? sql`(${orders.createdAt}, ${orders.id}) > (${position.createdAt}::timestamptz, ${position.id}::uuid)`
      : sql`(${orders.createdAt}, ${orders.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : undefined;

  const pageSize = ADMIN_PAGE_SIZE;
  const rows = await db()
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.shippingName,
      email: orders.email,
      totalCents: orders.totalAmountCents,
      refundedCents: orders.refundedCents,
      paid: sql<boolean>`(${orders.status} in ('paid', 'processing', 'shipped', 'delivered', 'completed') or ${orders.paidAt} is not null)`,
      status: orders.status,
      createdAt: orders.createdAt,
      // Microsecond precision, so the cursor is exact however the row's time was written.
      cursorTime: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      // Qualified by hand: inside a subquery Drizzle would print the bare column names.
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
      street: orders.shippingStreet,
      city: orders.shippingCity,
      province: orders.shippingProvince,
      postalCode: orders.shippingPostalCode,
    })
    .from(orders)
    .where(and(where, keyset))
    .orderBy(
      backwards ? orders.createdAt : desc(orders.createdAt),
      backwards ? orders.id : desc(orders.id),
    )
    .limit(pageSize + 1);
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(orders)
    .where(where);

  const more = rows.length > pageSize;
  const pageRows = rows.slice(0, pageSize);
  if (backwards) pageRows.reverse();
  const page = position ? Math.max(1, query.page) : 1;
  const first = pageRows[0];
  const last = pageRows.at(-1);
  const hasOlder = backwards ? Boolean(position) : more;
  const hasNewer = backwards ? more : Boolean(position);
  return {
    rows: pageRows.map(({ street, city, province, postalCode, cursorTime: _, ...row }) => ({
      ...row,
      shippingAddress: `${street}, ${city}, ${province} ${postalCode}`,
    })),
    total,
    page,
    pageCount: pageCount(total, pageSize),
    pageSize,
    next: hasOlder && last ? encodeOrderCursor(last) : undefined,
    previous: hasNewer && first ? encodeOrderCursor(first) : undefined,
  };
}
