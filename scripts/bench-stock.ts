// `npm run bench:stock [-- --movements 1000000 --explain]`: the admin Stock movements screen on a
// large ledger (in-memory PGlite; 1,000 products with 2 sizes each, 3 staff, movements 30 s apart
// over the last year, filled by one generate_series insert). Compares page 1 with the page reached
// by following 500 "Older" links and with the last page (by its cursor), then each filter's first
// page with its deepest: the median of 21 loads of each, alternating, and the database's own time
// for each query (EXPLAIN ANALYZE; --explain prints the plans). Then the CSV export of 30 days.
// Goal (issue 25): every deep page within 1.5x of its first page.
import os from "node:os";
import { parseArgs } from "node:util";
import { and, count, desc, sql } from "drizzle-orm";
import { StockMovementListQuerySchema } from "~/schemas/stock-movements";
import { db, migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { encodeCursor } from "~/server/keyset.server";
import {
  exportStockMovementsCsv,
  listStockMovements,
  movementFilter,
} from "~/server/inventory/stock-movements-list.server";
import { adminUsers, stockMovements } from "~/server/db-tables";

const { values } = parseArgs({
  options: {
    movements: { type: "string", default: "1000000" },
    explain: { type: "boolean", default: false },
  },
});
const total = Number(values.movements);
const handle = await openPglite({});
await migrateDatabase(handle);
setDatabase(handle);

let started = performance.now();
console.log(`seeding ${total.toLocaleString("en-CA")} stock movements (${handle.driver})…`);
await db().execute(sql`
  insert into admin_users (username, display_name, password_hash, role)
  select 'staff' || g, 'Staff ' || g, 'x', 'staff' from generate_series(1, 3) g`);
await db().execute(sql`
  insert into products (slug, name, category, selling_price_cents, stock, sku)
  select 'bench-' || g, 'Bench Product ' || g, 'flowers', 2500, 100, 'BENCH-' || lpad(g::text, 4, '0')
  from generate_series(1, 1000) g`);
await db().execute(sql`
  insert into product_variations (product_id, size, size_unit, price_cents, stock, position)
  select p.id, s.size, 'g', 2500, 50, s.position
  from products p cross join (values ('3.5', 0), ('7', 1)) as s(size, position)`);
await db().execute(sql`
  insert into stock_lots (product_id, variation_id, lot_number, on_hand)
  select product_id, id, 'unrecorded', stock from product_variations`);
// Reasons as a shop sees them: mostly sales; staff make the adjustments, the store the rest.
await db().execute(sql`
  with sizes as (
    select id, product_id, row_number() over (order by product_id, position) as n
    from product_variations
  ),
  staff as (select array_agg(id order by username) as ids from admin_users),
  moves as (
    select g, case
      when g % 100 < 60 then 'sold' when g % 100 < 75 then 'received'
      when g % 100 < 85 then 'cancelled' when g % 100 < 90 then 'count_correction'
      when g % 100 < 94 then 'damaged' when g % 100 < 96 then 'lost'
      when g % 100 < 98 then 'returned' else 'refund_restock' end as reason
    from generate_series(1, ${total}) g
  )
  insert into stock_movements (product_id, variation_id, lot_id, quantity, stock_after, reason, admin_id, created_at)
  select s.product_id, s.id, (select l.id from stock_lots l where l.variation_id = s.id),
    case when m.reason in ('sold', 'damaged', 'lost') then -(1 + m.g % 3) else 1 + m.g % 5 end,
    m.g % 500, m.reason,
    case when m.reason in ('sold', 'cancelled') then null else staff.ids[1 + m.g % 3] end,
    now() - (m.g * 30 || ' seconds')::interval
  from moves m join sizes s on s.n = 1 + m.g % 2000 cross join staff`);
// What autovacuum does on a live PostgreSQL: statistics, and a visibility map for index-only scans.
await db().execute(sql`vacuum analyze`);
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const load = () => (process.platform === "linux" ? os.loadavg()[0]!.toFixed(1) : "?");
console.log(`load average ${load()} (the machine may be shared)`);

// Every statement the app sends goes through here: counted, and the last one kept to EXPLAIN.
const client = handle.pglite!;
const query = client.query.bind(client);
let statements = 0;
let lastStatement: Parameters<typeof query> | undefined;
client.query = ((...args: Parameters<typeof query>) => {
  statements++;
  lastStatement = args;
  return query(...args);
}) as typeof client.query;

const page = (params: Record<string, string>) =>
  listStockMovements(StockMovementListQuerySchema.parse(params));

/** The database's own time for a page's movements query (EXPLAIN ANALYZE), and its plan. */
async function planOf(params: Record<string, string>) {
  await page(params);
  const [text, args] = lastStatement!;
  const plan = await query<{ "QUERY PLAN": string }>(`explain analyze ${text}`, args);
  const lines = plan.rows.map((row) => row["QUERY PLAN"]);
  const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? "")?.[1]);
  return { ms, lines };
}

const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;

