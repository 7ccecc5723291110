import { sql, type SQL } from "drizzle-orm";
import { periodChange, type Change, type ReportPeriod } from "~/lib/report-period";
import { db } from "../db.server";
import { getTaxCollected } from "./tax-report.server";
import {
  bucketIndexSql,
  isSale,
  rangeBuckets,
  reportRange,
  type ReportRange,
} from "./report-range.server";

/**
 * Reports & Analytics, every figure computed by PostgreSQL (aggregates over indexed ranges; no
 * order rows are loaded into JavaScript). Sales are orders placed in the period whose status is
 * paid, processing, shipped, delivered or completed; pending (unpaid) and cancelled ones are not.
 */

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Metric {
  current: number;
  previous: number;
  change: Change;
}

function metric(current: number, previous: number): Metric {
  return { current, previous, change: periodChange(current, previous) };
}

export async function getTotals(range: ReportRange) {
  const [orders] = await rows<{
    revenue: string | number;
    orders: number;
    prev_revenue: string | number;
    prev_orders: number;
  }>(sql`
    select coalesce(sum(total_amount_cents) filter (where created_at >= ${range.start.toISOString()}), 0)::bigint as revenue,
      count(*) filter (where created_at >= ${range.start.toISOString()})::int as orders,
      coalesce(sum(total_amount_cents) filter (where created_at < ${range.start.toISOString()}), 0)::bigint as prev_revenue,
      count(*) filter (where created_at < ${range.start.toISOString()})::int as prev_orders
    from orders
    where ${isSale()} and created_at >= ${range.previousStart.toISOString()} and created_at < ${range.end.toISOString()}`);
  const [customers] = await rows<{ current: number; previous: number }>(sql`
    select count(*) filter (where created_at >= ${range.start.toISOString()})::int as current,
      count(*) filter (where created_at < ${range.start.toISOString()})::int as previous
    from customers where created_at >= ${range.previousStart.toISOString()} and created_at < ${range.end.toISOString()}`);
  const revenue = Number(orders!.revenue);
  const previousRevenue = Number(orders!.prev_revenue);
  const aov = (cents: number, count: number) => (count === 0 ? 0 : Math.round(cents / count));
  return {
    revenueCents: metric(revenue, previousRevenue),
    orders: metric(orders!.orders, orders!.prev_orders),
    averageOrderCents: metric(
      aov(revenue, orders!.orders),
      aov(previousRevenue, orders!.prev_orders),
    ),
    newCustomers: metric(customers!.current, customers!.previous),
  };
}

export interface SeriesPoint {
  bucket: string;
  revenueCents: number;
  orders: number;
  customers: number;
}

export async function getSeries(range: ReportRange): Promise<SeriesPoint[]> {
  const sales = await rows<{ bar: number; revenue: string | number; orders: number }>(sql`
    select ${bucketIndexSql("created_at", range)} as bar,
      sum(total_amount_cents)::bigint as revenue, count(*)::int as orders
    from orders
    where ${isSale()} and created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}
    group by 1`);
  const signUps = await rows<{ bar: number; customers: number }>(sql`
    select ${bucketIndexSql("created_at", range)} as bar, count(*)::int as customers
    from customers
    where created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}
    group by 1`);
  const salesByBar = new Map(sales.map((r) => [r.bar, r]));
  const customersByBar = new Map(signUps.map((r) => [r.bar, r.customers]));
  return rangeBuckets(range).map((bucket, i) => ({
    bucket,
    revenueCents: Number(salesByBar.get(i + 1)?.revenue ?? 0),
    orders: salesByBar.get(i + 1)?.orders ?? 0,
    customers: customersByBar.get(i + 1) ?? 0,
  }));
}

export interface TopProduct {
  productId: string;
  name: string;
  units: number;
  revenueCents: number;
}

export async function getTopProducts(range: ReportRange, limit = 5): Promise<TopProduct[]> {
  const top = await rows<{ id: string; name: string; units: number; revenue: string | number }>(sql`
    select oi.product_id as id, max(oi.product_name) as name, sum(oi.quantity)::int as units,
      sum(oi.quantity * oi.price_at_purchase_cents)::bigint as revenue
    from orders o join order_items oi on oi.order_id = o.id
    where ${isSale("o.status")} and o.created_at >= ${range.start.toISOString()} and o.created_at < ${range.end.toISOString()}
    group by oi.product_id
    order by units desc, revenue desc, name
    limit ${limit}`);
  return top.map((p) => ({
    productId: p.id,
    name: p.name,
    units: p.units,
    revenueCents: Number(p.revenue),
  }));
}

