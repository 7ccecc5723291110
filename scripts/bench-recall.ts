// `npm run bench:recall [-- --orders 100000 --movements 1000000 --affected 2000]`: a recall on a
// large ledger. In-memory PGlite, or the PostgreSQL of BENCH_DATABASE_URL or TEST_DATABASE_URL
// (`bash scripts/with-postgres.sh npm run bench:recall`: an empty scratch database; the bench
// migrates it and refuses one that already holds orders; DATABASE_URL, the store's own, is never
// used). Seeds with generate_series: 100,000 orders over the last year, 1,000 products with 2
// sizes each and one lot per size, 1,000,000 stock movements across those lots (most of them
// sales naming an order), and one lot ("RECALL-1") sold to 2,000 orders, some of which gave units
// back. Then recalls it and measures, the median of 7 runs after a warm-up: the lot page's
// affected orders (its first page of 100 and the figures above it) and the whole CSV of them.
// Goal: each under 2 s (exit 1 otherwise).
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { db, migrateDatabase, openPglite, openPostgres, setDatabase } from "~/server/db.server";
import {
  exportLotOrdersCsv,
  getLot,
  listLotOrders,
  lotOrdersSummary,
  recallLot,
} from "~/server/inventory/lot-recall.server";
import { pendingRecallNotices } from "~/server/inventory/lot-recall-notices.server";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    movements: { type: "string", default: "1000000" },
    affected: { type: "string", default: "2000" },
  },
});
const orderCount = Number(values.orders);
const movementCount = Number(values.movements);
const affected = Number(values.affected);
const GOAL_MS = 2000;

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const handle = url ? openPostgres(url) : await openPglite({});
await migrateDatabase(handle, url);
setDatabase(handle);
const load = () => (process.platform === "linux" ? os.loadavg()[0]!.toFixed(1) : "?");
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

const [{ n: existing } = { n: 0 }] = await rows<{ n: number }>(
  sql`select count(*)::int as n from orders`,
);
if (existing > 0) {
  console.error(`The database already holds ${existing} orders: give the bench an empty one.`);
  process.exit(1);
}

let started = performance.now();
console.log(
  `seeding ${orderCount.toLocaleString("en-CA")} orders and ${movementCount.toLocaleString("en-CA")} stock movements (${handle.driver})…`,
);
await db().execute(sql`
  insert into products (slug, name, category, selling_price_cents, stock, sku)
  select 'bench-' || g, 'Bench Product ' || g, 'flowers', 2500, 100, 'BENCH-' || lpad(g::text, 4, '0')
  from generate_series(1, 1000) g`);
await db().execute(sql`
  insert into product_variations (product_id, size, size_unit, price_cents, stock, position)
  select p.id, s.size, 'g', 2500, 50, s.position
  from products p cross join (values ('3.5', 0), ('7', 1)) as s(size, position)`);
await db().execute(sql`
  insert into stock_lots (product_id, variation_id, lot_number, packaged_on, expires_on, supplier, on_hand)
  select product_id, id, 'L-' || row_number() over (order by product_id, position), '2026-06-01',
    '2027-06-01', 'Bench Farms', stock
  from product_variations`);
// The lot to recall: a second lot of the first size.
await db().execute(sql`
  insert into stock_lots (product_id, variation_id, lot_number, packaged_on, expires_on, supplier, on_hand)
  select product_id, id, 'RECALL-1', '2026-05-01', '2027-01-31', 'Bench Farms', 20
  from product_variations order by product_id, position limit 1`);
await db().execute(sql`
  insert into orders (email, shipping_name, shipping_street, shipping_city, shipping_province,
    shipping_postal_code, status, subtotal_cents, total_amount_cents, access_token, created_at)
  select 'buyer' || (1 + g % ${Math.ceil(orderCount / 3)}) || '@example.com', 'Buyer ' || g,
    g || ' Main St', 'Vancouver', 'BC', 'V6B 1A1',
    (array['pending','paid','processing','shipped','delivered','completed','cancelled'])[1 + g % 7],
    2500, 4500, 'bench-' || g, now() - ((g::float8 / ${orderCount}) * 364 || ' days')::interval
  from generate_series(1, ${orderCount}) g`);
