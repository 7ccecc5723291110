// `npm run bench:backup [-- --products 10000 --orders 100000 --seconds 10]`: backups on a large
// store. Seeds the products, customers (one per four orders, with their consent records), orders
// (one to three lines, status history, an invoice each) on the embedded database in a data
// directory (or an empty PostgreSQL database: BENCH_DATABASE_URL), then measures checkout latency
// alone, a backup (time, size) with checkouts running beside it (their p99: how long a backup holds
// checkout back), verification alone, and a restore with `npm run restore` into an empty data
// directory (RTO), and into PostgreSQL too when BENCH_DATABASE_URL is set.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    orders: { type: "string", default: "100000" },
    seconds: { type: "string", default: "10" },
  },
});
const productCount = Number(values.products);
const orderCount = Number(values.orders);
const seconds = Number(values.seconds);
const customerCount = Math.ceil(orderCount / 4);
const pgUrl = process.env.BENCH_DATABASE_URL;

// The store's configuration, before anything reads it.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "budz-bench-backup-"));
process.env.DATA_DIR = path.join(work, "store");
process.env.BACKUP_DIR = path.join(work, "backups");
process.env.ETRANSFER_EMAIL ??= "payments@budzboutique.ca";
process.env.LOG_LEVEL = "warn";
if (pgUrl) process.env.DATABASE_URL = pgUrl;

const { db, migrateDatabase, openPglite, openPostgres, setDatabase } =
  await import("~/server/db.server");
const { takeBackup } = await import("~/server/backup/backup.server");
const { verifyBackup } = await import("~/server/backup/verify.server");
const { placeOrder } = await import("~/server/orders/place-order.server");
const { formatBytes } = await import("~/lib/text");
const { logger } = await import("~/server/logger.server");
logger.level = "warn";

const handle = pgUrl
  ? openPostgres(pgUrl)
  : await openPglite({ dataDir: path.join(process.env.DATA_DIR, "pglite") });
await migrateDatabase(handle, pgUrl);
setDatabase(handle);
const run = (query: ReturnType<typeof sql>) => db().execute(query);

let started = performance.now();
console.log(
  `seeding ${productCount.toLocaleString("en-CA")} products, ${customerCount.toLocaleString("en-CA")} customers and ${orderCount.toLocaleString("en-CA")} orders (${handle.driver})…`,
);
await run(sql`
  insert into products (slug, name, category, selling_price_cents, stock, description)
  select 'bench-' || g, 'Bench Product ' || g, 'flowers', 1000 + g % 5000, 1000,
    'A bench product with a description of a realistic length, ' || repeat('lorem ipsum ', 20)
  from generate_series(1, ${productCount}) g`);
await run(sql`
  insert into products (slug, name, category, selling_price_cents, stock, net_amount_milli)
  values ('bench-checkout', 'Bench Gummies', 'edibles', 1000, 10000000, 1000)`);
await run(sql`
  insert into customers (name, email, phone, address, city, province, postcode, created_at)
  select 'Buyer ' || g, 'buyer' || g || '@example.com', '604-555-0199', g || ' Main St',
    'Vancouver', 'BC', 'V6B 1A1', now() - ((g * 7) % 720 || ' days')::interval
  from generate_series(1, ${customerCount}) g`);
await run(sql`
  insert into consent_records (email, type, source, wording, recorded_at)
  select email, 'implied', 'checkout', 'Bought from the store', created_at from customers`);
await run(sql`
  insert into orders (customer_id, email, shipping_name, shipping_street, shipping_city,
    shipping_province, shipping_postal_code, status, subtotal_cents, total_amount_cents,
    access_token, created_at)
  select c.id, c.email, c.name, '1 Main St', 'Vancouver', 'BC', 'V6B 1A1',
    (array['pending','paid','processing','shipped','delivered','completed','cancelled'])[1 + g % 7],
    2500 * (1 + g % 4), 2500 * (1 + g % 4) + 2000, 'bench-' || g,
    now() - ((g::float8 / ${orderCount}) * 364 || ' days')::interval
  from generate_series(1, ${orderCount}) g
  join customers c on c.customer_number = 1 + g % ${customerCount}`);
