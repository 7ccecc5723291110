import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { parseCustomerNumber } from "~/lib/customers";
import { ADMIN_PAGE_SIZE } from "~/schemas/admin-list";
import type { CustomerListQuery } from "~/schemas/customers";
import { netRevenueSql, netSalesSql } from "../admin/overview.server";
import { cursorTime, keysetListPage, keysetQuery, type KeysetListPage } from "../keyset.server";
import { escapeLike } from "../sql-like.server";
import { db, type Executor } from "../db.server";
import { customers, orders } from "../db-tables";

/**
 * The admin Customers list: searched and filtered on the server, newest first, paged by keyset so
 * a deep page costs what the first does; the page's order figures come from one aggregate query.
 */

interface CustomerTotals {
  /** Every order placed (any status). */
  orders: number;
  /** What their payments left with the store: sales (saleCondition) less refunds. */
  spentCents: number;
  /** Orders with money refunded (in part or in full). */
  refunds: number;
  /** The amount refunded to them (the refunds recorded on their orders). */
  refundedCents: number;
  /** Orders cancelled, paid or not. */
  cancellations: number;
}

export const NO_TOTALS: CustomerTotals = {
  orders: 0,
  spentCents: 0,
  refunds: 0,
  refundedCents: 0,
  cancellations: 0,
};

export interface CustomerRow extends CustomerTotals {
  id: string;
  customerNumber: number;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postcode: string | null;
  status: string;
  note: string | null;
  source: string;
  createdAt: Date;
}

type CustomerListPage = KeysetListPage<CustomerRow>;

/** Order figures of some customers, one grouped query (orders_customer_idx). */
export async function getCustomerTotals(
  ids: string[],
  executor: Executor = db(),
): Promise<Map<string, CustomerTotals>> {
  const totals = new Map<string, CustomerTotals>();
  if (ids.length === 0) return totals;
  const rows = await executor
    .select({
      customerId: orders.customerId,
      orders: sql<number>`count(*)::int`,
      spentCents: netRevenueSql(),
      refunds: sql<number>`(count(*) filter (where ${orders.refundedCents} > 0))::int`,
      refundedCents: sql<string>`coalesce(sum(${orders.refundedCents}), 0)::bigint`,
      cancellations: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
    })
    .from(orders)
    .where(inArray(orders.customerId, ids))
    .groupBy(orders.customerId);
  for (const row of rows)
    totals.set(row.customerId!, {
      orders: row.orders,
      spentCents: Number(row.spentCents),
      refunds: row.refunds,
      refundedCents: Number(row.refundedCents),
      cancellations: row.cancellations,
    });
  return totals;
}

// Must read exactly as in customers_surname_prefix_idx for the index to serve it.
const surname = sql`lower(regexp_replace(${customers.name}, '^\\S+\\s+', ''))`;

/**
 * Search, each branch served by an index: a customer id (CUST-012, cust12 or 12), or the start of
 * an email address, of the name or of its second word.
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  const number = parseCustomerNumber(term);
  if (number !== undefined) return eq(customers.customerNumber, number);
  const prefix = `${escapeLike(term)}%`;
  if (term.includes("@")) return sql`lower(${customers.email}) like ${prefix}`;
  return or(
    sql`lower(${customers.email}) like ${prefix}`,
    sql`lower(${customers.name}) like ${prefix}`,
    sql`${surname} like ${prefix}`,
  );
}

export function customerFilter(query: Pick<CustomerListQuery, "q" | "status">): SQL | undefined {
  const filters: SQL[] = [];
  const search = searchCondition(query.q);
  if (search) filters.push(search);
  if (query.status !== "all") filters.push(eq(customers.status, query.status));
  return filters.length ? and(...filters) : undefined;
}

export const customerColumns = {
  id: customers.id,
  customerNumber: customers.customerNumber,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  city: customers.city,
  province: customers.province,
  postcode: customers.postcode,
  status: customers.status,
  note: customers.note,
  source: customers.source,
  createdAt: customers.createdAt,
  cursorTime: cursorTime(customers),
};

export async function listCustomers(query: CustomerListQuery): Promise<CustomerListPage> {
  const where = customerFilter(query);
  const keyset = keysetQuery(customers, query);
  const pageSize = ADMIN_PAGE_SIZE;
  const rows = await db()
    .select(customerColumns)
    .from(customers)
    .where(and(where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(pageSize + 1);
  const [{ total } = { total: 0 }] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(customers)
    .where(where);

  const page = keysetListPage(rows, keyset, { pageSize, total, page: query.page });
  const totals = await getCustomerTotals(page.rows.map((r) => r.id));
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, ...(totals.get(row.id) ?? NO_TOTALS) })),
  };
}

interface CustomerStats {
  totalCustomers: number;
  activeCustomers: number;
  /** Orders placed by customers on file ÷ customers (0 without customers). */
  averageOrders: number;
  /** The Overview's Total Revenue: net sales of all time (before tax and shipping, less refunds). */
  revenueCents: number;
}

/** The Customers screen's four cards, computed in one statement. */
export async function getCustomerStats(): Promise<CustomerStats> {
  const result = (await db().execute(sql`
    select
      (select count(*) from customers)::int as total,
      (select count(*) from customers where status = 'active')::int as active,
      (select count(*) from orders where customer_id is not null)::int as orders,
      (select ${netSalesSql()} from orders) as revenue
  `)) as unknown as { rows: { total: number; active: number; orders: number; revenue: string }[] };
  const row = result.rows[0]!;
  const total = Number(row.total);
  return {
    totalCustomers: total,
    activeCustomers: Number(row.active),
    averageOrders: total > 0 ? Number(row.orders) / total : 0,
    revenueCents: Number(row.revenue),
  };
}
