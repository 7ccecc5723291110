import { and, count, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { startOfZonedDay, zonedParts, zonedTime } from "~/lib/dates";
import { normalizePickupCode } from "~/lib/fulfilment";
import { normalizeOrderNumber } from "~/lib/order-status";
import { ADMIN_PAGE_SIZE } from "~/schemas/admin-list";
import type { OrderListQuery } from "~/schemas/orders";
import { cursorTime, keysetListPage, keysetQuery, type KeysetListPage } from "../keyset.server";
import { orderSummaryColumns } from "./order-lines.server";
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
  /** How it reaches the shopper: a delivery or pickup is handed over instead of shipped. */
  method: string;
  createdAt: Date;
  itemCount: number;
  shippingAddress: string;
}

type OrderListPage = KeysetListPage<AdminOrderRow>;

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
 * start of an email address or of the customer's name; a pickup code (six characters, said at the
 * counter) finds its order too.
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  const number = normalizeOrderNumber(term);
  if (number) return eq(orders.orderNumber, number);
  const pickupCode = normalizePickupCode(term);
  const found = textSearch(term);
  return pickupCode ? or(found, eq(orders.pickupCode, pickupCode)) : found;
}

function textSearch(term: string): SQL | undefined {
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

  const keyset = keysetQuery(orders, query);
  const pageSize = ADMIN_PAGE_SIZE;
  const rows = await db()
    .select({
      ...orderSummaryColumns,
      totalCents: orders.totalAmountCents,
      refundedCents: orders.refundedCents,
      method: orders.fulfilmentMethod,
      paid: sql<boolean>`(${orders.status} in ('paid', 'processing', 'shipped', 'delivered', 'completed') or ${orders.paidAt} is not null)`,
      cursorTime: cursorTime(orders),
      // Qualified by hand: inside a subquery Drizzle would print the bare column names.
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
      street: orders.shippingStreet,
      city: orders.shippingCity,
      province: orders.shippingProvince,
      postalCode: orders.shippingPostalCode,
    })
    .from(orders)
    .where(and(where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(pageSize + 1);
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(orders)
    .where(where);

  const page = keysetListPage(rows, keyset, { pageSize, total, page: query.page });
  return {
    ...page,
    rows: page.rows.map(({ street, city, province, postalCode, ...row }) => ({
      ...row,
      shippingAddress: `${street}, ${city}, ${province} ${postalCode}`,
    })),
  };
}
