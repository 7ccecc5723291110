import { sql } from "drizzle-orm";
import { csvRow } from "~/lib/csv";
import { zonedParts } from "~/lib/dates";
import { formatChange, type ReportPeriod } from "~/lib/report-period";
import { db } from "../db.server";
import { isSale } from "./report-range.server";
import { getSalesReport, type Metric } from "./sales-report.server";

const BATCH = 1000;

/** "2026-11-25 08:17": when an order was placed, in the store's time zone (our tz data, not the database's). */
function placedAt(createdAt: string, timeZone: string): string {
  const p = zonedParts(new Date(createdAt), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
const dollars = (cents: number) => (cents / 100).toFixed(2);

interface ExportOrder {
  id: string;
  order_number: string;
  status: string;
  name: string;
  email: string;
  items: number;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  sale: boolean;
  created_at: string;
}

/**
 * The period's figures, then every order placed in it (sales and the others, marked), as CSV. The
 * orders are read in keyset batches, so a year of orders streams without being held in memory.
 */
export async function exportSalesReport(options: {
  days: ReportPeriod;
  timeZone: string;
  storeName: string;
  now?: Date;
}): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const report = await getSalesReport(options);
  const { range, totals, customers } = report;
  const encoder = new TextEncoder();
  const head: string[] = [
    csvRow([`${options.storeName} sales report`]),
    csvRow(["Period", `Last ${range.days} days`, range.firstDay, range.lastDay, range.timeZone]),
    csvRow(["Sales are orders that are paid, processing, shipped, delivered or completed"]),
    csvRow([]),
    csvRow(["Metric", "This period", "Previous period", "Change (%)"]),
    ...(
      [
        ["Revenue ($)", totals.revenueCents, true],
        ["Orders", totals.orders, false],
        ["Average order value ($)", totals.averageOrderCents, true],
        ["New customers", totals.newCustomers, false],
      ] as [string, Metric, boolean][]
    ).map(([label, m, money]) =>
      csvRow([
        label,
        money ? dollars(m.current) : m.current,
        money ? dollars(m.previous) : m.previous,
        // A number (so a spreadsheet can use it), or "New" / "—" when there is nothing to compare.
        m.change.kind === "percent" ? m.change.value : formatChange(m.change),
      ]),
    ),
    csvRow(["Buyers", customers.buyers]),
    csvRow(["New buyers", customers.newBuyers]),
    csvRow(["Returning buyers", customers.returningBuyers]),
    csvRow(["Repeat rate (%)", customers.repeatRate ?? ""]),
    csvRow([]),
    csvRow(["Top products", "Units", "Revenue ($)"]),
    ...report.topProducts.map((p) => csvRow([p.name, p.units, dollars(p.revenueCents)])),
    csvRow([]),
    csvRow([
      "Order",
      "Placed",
      "Status",
      "Counts as sale",
      "Customer",
      "Email",
      "Items",
      "Subtotal ($)",
      "Discount ($)",
      "Shipping ($)",
      "Total ($)",
    ]),
  ];

  let cursor: { createdAt: string; id: string } | undefined;
  let headSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headSent) {
        headSent = true;
        controller.enqueue(encoder.encode(head.join("")));
        return;
      }
      const after = cursor
        ? sql`and (o.created_at, o.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const batch = (
        (await db().execute(sql`
          select o.id, o.order_number,
            o.status, o.shipping_name as name, o.email,
            coalesce((select sum(quantity) from order_items i where i.order_id = o.id), 0)::int as items,
            o.subtotal_cents as subtotal, o.discount_cents as discount,
            o.shipping_cost_cents as shipping, o.total_amount_cents as total, ${isSale("o.status")} as sale,
            to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
          from orders o
          where o.created_at >= ${range.start.toISOString()} and o.created_at < ${range.end.toISOString()} ${after}
          order by o.created_at, o.id
          limit ${BATCH}`)) as unknown as { rows: ExportOrder[] }
      ).rows;
      controller.enqueue(
        encoder.encode(
          batch
            .map((o) =>
              csvRow([
                o.order_number,
                placedAt(o.created_at, range.timeZone),
                o.status,
                o.sale ? "yes" : "no",
                o.name,
                o.email,
                o.items,
                dollars(o.subtotal),
                dollars(o.discount),
                dollars(o.shipping),
                dollars(o.total),
              ]),
            )
            .join(""),
        ),
      );
      const last = batch.at(-1);
      if (batch.length < BATCH || !last) controller.close();
      else cursor = { createdAt: last.created_at, id: last.id };
    },
  });
  return { fileName: `sales-report-${range.firstDay}-to-${range.lastDay}.csv`, body };
}