// Most movements are sales naming an order; the rest deliveries, cancellations and corrections.
await db().execute(sql`
  with sizes as (
    select v.id, v.product_id, l.id as lot_id, row_number() over (order by v.product_id, v.position) as n
    from product_variations v join stock_lots l on l.variation_id = v.id and l.lot_number <> 'RECALL-1'
  ),
  numbered as (select id, row_number() over (order by created_at, id) as n from orders),
  moves as (
    select g, case
      when g % 100 < 65 then 'sold' when g % 100 < 80 then 'received'
      when g % 100 < 90 then 'cancelled' when g % 100 < 95 then 'count_correction'
      else 'returned' end as reason
    from generate_series(1, ${movementCount - affected * 2}) g
  )
  insert into stock_movements (product_id, variation_id, lot_id, quantity, stock_after, reason, order_id, created_at)
  select s.product_id, s.id, s.lot_id,
    case when m.reason = 'sold' then -(1 + m.g % 3) else 1 + m.g % 5 end,
    m.g % 500, m.reason,
    case when m.reason in ('sold', 'cancelled') then o.id end,
    now() - (m.g * 30 || ' seconds')::interval
  from moves m
  join sizes s on s.n = 1 + m.g % 2000
  join numbered o on o.n = 1 + (m.g::bigint * 7919) % ${orderCount}`);
// The recalled lot's sales: one order in every (orders / affected), 1 to 3 units each; a sale and,
// for one order in five, a unit given back (the other half of the lot's movements).
await db().execute(sql`
  with lot as (select id, product_id, variation_id from stock_lots where lot_number = 'RECALL-1'),
  picked as (
    select id, created_at, row_number() over (order by created_at, id) as n from orders
  ),
  chosen as (select id, created_at, n from picked where n % ${Math.floor(orderCount / affected)} = 0 limit ${affected})
  insert into stock_movements (product_id, variation_id, lot_id, quantity, stock_after, reason, order_id, created_at)
  select lot.product_id, lot.variation_id, lot.id, x.quantity, 100, x.reason, c.id, c.created_at + x.later
  from chosen c cross join lot
  cross join lateral (values (-(1 + c.n % 3)::int, 'sold', interval '0'),
    (case when c.n % 5 = 0 then 1 else -1 end, case when c.n % 5 = 0 then 'cancelled' else 'sold' end, interval '1 hour')) as x(quantity, reason, later)`);
// What autovacuum does on a live PostgreSQL: statistics, and a visibility map for index-only scans.
await db().execute(sql`vacuum analyze`);
const [counts] = await rows<{ orders: number; movements: number }>(
  sql`select (select count(*) from orders)::int as orders, (select count(*) from stock_movements)::int as movements`,
);
console.log(
  `seeded ${counts!.orders.toLocaleString("en-CA")} orders, ${counts!.movements.toLocaleString("en-CA")} movements in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()}`,
);

const [target] = await rows<{ id: string }>(
  sql`select id from stock_lots where lot_number = 'RECALL-1'`,
);
const recalled = await recallLot({
  lotId: target!.id,
  noticeNumber: "RA-BENCH-1",
  noticeText: "A bench recall.",
  actor: { adminId: null, name: "Bench", ip: null },
});
if (!recalled.ok) throw new Error(recalled.message);
const lot = (await getLot(target!.id))!;

const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
async function measure(label: string, run: () => Promise<string>) {
  await run();
  const times: number[] = [];
  let said = "";
  for (let i = 0; i < 7; i++) {
    started = performance.now();
    said = await run();
    times.push(performance.now() - started);
  }
  const ms = median(times);
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms median (${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)})   ${said}`,
  );
  return { label, ms };
}

const results = [
  await measure("affected orders: first page of 100", async () => {
    const page = await listLotOrders(lot.id);
    return `${page.rows.length} rows of ${page.total.toLocaleString("en-CA")}`;
  }),
  await measure("affected orders: page 20 (by its cursor)", async () => {
    let page = await listLotOrders(lot.id);
    for (let i = 2; i <= 20 && page.next; i++)
      page = await listLotOrders(lot.id, { after: page.next, page: i });
    return `page ${page.page}, ${page.rows.length} rows (20 page loads)`;
  }),
  await measure("lot page figures + notices to send", async () => {
    const [summary, pending] = await Promise.all([
      lotOrdersSummary(lot.id),
      pendingRecallNotices(lot.id),
    ]);
    return `${summary.stillOut.toLocaleString("en-CA")} units out, ${pending} to notify`;
  }),
  await measure("CSV of every affected order", async () => {
    let lines = 0;
    let bytes = 0;
    for await (const chunk of exportLotOrdersCsv(lot)) {
      lines += chunk.split("\r\n").length - 1;
      bytes += chunk.length;
    }
    return `${lines.toLocaleString("en-CA")} rows, ${(bytes / 1024).toFixed(0)} KiB`;
  }),
];
console.log(`load average ${load()}`);
await handle.close();
const slow = results.filter((r) => r.ms > GOAL_MS);
if (slow.length > 0) {
  console.error(`over ${GOAL_MS / 1000} s: ${slow.map((r) => r.label).join(", ")}`);
  process.exit(1);
}
console.log(`every figure under ${GOAL_MS / 1000} s`);
