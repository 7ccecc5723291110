// `npm run bench:reports [-- --orders 100000]`: Reports & Analytics on a large order book (in-memory
// PGlite). Seeds the orders across the last 365 days (every one inside the 365-day report), with
// one to three lines each, their customers and status history, then times the whole 365-day report
// (cards, chart, top products, customer metrics, activity): median of 15 runs. Goal (issue 13):
// under 300 ms.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openPglite, setDatabase, db } from "~/server/db.server";
import { reportRange } from "~/server/reports/report-range.server";
import {
  getCustomerMetrics,
  getRecentActivity,
  getSalesReport,
  getSeries,
  getTopProducts,
  getTotals,
} from "~/server/reports/sales-report.server";
import { getTaxReport } from "~/server/reports/tax-report.server";

const { values } = parseArgs({ options: { orders: { type: "string", default: "100000" } } });
const count = Number(values.orders);
const handle = await openPglite({});
await migrateDatabase(handle);
setDatabase(handle);

console.log(`seeding ${count.toLocaleString("en-CA")} orders (${handle.driver})…`);
await db().execute(sql`
  insert into products (slug, name, category, selling_price_cents, stock)
  select 'bench-' || g, 'Bench Product ' || g, 'flowers', 1000 * g, 1000000
  from generate_series(1, 40) g`);
// One customer per 4 orders, so buyers come back (returning and repeat figures have work to do).
await db().execute(sql`
  insert into customers (name, email, created_at)
  select 'Buyer ' || g, 'buyer' || g || '@example.com', now() - ((g * 7) % 720 || ' days')::interval
  from generate_series(1, ${Math.ceil(count / 4)}) g`);
await db().execute(sql`
  insert into orders (customer_id, email, shipping_name, shipping_street, shipping_city, shipping_province,
    shipping_postal_code, status, subtotal_cents, total_amount_cents, access_token, created_at)
  select (select id from customers where customer_number = 1 + g % ${Math.ceil(count / 4)}),
    'buyer' || (1 + g % ${Math.ceil(count / 4)}) || '@example.com', 'Buyer ' || g, '1 Main St',
    'Vancouver', 'BC', 'V6B 1A1',
    (array['pending','paid','processing','shipped','delivered','completed','cancelled'])[1 + g % 7],
    2500 * (1 + g % 4), 2500 * (1 + g % 4) + 2000, 'bench-' || g,
    now() - ((g::float8 / ${count}) * 364 || ' days')::interval
  from generate_series(1, ${count}) g`);
await db().execute(sql`
  insert into order_items (order_id, product_id, product_name, quantity, price_at_purchase_cents)
  select o.id, p.id, p.name, 1 + (o.subtotal_cents / 2500) % 3, p.selling_price_cents
  from orders o
  cross join lateral generate_series(1, 1 + (hashtext(o.id::text) & 1023) % 3) line
  join products p on p.slug = 'bench-' || (1 + (hashtext(o.id::text || line) & 1023) % 40)`);
await db().execute(sql`
  insert into order_status_history (order_id, from_status, to_status, changed_by, created_at)
  select id, 'pending', status, 'bench', created_at + interval '1 hour'
  from orders where status <> 'pending'`);
// One sale in 30 has a refund of one unit of its first line a week later (a cancelled one is then a
// sale cancelled with its refund), so the refund figures and Top Products' refunded lines have work.
await db().execute(sql`
  insert into refunds (order_id, position, credit_note_number, goods_cents, shipping_cents, tax_cents,
    amount_cents, method, admin_name, created_at)
  select id, 1, order_number || '-R1', 2500, 0, 0, 2500, 'etransfer', 'bench',
    least(created_at + interval '7 days', now())
  from orders where status <> 'pending' and (hashtext(id::text) & 1023) % 30 = 0`);
await db().execute(sql`
  insert into refund_lines (refund_id, order_item_id, quantity, amount_cents, restocked)
  select r.id, (select i.id from order_items i where i.order_id = r.order_id limit 1),
    1, 2500, true
  from refunds r`);
await db().execute(
  sql`update orders set refunded_cents = 2500 where id in (select order_id from refunds)`,
);
await db().execute(sql`vacuum analyze`);
const [lines] = (
  (await db().execute(sql`select count(*)::int as n from order_items`)) as unknown as {
    rows: { n: number }[];
  }
).rows;
console.log(`${lines!.n.toLocaleString("en-CA")} order lines`);

const runs: number[] = [];
let report: Awaited<ReturnType<typeof getSalesReport>> | undefined;
for (let i = 0; i < 15; i++) {
  const started = performance.now();
  report = await getSalesReport({ days: 365, timeZone: "America/Vancouver" });
  runs.push(performance.now() - started);
}
runs.sort((a, b) => a - b);
const median = runs[7]!;
console.log(
  `365-day report: ${report!.totals.orders.current.toLocaleString("en-CA")} sales, ` +
    `${report!.totals.refunds.current.toLocaleString("en-CA")} refunds, ` +
    `${report!.customers.buyers.toLocaleString("en-CA")} buyers, ${report!.series.length} bars`,
);
console.log(
  `median ${median.toFixed(1)} ms (fastest ${runs[0]!.toFixed(1)}, slowest ${runs[14]!.toFixed(1)}); goal < 300 ms: ${median < 300 ? "met" : "NOT MET"}`,
);
// Where the time goes: each part on its own (median of 5).
const range = reportRange(365, "America/Vancouver");
for (const [name, part] of Object.entries({
  totals: getTotals,
  series: getSeries,
  topProducts: getTopProducts,
  customers: getCustomerMetrics,
  activity: getRecentActivity,
  taxes: getTaxReport,
})) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await part(range);
    times.push(performance.now() - started);
  }
  console.log(
    `  ${name.padEnd(12)} ${times
      .sort((a, b) => a - b)[2]!
      .toFixed(1)
      .padStart(7)} ms`,
  );
}
await handle.close();
if (median >= 300) process.exitCode = 1;
