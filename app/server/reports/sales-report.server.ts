import { sql, type SQL } from "drizzle-orm";
import {
  periodChange,
  type Change,
  type PeriodChoice,
  type ReportPeriod,
} from "~/lib/report-period";
import { REFUND_NOTE_PREFIX } from "~/lib/order-status";
import { db } from "../db.server";
import { getTaxReport, taxTotals } from "./tax-report.server";
import {
  bucketIndexSql,
  isSale,
  rangeBuckets,
  reportRange,
  type ReportRange,
} from "./report-range.server";

/**
 * Reports & Analytics, every figure computed by PostgreSQL (aggregates over indexed ranges; no
 * order rows are loaded into JavaScript). A period's money is counted on two days (cash basis):
 * its sales are the orders placed in it that were paid (saleCondition: paid and later, or cancelled
 * with a refund), on the order's day; its refunds are the refunds made in it, on the refund's day.
 * Each is split the same way: goods (after discounts), shipping and tax. The headline, net sales, is
 * goods sold less goods refunded: before tax and shipping, which are not the store's revenue (the
 * tax is owed to the governments, the shipping paid to Canada Post) and have lines of their own.
 * See docs/decisions/reports-net-of-refunds.md.
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

/** Gross (sales), refunds and net of one kind of money, this period and the previous one. */
export interface GrossRefundsNet {
  gross: Metric;
  refunds: Metric;
  net: Metric;
}

function grossRefundsNet(
  gross: [current: number, previous: number],
  refunds: [current: number, previous: number],
): GrossRefundsNet {
  return {
    gross: metric(...gross),
    refunds: metric(...refunds),
    net: metric(gross[0] - refunds[0], gross[1] - refunds[1]),
  };
}

type Money = string | number;
/** Each figure of the period and of the previous one (`prev_…`), summed by SQL. */
type Both<K extends string> = Record<K | `prev_${K}`, Money>;

/** `sum(expression)` over the rows of this period and of the previous one, as `name` and `prev_name`. */
function bothPeriods(start: string, sums: Record<string, string>): SQL {
  return sql.join(
    Object.entries(sums).flatMap(([name, expression]) => [
      sql`coalesce(sum(${sql.raw(expression)}) filter (where created_at >= ${start}), 0)::bigint as ${sql.raw(name)}`,
      sql`coalesce(sum(${sql.raw(expression)}) filter (where created_at < ${start}), 0)::bigint as ${sql.raw(`prev_${name}`)}`,
    ]),
    sql`, `,
  );
}

export async function getTotals(range: ReportRange) {
  const start = range.start.toISOString();
  const [o] = await rows<Both<"goods" | "shipping" | "tax" | "total" | "orders">>(sql`
    select ${bothPeriods(start, {
      goods: "subtotal_cents - discount_cents",
      shipping: "shipping_cost_cents",
      tax: "tax_cents",
      total: "total_amount_cents",
      orders: "1",
    })}
    from orders
    where ${isSale()} and created_at >= ${range.previousStart.toISOString()} and created_at < ${range.end.toISOString()}`);
  // Refunds made in either period (refunds_created_idx holds the date, amount and tax).
  const [r] = await rows<Both<"goods" | "shipping" | "tax" | "amount" | "count">>(sql`
    select ${bothPeriods(start, {
      goods: "goods_cents",
      shipping: "shipping_cents",
      tax: "tax_cents",
      amount: "amount_cents",
      count: "1",
    })}
    from refunds
    where created_at >= ${range.previousStart.toISOString()} and created_at < ${range.end.toISOString()}`);
  const [customers] = await rows<{ current: number; previous: number }>(sql`
    select count(*) filter (where created_at >= ${start})::int as current,
      count(*) filter (where created_at < ${start})::int as previous
    from customers where created_at >= ${range.previousStart.toISOString()} and created_at < ${range.end.toISOString()}`);
  const both = (row: Record<string, Money>, name: string): [number, number] => [
    Number(row[name]),
    Number(row[`prev_${name}`]),
  ];
  const sales = grossRefundsNet(both(o!, "goods"), both(r!, "goods"));
  const orders = both(o!, "orders");
  const aov = (cents: number, count: number) => (count === 0 ? 0 : Math.round(cents / count));
  return {
    /** The headline: goods sold (after discounts) less goods refunded, before tax and shipping. */
    sales,
    /** Shipping charged on the period's sales, less the shipping refunded in it. */
    shipping: grossRefundsNet(both(o!, "shipping"), both(r!, "shipping")),
    /** Sales tax collected (the tax lines of the period's sales), less the tax refunded in it. */
    tax: grossRefundsNet(both(o!, "tax"), both(r!, "tax")),
    /** Everything the sales took in and the refunds gave back: the three above added up. */
    total: grossRefundsNet(both(o!, "total"), both(r!, "amount")),
    refunds: metric(...both(r!, "count")),
    orders: metric(...orders),
    /** Goods sold per order (before tax and shipping): what an order was worth when placed. */
    averageOrderCents: metric(
      aov(sales.gross.current, orders[0]),
      aov(sales.gross.previous, orders[1]),
    ),
    newCustomers: metric(customers!.current, customers!.previous),
  };
}

export type ReportTotals = Awaited<ReturnType<typeof getTotals>>;

interface SeriesPoint {
  bucket: string;
  /** Net sales of the bar: goods sold in it less the goods refunded in it (may be below zero). */
  netSalesCents: number;
  /** Goods sold (after discounts, before tax and shipping). */
  grossSalesCents: number;
  /** Goods refunded (the goods part of the refunds made in the bar). */
  refundedSalesCents: number;
  orders: number;
  customers: number;
}

