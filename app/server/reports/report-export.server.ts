import { isFulfilmentMethod, METHOD_NAMES } from "~/lib/fulfilment";
import { sql, type SQL } from "drizzle-orm";
import { provinceName } from "~/lib/address";
import { csvRow } from "~/lib/csv";
import { zonedParts } from "~/lib/dates";
import { REFUND_METHOD_LABELS, type RefundMethod } from "~/lib/refunds";
import { formatChange, type PeriodChoice, type ReportPeriod } from "~/lib/report-period";
import { db } from "../db.server";
import { isSale } from "./report-range.server";
import { getSalesReport, type Metric } from "./sales-report.server";

const BATCH = 1000;

/** "2026-11-25 08:17": an instant in the store's time zone (our tz data, not the database's). */
function localTime(at: string, timeZone: string): string {
  const p = zonedParts(new Date(at), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
const dollars = (cents: number) => (cents / 100).toFixed(2);

interface ExportOrder {
  id: string;
  order_number: string;
  status: string;
  method: string;
  name: string;
  email: string;
  items: number;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  refunded: number;
  sale: boolean;
  created_at: string;
}

interface ExportRefund {
  id: string;
  credit_note_number: string;
  order_number: string;
  order_created_at: string;
  goods: number;
  shipping: number;
  tax: number;
  amount: number;
  method: string;
  reference: string | null;
  admin_name: string;
  created_at: string;
}

const micros = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * Rows of a table in (created_at, id) order, a thousand at a time by keyset, so a year streams
 * without being held in memory.
 */
async function* keysetBatches<T extends { id: string; created_at: string }>(
  query: (after: SQL) => SQL,
  alias: string,
): AsyncGenerator<T[]> {
  let cursor: { createdAt: string; id: string } | undefined;
  for (;;) {
    const after = cursor
      ? sql`and (${sql.raw(`${alias}.created_at`)}, ${sql.raw(`${alias}.id`)}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
    const batch = ((await db().execute(query(after))) as unknown as { rows: T[] }).rows;
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/**
 * The period's figures (gross, refunds and net of sales, shipping, tax and their total; tax per
 * province and tax too),
 * the refunds made in it, then every order placed in it (sales and the others, marked), as CSV.
 */
export async function exportSalesReport(options: {
  period?: PeriodChoice;
  days?: ReportPeriod;
  timeZone: string;
  storeName: string;
  now?: Date;
}): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const report = await getSalesReport(options);
  const { range, totals, customers } = report;
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const figure = ([label, m, money]: [string, Metric, boolean]) =>
    csvRow([
      label,
      money ? dollars(m.current) : m.current,
      money ? dollars(m.previous) : m.previous,
      // A number (so a spreadsheet can use it), or "New" / "—" when there is nothing to compare.
      m.change.kind === "percent" ? m.change.value : formatChange(m.change),
    ]);
  const taxMoney = (t: { collectedCents: number; refundedCents: number; netCents: number }) => [
    dollars(t.collectedCents),
    dollars(t.refundedCents),
    dollars(t.netCents),
  ];

  async function* chunks(): AsyncGenerator<string> {
    yield [
      csvRow([`${options.storeName} sales report`]),
      csvRow(["Period", range.label, range.firstDay, range.lastDay, range.timeZone]),
      csvRow(["Compared with", range.previousLabel, range.previousFirstDay, range.previousLastDay]),
      csvRow([
        "Sales are the orders placed in the period that were paid (a cancelled one only with a refund); refunds are those made in the period, whatever the order's date; net = gross - refunds. Net sales are the goods after discounts, before tax and shipping",
      ]),
      csvRow([]),
      csvRow(["Metric", "This period", "Previous period", "Change (%)"]),
      ...(
        [
          ["Gross sales ($)", totals.sales.gross, true],
          ["Sales refunded ($)", totals.sales.refunds, true],
          ["Net sales ($)", totals.sales.net, true],
          ["Shipping charged ($)", totals.shipping.gross, true],
          ["Shipping refunded ($)", totals.shipping.refunds, true],
          ["Net shipping ($)", totals.shipping.net, true],
          ["Tax collected ($)", totals.tax.gross, true],
          ["Tax refunded ($)", totals.tax.refunds, true],
          ["Net tax ($)", totals.tax.net, true],
          ["Total charged ($)", totals.total.gross, true],
          ["Total refunded ($)", totals.total.refunds, true],
          ["Net total ($)", totals.total.net, true],
          ["Orders", totals.orders, false],
          ["Average order value ($)", totals.averageOrderCents, true],
          ["Refunds made", totals.refunds, false],
          ["New customers", totals.newCustomers, false],
        ] as [string, Metric, boolean][]
      ).map(figure),
      csvRow(["Buyers", customers.buyers]),
      csvRow(["New buyers", customers.newBuyers]),
      csvRow(["Returning buyers", customers.returningBuyers]),
      csvRow(["Repeat rate (%)", customers.repeatRate ?? ""]),
      csvRow([]),
      csvRow(["Sales tax", "Tax", "Orders", "Collected ($)", "Refunded ($)", "Net ($)"]),
      ...report.taxes.map((t) =>
        csvRow([provinceName(t.province), t.kind, t.orders, ...taxMoney(t)]),
      ),
      ...report.taxTotals.byKind.map((t) =>
        csvRow([`Total ${t.kind}`, t.kind, "", ...taxMoney(t)]),
      ),
      csvRow(["Total", "", "", ...taxMoney(report.taxTotals)]),
      csvRow([]),
      csvRow(["Top products", "Units", "Revenue ($)"]),
      ...report.topProducts.map((p) => csvRow([p.name, p.units, dollars(p.revenueCents)])),
      csvRow([]),
      csvRow([
        "Refund",
        "Order",
        "Order placed",
        "Refunded",
        "Goods ($)",
        "Shipping ($)",
        "Tax ($)",
        "Amount ($)",
        "Method",
        "Reference",
        "By",
      ]),
    ].join("");

    for await (const batch of keysetBatches<ExportRefund>(
      (after) => sql`
        select r.id, r.credit_note_number, o.order_number, ${micros("o.created_at")} as order_created_at,
          r.goods_cents as goods, r.shipping_cents as shipping, r.tax_cents as tax,
          r.amount_cents as amount, r.method, r.reference, r.admin_name, ${micros("r.created_at")} as created_at
        from refunds r join orders o on o.id = r.order_id
        where r.created_at >= ${start} and r.created_at < ${end} ${after}
        order by r.created_at, r.id
        limit ${BATCH}`,
      "r",
    ))
      yield batch
        .map((r) =>
          csvRow([
            r.credit_note_number,
            r.order_number,
            localTime(r.order_created_at, range.timeZone),
            localTime(r.created_at, range.timeZone),
            dollars(r.goods),
            dollars(r.shipping),
            dollars(r.tax),
            dollars(r.amount),
            REFUND_METHOD_LABELS[r.method as RefundMethod] ?? r.method,
            r.reference ?? "",
            r.admin_name,
          ]),
        )
        .join("");

    yield [
      csvRow([]),
      csvRow([
        "Order",
        "Placed",
        "Status",
        "Counts as sale",
        "Fulfilment",
        "Customer",
        "Email",
        "Items",
        "Subtotal ($)",
        "Discount ($)",
        "Shipping ($)",
        "Tax ($)",
        "Total ($)",
        "Refunded to date ($)",
        "Net ($)",
      ]),
    ].join("");

    for await (const batch of keysetBatches<ExportOrder>(
      (after) => sql`
        select o.id, o.order_number,
          o.status, o.fulfilment_method as method, o.shipping_name as name, o.email,
          coalesce((select sum(quantity) from order_items i where i.order_id = o.id), 0)::int as items,
          o.subtotal_cents as subtotal, o.discount_cents as discount,
          o.shipping_cost_cents as shipping, o.tax_cents as tax, o.total_amount_cents as total,
          o.refunded_cents as refunded, ${isSale("o")} as sale, ${micros("o.created_at")} as created_at
        from orders o
        where o.created_at >= ${start} and o.created_at < ${end} ${after}
        order by o.created_at, o.id
        limit ${BATCH}`,
      "o",
    ))
      yield batch
        .map((o) =>
          csvRow([
            o.order_number,
            localTime(o.created_at, range.timeZone),
            o.status,
            o.sale ? "yes" : "no",
            isFulfilmentMethod(o.method) ? METHOD_NAMES[o.method] : o.method,
            o.name,
            o.email,
            o.items,
            dollars(o.subtotal),
            dollars(o.discount),
            dollars(o.shipping),
            dollars(o.tax),
            dollars(o.total),
            dollars(o.refunded),
            dollars(o.total - o.refunded),
          ]),
        )
        .join("");
  }

  const encoder = new TextEncoder();
  const iterator = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return { fileName: `sales-report-${range.firstDay}-to-${range.lastDay}.csv`, body };
}
