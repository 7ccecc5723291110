import { sql } from "drizzle-orm";
import { TAX_KINDS, type TaxKind } from "~/lib/taxes";
import { db } from "../db.server";
import { isSale, type ReportRange } from "./report-range.server";

/** One tax of one province in a period: what the sales collected, what refunds gave back. */
export interface TaxReportRow {
  /** The province or territory the orders ship to. */
  province: string;
  kind: TaxKind;
  /** Sales of the period shipped to the province that carry this tax. */
  orders: number;
  /** The tax lines of those sales. */
  collectedCents: number;
  /** The refund tax lines of the refunds made in the period, on this province's lines of this tax. */
  refundedCents: number;
  /** Collected less refunded: what the return reports. */
  netCents: number;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Sales tax of the period per shipping province and tax kind, net of refunds (cash basis, as the
 * revenue figures): collected = the tax lines stored on the period's sales (one grouped statement
 * over the sales index); refunded = the refund tax lines of the refunds made in the period
 * (refunds_created_idx), grouped by the province and kind of the order tax line each gives back,
 * whenever that order was placed. Provinces in code order, taxes in TAX_KINDS order.
 */
export async function getTaxReport(range: ReportRange): Promise<TaxReportRow[]> {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const collected = await rows<{
    province: string;
    kind: TaxKind;
    orders: number;
    amount: string | number;
  }>(sql`
    select o.shipping_province as province, t.kind, count(distinct o.id)::int as orders,
      sum(t.amount_cents)::bigint as amount
    from orders o
    join order_tax_lines t on t.order_id = o.id
    where ${isSale("o")} and o.created_at >= ${start} and o.created_at < ${end}
    group by o.shipping_province, t.kind`);
  const refunded = await rows<{ province: string; kind: TaxKind; amount: string | number }>(sql`
    select o.shipping_province as province, t.kind, sum(rt.amount_cents)::bigint as amount
    from refunds r
    join refund_tax_lines rt on rt.refund_id = r.id
    join order_tax_lines t on t.id = rt.order_tax_line_id
    join orders o on o.id = r.order_id
    where r.created_at >= ${start} and r.created_at < ${end}
    group by o.shipping_province, t.kind`);
  const byKey = new Map<string, TaxReportRow>();
  const row = (province: string, kind: TaxKind) => {
    const key = `${province}:${kind}`;
    let found = byKey.get(key);
    if (!found) {
      found = { province, kind, orders: 0, collectedCents: 0, refundedCents: 0, netCents: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const c of collected) {
    const entry = row(c.province, c.kind);
    entry.orders = c.orders;
    entry.collectedCents = Number(c.amount);
  }
  for (const r of refunded) row(r.province, r.kind).refundedCents = Number(r.amount);
  const order = (kind: TaxKind) => TAX_KINDS.indexOf(kind);
  return [...byKey.values()]
    .map((entry) => ({ ...entry, netCents: entry.collectedCents - entry.refundedCents }))
    .sort((a, b) => a.province.localeCompare(b.province) || order(a.kind) - order(b.kind));
}

/** The table's totals: per tax kind (a GST/HST or provincial return adds these) and overall. */
export function taxTotals(taxRows: TaxReportRow[]) {
  const byKind = TAX_KINDS.flatMap((kind) => {
    const of = taxRows.filter((r) => r.kind === kind);
    if (of.length === 0) return [];
    const sum = (pick: (r: TaxReportRow) => number) => of.reduce((n, r) => n + pick(r), 0);
    return [
      {
        kind,
        collectedCents: sum((r) => r.collectedCents),
        refundedCents: sum((r) => r.refundedCents),
        netCents: sum((r) => r.netCents),
      },
    ];
  });
  const sum = (pick: (r: TaxReportRow) => number) => taxRows.reduce((n, r) => n + pick(r), 0);
  return {
    byKind,
    collectedCents: sum((r) => r.collectedCents),
    refundedCents: sum((r) => r.refundedCents),
    netCents: sum((r) => r.netCents),
  };
}