/**
 * Buyers are customer records (checkout keeps one per email). New: their first sale is in this
 * period; returning: they bought before it. Repeat rate: buyers of this period with two or more
 * sales up to its end (today), over all buyers of the period.
 */
export async function getCustomerMetrics(range: ReportRange) {
  // One pass over each buyer's sales (index on customer_id, created_at), no per-buyer look-up.
  const [m] = await rows<{ buyers: number; returning: number; repeat: number }>(sql`
    select count(*)::int as buyers, count(*) filter (where earlier > 0)::int as returning,
      count(*) filter (where earlier > 0 or within > 1)::int as repeat
    from (
      select count(*) filter (where created_at >= ${range.start.toISOString()}) as within,
        count(*) filter (where created_at < ${range.start.toISOString()}) as earlier
      from orders
      where ${isSale()} and customer_id is not null and created_at < ${range.end.toISOString()}
      group by customer_id
    ) buyers
    where within > 0`);
  const buyers = m!.buyers;
  return {
    buyers,
    newBuyers: buyers - m!.returning,
    returningBuyers: m!.returning,
    repeatBuyers: m!.repeat,
    /** Percent with one decimal; null with no buyers. */
    repeatRate: buyers === 0 ? null : Math.round((m!.repeat / buyers) * 1000) / 10,
  };
}

export type ActivityKind = "order" | "status" | "signup" | "newsletter";
export interface Activity {
  kind: ActivityKind;
  at: string;
  /** Order number, or the newsletter's subject. */
  reference: string | null;
  /** Customer or staff name. */
  who: string | null;
  /** Order total in cents, or the number of newsletter recipients. */
  amount: number | null;
  /** "paid>processing" for a status change. */
  detail: string | null;
}

export async function getRecentActivity(range: ReportRange, limit = 10): Promise<Activity[]> {
  const within = (column: string) =>
    sql`${sql.raw(column)} >= ${range.start.toISOString()} and ${sql.raw(column)} < ${range.end.toISOString()}`;
  const recent = await rows<{
    kind: ActivityKind;
    at: Date | string;
    reference: string | null;
    who: string | null;
    amount: string | number | null;
    detail: string | null;
  }>(sql`
    select * from (
      (select 'order' as kind, o.created_at as at, o.order_number as reference,
        o.shipping_name as who, o.total_amount_cents::bigint as amount, null::text as detail
       from orders o where ${within("o.created_at")} order by o.created_at desc limit ${limit})
      union all
      (select 'status', h.created_at, o.order_number, h.changed_by, null::bigint,
        h.from_status || '>' || h.to_status
       from order_status_history h join orders o on o.id = h.order_id
       where h.from_status is not null and ${within("h.created_at")}
       order by h.created_at desc limit ${limit})
      union all
      (select 'signup', c.created_at, null, c.name, null::bigint, null
       from customers c where ${within("c.created_at")} order by c.created_at desc limit ${limit})
      union all
      (select 'newsletter', e.sent_at, e.subject, null, (
          select count(*) from email_outbox x where x.campaign_id = e.id)::bigint, e.name
       from email_campaigns e where e.status = 'sent' and ${within("e.sent_at")}
       order by e.sent_at desc limit ${limit})
    ) activity
    order by at desc
    limit ${limit}`);
  return recent.map((a) => ({
    ...a,
    at: new Date(a.at).toISOString(),
    amount: a.amount === null ? null : Number(a.amount),
  }));
}

export async function getSalesReport(options: {
  days: ReportPeriod;
  timeZone: string;
  now?: Date;
}) {
  const range = reportRange(options.days, options.timeZone, options.now);
  // One after another: PGlite answers one statement at a time anyway, and a pool is spared.
  const totals = await getTotals(range);
  const series = await getSeries(range);
  const topProducts = await getTopProducts(range);
  const customers = await getCustomerMetrics(range);
  const activity = await getRecentActivity(range);
  const taxes = await getTaxCollected(range);
  return { range, totals, series, topProducts, customers, activity, taxes };
}

export type SalesReport = Awaited<ReturnType<typeof getSalesReport>>;