/**
 * A filter's first page against a deep one: after a warm-up, 21 loads of each, alternating (so
 * both meet the same load on a shared machine); the median wall time of a page load (the app's
 * statements, planning included) and the database's execution time of its query.
 */
const ratios: [string, number][] = [];
async function compare(label: string, first: Record<string, string>, deep: Record<string, string>) {
  for (let i = 0; i < 3; i++) {
    await page(first);
    await page(deep);
  }
  const runs: [number[], number[]] = [[], []];
  let perPage = 0;
  for (let i = 0; i < 21; i++)
    for (const [k, params] of [first, deep].entries()) {
      statements = 0;
      const started = performance.now();
      const loaded = await page(params);
      runs[k]!.push(performance.now() - started);
      perPage = statements;
      if (loaded.rows.length === 0) throw new Error(`${label}: no rows`);
    }
  const [a, b] = [median(runs[0]), median(runs[1])];
  const [pa, pb] = [await planOf(first), await planOf(deep)];
  ratios.push([label, b / a]);
  console.log(
    `${label.padEnd(40)} ${a.toFixed(1).padStart(6)} ms ${b.toFixed(1).padStart(6)} ms ${`${(b / a).toFixed(2)}x`.padStart(6)}   db ${pa.ms.toFixed(2)} / ${pb.ms.toFixed(2)} ms   ${perPage} statements`,
  );
  if (values.explain)
    for (const line of [...pa.lines, "  --- deep:", ...pb.lines])
      if (/Scan|Sort|Limit|Index Cond|Rows Removed|deep/.test(line))
        console.log(`    ${line.trim().slice(0, 150)}`);
}

/** The cursor of the last page of a filtered list (40 rows from its end). */
async function deepCursor(params: Record<string, string>) {
  const where = (await movementFilter(StockMovementListQuerySchema.parse(params)))();
  const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(stockMovements).where(where);
  const [row] = await db()
    .select({ id: stockMovements.id, createdAt: stockMovements.createdAt })
    .from(stockMovements)
    .where(and(where))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .offset(Math.max(0, n - 40))
    .limit(1);
  return { cursor: encodeCursor(row!), rows: n };
}

async function firstAndDeepest(label: string, params: Record<string, string>) {
  const { cursor, rows } = await deepCursor(params);
  await compare(`${label} (${rows.toLocaleString("en-CA")})`, params, { ...params, after: cursor });
}

console.log(`${"".padEnd(40)}  first    deep  deep/first   database time   per page`);
// 500 "Older" links followed one after the other, as a person would click them.
let after: string | undefined;
started = performance.now();
for (let i = 0; i < 500; i++) after = (await page(after ? { after } : {})).older;
const walk = performance.now() - started;
await compare("all: page 1 / page 501 (500 cursors)", {}, { after: after! });
const { cursor: deepest } = await deepCursor({});
await compare(
  `all: page 1 / page ${Math.ceil(total / 20).toLocaleString("en-CA")}`,
  {},
  {
    after: deepest,
  },
);
const [staff] = await db().select({ id: adminUsers.id }).from(adminUsers).limit(1);
await firstAndDeepest("reason lost", { reason: "lost" });
await firstAndDeepest("reason sold", { reason: "sold" });
await firstAndDeepest("one staff member", { staff: staff!.id });
await firstAndDeepest("the store itself", { staff: "store" });
await firstAndDeepest("product by SKU", { q: "BENCH-0421" });
await firstAndDeepest("product by name, 11 match", { q: "Bench Product 42" });
// Days back from today (the movements are 30 s apart, newest now), in the middle of the data.
const span = Math.floor((total * 30) / 86_400);
const today = new Date();
const day = (offset: number) =>
  new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
const middle = Math.floor(span / 2);
await firstAndDeepest("a week in the middle", { from: day(middle + 6), to: day(middle) });
await firstAndDeepest("from and to: the whole year", { from: day(span), to: day(0) });
await firstAndDeepest("damaged, one staff, 90 days", {
  reason: "damaged",
  staff: staff!.id,
  from: day(Math.min(90, span)),
});
console.log(
  `followed 500 Older links one by one: ${(walk / 1000).toFixed(1)} s (${(walk / 500).toFixed(1)} ms a page)`,
);
const worst = ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`worst deep/first: ${worst[1].toFixed(2)}x, ${worst[0]} (goal ≤ 1.5x)`);

// The CSV of 30 days (or all, on a smaller ledger): every movement, streamed in batches of a thousand.
started = performance.now();
let lines = 0;
for await (const chunk of exportStockMovementsCsv(
  StockMovementListQuerySchema.parse({ from: day(Math.min(span, middle + 29)), to: day(middle) }),
))
  lines += chunk.split("\r\n").length - 1;
const seconds = (performance.now() - started) / 1000;
console.log(
  `CSV export of 30 days: ${lines.toLocaleString("en-CA")} rows in ${seconds.toFixed(1)} s (${Math.round(lines / seconds).toLocaleString("en-CA")} rows/s)`,
);
console.log(`load average ${load()}`);
await handle.close();
