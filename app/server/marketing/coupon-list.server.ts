import { and, count, desc, eq, not, or, sql, type SQL } from "drizzle-orm";
import { averageUsageRate, couponStatus, type CouponStatus } from "~/lib/coupons";
import type { CouponType } from "~/lib/pricing";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import type { CouponListQuery } from "~/schemas/coupons";
import { escapeLike } from "../sql-like.server";
import { db, type Executor } from "../db.server";
import { coupons, orders } from "../db-tables";

interface CouponStats {
  total: number;
  active: number;
  scheduled: number;
  expired: number;
  inactive: number;
  totalUses: number;
  /** Coupons with a maximum number of uses (the only ones with a usage rate). */
  withMax: number;
  /** Avg. Usage Rate in percent (one decimal), or null when no coupon has a maximum. */
  averageUsageRate: number | null;
}

export interface AdminCouponRow {
  id: string;
  code: string;
  description: string;
  type: CouponType;
  value: number;
  minOrderCents: number;
  maxUses: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  startDate: Date | null;
  endDate: Date | null;
  isActive: boolean;
  status: CouponStatus;
  /** Taken by an order at least once (counted or linked): code and type are locked, no delete. */
  used: boolean;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** SQL for each status at `now`: the same comparisons as couponStatus() and checkout. */
function statusCondition(status: CouponStatus, now: Date): SQL {
  const notEnded = sql`(${coupons.endDate} is null or ${coupons.endDate} >= ${at(now)})`;
  switch (status) {
    case "inactive":
      return not(coupons.isActive);
    case "expired":
      return and(coupons.isActive, sql`${coupons.endDate} < ${at(now)}`)!;
    case "scheduled":
      return and(coupons.isActive, notEnded, sql`${coupons.startDate} > ${at(now)}`)!;
    case "active":
      return and(
        coupons.isActive,
        notEnded,
        sql`(${coupons.startDate} is null or ${coupons.startDate} <= ${at(now)})`,
      )!;
  }
}

/** Whether any order (cancelled ones included) carries the coupon. */
const hasOrders = sql<boolean>`exists (select 1 from ${orders} where ${orders.couponId} = ${coupons.id})`;

/**
 * Search, each branch served by an index: the start of the code (coupons_code_prefix_idx), or
 * words of the description by their start (full text, coupons_description_search_idx).
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  const byCode = sql`lower(${coupons.code}) like ${`${escapeLike(term)}%`}`;
  const words = term.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  if (words.length === 0) return byCode;
  const query = words.map((w) => `${w}:*`).join(" & ");
  return or(
    byCode,
    sql`to_tsvector('simple', ${coupons.description}) @@ to_tsquery('simple', ${query})`,
  );
}

/** The Coupon Management cards, computed in one statement at `now`. */
export async function getCouponStats(now = new Date(), executor: Executor = db()) {
  const filter = (status: CouponStatus) =>
    sql<number>`count(*) filter (where ${statusCondition(status, now)})::int`;
  const limited = sql`${coupons.maxUses} is not null and ${coupons.maxUses} > 0`;
  const [row] = await executor
    .select({
      total: sql<number>`count(*)::int`,
      active: filter("active"),
      scheduled: filter("scheduled"),
      expired: filter("expired"),
      inactive: filter("inactive"),
      totalUses: sql<number>`coalesce(sum(${coupons.usedCount}), 0)::int`,
      withMax: sql<number>`count(*) filter (where ${limited})::int`,
      sumOfRatios: sql<number>`coalesce(sum(least(${coupons.usedCount}, ${coupons.maxUses})::float8 / ${coupons.maxUses}) filter (where ${limited}), 0)::float8`,
    })
    .from(coupons);
  const { sumOfRatios, ...stats } = row!;
  return {
    ...stats,
    averageUsageRate: averageUsageRate(Number(sumOfRatios), stats.withMax),
  } satisfies CouponStats;
}

const ROW = {
  id: coupons.id,
  code: coupons.code,
  description: coupons.description,
  type: sql<CouponType>`${coupons.type}`,
  value: coupons.value,
  minOrderCents: coupons.minOrderCents,
  maxUses: coupons.maxUses,
  usedCount: coupons.usedCount,
  perCustomerLimit: coupons.perCustomerLimit,
  startDate: coupons.startDate,
  endDate: coupons.endDate,
  isActive: coupons.isActive,
  hasOrders,
};

type RawRow = Omit<AdminCouponRow, "status" | "used"> & { hasOrders: boolean };

function toRow({ hasOrders: linked, ...row }: RawRow, now: Date): AdminCouponRow {
  return { ...row, status: couponStatus(row, now), used: row.usedCount > 0 || linked };
}

/** A page of coupons, newest first, filtered by search and status (all in the URL). */
export async function listAdminCoupons(
  query: Pick<CouponListQuery, "q" | "status" | "page"> & { pageSize?: number },
  now = new Date(),
): Promise<ListResult<AdminCouponRow>> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const where = and(
    query.status === "all" ? undefined : statusCondition(query.status, now),
    searchCondition(query.q),
  );
  const [{ total }] = (await db().select({ total: count() }).from(coupons).where(where)) as [
    { total: number },
  ];
  const pages = pageCount(total, pageSize);
  const page = Math.min(query.page, pages);
  const rows = await db()
    .select(ROW)
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows.map((r) => toRow(r, now)), total, page, pageCount: pages, pageSize };
}

interface AdminCoupon extends AdminCouponRow {
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One coupon for its page; undefined when unknown. */
export async function getAdminCoupon(
  id: string,
  now = new Date(),
): Promise<AdminCoupon | undefined> {
  const [row] = await db()
    .select({
      ...ROW,
      revision: coupons.revision,
      createdAt: coupons.createdAt,
      updatedAt: coupons.updatedAt,
    })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!row) return undefined;
  const { revision, createdAt, updatedAt, ...rest } = row;
  return { ...toRow(rest, now), revision, createdAt, updatedAt };
}

export interface CouponOrderRow {
  id: string;
  orderNumber: string;
  customerName: string;
  email: string;
  discountCents: number;
  totalCents: number;
  status: string;
  createdAt: Date;
}

/**
 * The orders placed with a coupon, newest first and paged (orders_coupon_idx). A cancelled order
 * stays listed (its use was given back); `counted` is how many still hold a use.
 */
export async function listCouponOrders(options: {
  couponId: string;
  page: number;
  pageSize?: number;
}): Promise<ListResult<CouponOrderRow> & { counted: number }> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const [totals] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      counted: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')::int`,
    })
    .from(orders)
    .where(eq(orders.couponId, options.couponId));
  const { total, counted } = totals ?? { total: 0, counted: 0 };
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page, pages);
  const rows = await db()
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.shippingName,
      email: orders.email,
      discountCents: orders.discountCents,
      totalCents: orders.totalAmountCents,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.couponId, options.couponId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, counted, page, pageCount: pages, pageSize };
}