await run(sql`
  insert into order_items (order_id, product_id, product_name, quantity, price_at_purchase_cents)
  select o.id, p.id, p.name, 1 + (o.subtotal_cents / 2500) % 3, p.selling_price_cents
  from orders o
  cross join lateral generate_series(1, 1 + (hashtext(o.id::text) & 1023) % 3) line
  join products p on p.slug = 'bench-' || (1 + (hashtext(o.id::text || line) & 1023) % ${productCount})`);
await run(sql`
  insert into order_status_history (order_id, from_status, to_status, changed_by, created_at)
  select id, 'pending', status, 'bench', created_at + interval '1 hour'
  from orders where status <> 'pending'`);
await run(sql`
  insert into invoices (order_id, total_amount_cents, status, invoice_date)
  select id, total_amount_cents, 'pending', created_at from orders`);
await run(sql`analyze`);
if (handle.pglite) await handle.pglite.query("checkpoint");
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const [checkoutProduct] = (
  (await run(sql`select id from products where slug = 'bench-checkout'`)) as unknown as {
    rows: { id: string }[];
  }
).rows;

/** One shopper's checkout, as the checkout page's post does it. */
async function checkout(): Promise<number> {
  const begun = performance.now();
  const placed = await placeOrder({
    email: `bench-${crypto.randomBytes(4).toString("hex")}@example.com`,
    phone: "604-555-0199",
    name: "Bench Shopper",
    street: "1 Test St",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: true,
    couponCode: undefined,
    idempotencyKey: crypto.randomBytes(16).toString("base64url"),
    items: [{ id: checkoutProduct!.id, quantity: 1 }],
  });
  if (!placed.ok) throw new Error(placed.message);
  return performance.now() - begun;
}

/** Two shoppers at a time until `until` resolves (or `ms` passes): every checkout's time. */
async function checkouts(until: Promise<unknown> | number): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  if (typeof until === "number") setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  await Promise.all(
    [0, 1].map(async () => {
      while (!done) {
        times.push(await checkout());
        // PGlite answers in microtasks: give timers and the backup's I/O their turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  return times;
}

const quantile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const describeTimes = (times: number[]) =>
  `${times.length} checkouts, p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`;

// One checkout alone first (it reads the store's settings once, as a running server has).
await checkout();
await checkouts(2000); // warm-up
const alone = await checkouts(seconds * 1000);
console.log(`checkout alone:          ${describeTimes(alone)}`);

started = performance.now();
const backup = takeBackup({ reason: "command" });
const during = await checkouts(backup);
const outcome = await backup;
const backupMs = performance.now() - started;
if (outcome.status !== "done")
  throw new Error(`backup ${outcome.status}: ${JSON.stringify(outcome)}`);
const file = path.join(process.env.BACKUP_DIR, outcome.backup.name);
console.log(`checkout during backup:  ${describeTimes(during)}`);
console.log(
  `backup: ${(backupMs / 1000).toFixed(1)} s including its verification (${(outcome.backup.verification!.ms / 1000).toFixed(1)} s), ${formatBytes(outcome.backup.size)}, ${outcome.backup.rows.toLocaleString("en-CA")} rows`,
);

started = performance.now();
const verification = await verifyBackup(file, pgUrl);
console.log(
  `verify alone: ${((performance.now() - started) / 1000).toFixed(1)} s into ${verification.into} (${verification.ok ? "ok" : verification.problems.join("; ")})`,
);
await handle.close();

/** `npm run restore -- FILE` as an operator runs it (a process of its own): its time. */
function restore(env: Record<string, string | undefined>): Promise<number> {
  const begun = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("close", (code) =>
      code === 0 ? resolve(performance.now() - begun) : reject(new Error(`restore failed: ${out}`)),
    ),
  );
}

const restoredDir = path.join(work, "restored");
console.log(
  `restore into an empty DATA_DIR (embedded): ${((await restore({ DATA_DIR: restoredDir })) / 1000).toFixed(1)} s`,
);
if (pgUrl) {
  const name = `budz_bench_restore_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(pgUrl);
  target.pathname = `/${name}`;
  try {
    const ms = await restore({
      DATA_DIR: path.join(work, "restored-pg"),
      DATABASE_URL: target.toString(),
    });
    console.log(`restore into an empty PostgreSQL database: ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
fs.rmSync(work, { recursive: true, force: true });