export async function getSeries(range: ReportRange): Promise<SeriesPoint[]> {
  const within = (column: string) =>
    sql`${sql.raw(column)} >= ${range.start.toISOString()} and ${sql.raw(column)} < ${range.end.toISOString()}`;
  const sales = await rows<{ bar: number; goods: Money; orders: number }>(sql`
    select ${bucketIndexSql("created_at", range)} as bar,
      sum(subtotal_cents - discount_cents)::bigint as goods, count(*)::int as orders
    from orders
    where ${isSale()} and ${within("created_at")}
    group by 1`);
  const refunds = await rows<{ bar: number; goods: Money }>(sql`
    select ${bucketIndexSql("created_at", range)} as bar, sum(goods_cents)::bigint as goods
    from refunds
    where ${within("created_at")}
    group by 1`);
  const signUps = await rows<{ bar: number; customers: number }>(sql`
    select ${bucketIndexSql("created_at", range)} as bar, count(*)::int as customers
    from customers
    where ${within("created_at")}
    group by 1`);
  const salesByBar = new Map(sales.map((r) => [r.bar, r]));
  const refundsByBar = new Map(refunds.map((r) => [r.bar, Number(r.goods)]));
  const customersByBar = new Map(signUps.map((r) => [r.bar, r.customers]));
  return rangeBuckets(range).map((bucket, i) => {
    const gross = Number(salesByBar.get(i + 1)?.goods ?? 0);
    const refunded = refundsByBar.get(i + 1) ?? 0;
    return {
      bucket,
      netSalesCents: gross - refunded,
      grossSalesCents: gross,
      refundedSalesCents: refunded,
      orders: salesByBar.get(i + 1)?.orders ?? 0,
      customers: customersByBar.get(i + 1) ?? 0,
    };
  });
}

interface TopProduct {
  productId: string;
  name: string;
  units: number;
  revenueCents: number;
}

/**
 * The products sold most in the period (units of its sales), less what was refunded of those very
 * lines (whenever: the units and item revenue the sales kept); products with nothing kept are left
 * out. The refunded part is read from the refund lines (few) towards their orders, not per line sold.
 */
export async function getTopProducts(range: ReportRange, limit = 5): Promise<TopProduct[]> {
  const inPeriod = sql`${isSale("o")} and o.created_at >= ${range.start.toISOString()} and o.created_at < ${range.end.toISOString()}`;
  const top = await rows<{ id: string; name: string; units: number; revenue: string | number }>(sql`
    with sold as (
      select oi.product_id, max(oi.product_name) as name, sum(oi.quantity) as units,
        sum(oi.quantity * oi.price_at_purchase_cents) as revenue
      from orders o join order_items oi on oi.order_id = o.id
      where ${inPeriod}
      group by oi.product_id
    ), refunded as (
      select oi.product_id, sum(rl.quantity) as units, sum(rl.amount_cents) as revenue
      from refund_lines rl
      join order_items oi on oi.id = rl.order_item_id
      join orders o on o.id = oi.order_id
      where ${inPeriod}
      group by oi.product_id
    )
    select s.product_id as id, s.name, (s.units - coalesce(r.units, 0))::int as units,
      (s.revenue - coalesce(r.revenue, 0))::bigint as revenue
    from sold s left join refunded r on r.product_id = s.product_id
    where s.units - coalesce(r.units, 0) > 0
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

type ActivityKind = "order" | "status" | "edit" | "refund" | "signup" | "newsletter";
export interface Activity {
  kind: ActivityKind;
  at: string;
  /** Order number, or the newsletter's subject. */
  reference: string | null;
  /** Customer or staff name. */
  who: string | null;
  /** Order total or refund amount in cents, or the number of newsletter recipients. */
  amount: number | null;
  /** "paid>processing" for a status change (never to the same status); a refund's credit note number. */
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
      (select case when h.from_status = h.to_status then 'edit' else 'status' end,
        h.created_at, o.order_number, h.changed_by, null::bigint,
        case when h.from_status = h.to_status then null else h.from_status || '>' || h.to_status end
       from order_status_history h join orders o on o.id = h.order_id
       -- Moves and edits (notes that leave the status as it was); a refund's note is not one:
       -- the refund itself is listed below (see historyEntryKind).
       where h.from_status is not null
         and not (h.from_status = h.to_status and starts_with(h.note, ${REFUND_NOTE_PREFIX}))
         and ${within("h.created_at")}
       order by h.created_at desc limit ${limit})
      union all
      (select 'refund', r.created_at, o.order_number, r.admin_name, r.amount_cents::bigint,
        r.credit_note_number
       from refunds r join orders o on o.id = r.order_id
       where ${within("r.created_at")} order by r.created_at desc limit ${limit})
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

/** The whole report of a period: `period` as the URL chose it, or `days` (rolling, ending today). */
export async function getSalesReport(options: {
  period?: PeriodChoice;
  days?: ReportPeriod;
  timeZone: string;
  now?: Date;
}) {
  const choice: PeriodChoice = options.period ?? { kind: "days", days: options.days ?? 30 };
  const range = reportRange(choice, options.timeZone, options.now);
  // One after another: PGlite answers one statement at a time anyway, and a pool is spared.
  const totals = await getTotals(range);
  const series = await getSeries(range);
  const topProducts = await getTopProducts(range);
  const customers = await getCustomerMetrics(range);
  const activity = await getRecentActivity(range);
  const taxes = await getTaxReport(range);
  return {
    range,
    totals,
    series,
    topProducts,
    customers,
    activity,
    taxes,
    taxTotals: taxTotals(taxes),
  };
}

export type SalesReport = Awaited<ReturnType<typeof getSalesReport>>;
