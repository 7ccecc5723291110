import { sql } from "drizzle-orm";
import type { TaxKind } from "~/lib/taxes";
import { db } from "../db.server";
import { isSale, type ReportRange } from "./report-range.server";

export interface ProvinceTaxRow {
  province: string;
  /** Sales in the period shipped to the province, and the tax collected on them by kind. */
  orders: number;
  byKind: Partial<Record<TaxKind, number>>;
  totalCents: number;
}

/**
 * Sales tax collected in the period, per shipping province and tax kind: the lines stored on the
 * orders counted as sales (paid and later), in one grouped statement over the sales index.
 */
export async function getTaxCollected(range: ReportRange): Promise<ProvinceTaxRow[]> {
  const result = (await db().execute(sql`
    select o.shipping_province as province, t.kind, count(distinct o.id)::int as orders,
      sum(t.amount_cents)::bigint as amount
    from orders o
    join order_tax_lines t on t.order_id = o.id
    where ${isSale("o.status")} and o.created_at >= ${range.start.toISOString()}
      and o.created_at < ${range.end.toISOString()}
    group by o.shipping_province, t.kind
    order by o.shipping_province, t.kind`)) as unknown as {
    rows: { province: string; kind: TaxKind; orders: number; amount: string | number }[];
  };
  const byProvince = new Map<string, ProvinceTaxRow>();
  for (const row of result.rows) {
    const entry = byProvince.get(row.province) ?? {
      province: row.province,
      orders: 0,
      byKind: {},
      totalCents: 0,
    };
    const amount = Number(row.amount);
    entry.byKind[row.kind] = amount;
    entry.totalCents += amount;
    // Every taxed order carries its province's federal line (GST or HST) once.
    entry.orders = Math.max(entry.orders, row.orders);
    byProvince.set(row.province, entry);
  }
  return [...byProvince.values()];
}
