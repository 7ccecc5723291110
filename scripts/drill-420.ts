// `npm run drill:420 [-- --minutes 10 --products 2000 --users 32 --database-url postgres://…]`:
// the 4/20 drill on loopback (docs/operations/several-instances.md). One PostgreSQL, one S3 bucket
// (s3rver), two instances of the production build (each its own DATA_DIR, STORAGE=s3,
// BACKUP_BUCKET, the same SECRETS_KEY and SESSION_SECRET) behind HAProxy (scripts/drill/haproxy.ts),
// a seeded catalogue, then --minutes of mixed traffic through HAProxy. Halfway one instance is
// killed with kill -9 and started again. Prints a markdown table and exits 1 when a goal is missed.
//
// PostgreSQL: --database-url (or DATABASE_URL) names a server the drill may create a database on
// (budz_drill_…, dropped at the end unless --keep); without one the drill runs itself again inside
// scripts/with-postgres.sh (a throwaway cluster; PG_TEST_PORT, default 54361). Needs a build
// (`npm run build`) and HAProxy (`apt-get install haproxy`; HAPROXY names another binary).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startS3Server } from "../tests/fixtures/s3-server";
import { adminSessionCookie } from "./admin-sign-in";
import { startHaproxy } from "./drill/haproxy";
import { processMemory } from "./process-memory";
import { npmStartCommand } from "./start-command";

const USAGE = `Usage: npm run drill:420 -- [options]

  --minutes N        minutes of traffic (default 10; 1 for a quick run)
  --products N       catalogue size seeded (default 2000)
  --users N          concurrent virtual users (default 32)
  --hot N            hot products with limited stock (default 4)
  --hot-stock N      units of each hot product (default 60 per minute of traffic)
  --database-url U   a PostgreSQL server to create the drill's database on (else DATABASE_URL,
                     else a throwaway cluster from scripts/with-postgres.sh)
  --port N           HAProxy's port (default 3420; the instances take the next two)
  --keep             keep the temporary directory and the database
  --help             this text

Checks: no 5xx reached a client but POSTs in flight on the killed instance (each retried by the
client with its idempotency key); orders acknowledged = orders stored; no hot product oversold;
npm run stock:check clean. Exit 1 when one is missed.`;

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    products: { type: "string", default: "2000" },
    users: { type: "string", default: "32" },
    hot: { type: "string", default: "4" },
    "hot-stock": { type: "string" },
    "database-url": { type: "string" },
    port: { type: "string", default: "3420" },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const number = (name: keyof typeof values, min: number) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number of at least ${min}\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
};
const minutes = number("minutes", 0.1);
const productCount = number("products", 10);
const users = number("users", 1);
const hotCount = number("hot", 1);
const hotStock = values["hot-stock"] ? number("hot-stock", 1) : Math.ceil(60 * minutes);
const proxyPort = number("port", 1);
const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

// Without a PostgreSQL: again, inside a throwaway cluster (as npm run battery does).
const serverUrl =
  values["database-url"] ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  const run = spawnSync(
    "bash",
    ["scripts/with-postgres.sh", process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: "inherit",
      env: { ...process.env, PG_TEST_PORT: process.env.PG_TEST_PORT ?? "54361" },
    },
  );
  process.exit(run.status ?? 1);
}
if (!fs.existsSync("build/server/index.js")) {
  console.error("No production build: run npm run build first.");
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "budz-drill-"));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── the database, the bucket, the catalogue ──
const databaseName = `budz_drill_${crypto.randomBytes(4).toString("hex")}`;
{
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
}
const databaseUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${databaseName}`;
  return u.toString();
})();
const BUCKET = "budz-drill";
const s3 = await startS3Server([BUCKET]);
const publicUrl = `http://127.0.0.1:${proxyPort}`;
const ADMIN = { username: "drill-owner", password: "drill-owner-password-1" };
const shared = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  DATABASE_URL: databaseUrl,
  ...s3.env(BUCKET),
  BACKUP_BUCKET: BUCKET,
  SECRETS_KEY: crypto.randomBytes(24).toString("hex"),
  SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: "1",
  SEED_SAMPLE_DATA: "0",
  ETRANSFER_EMAIL: "payments@drill.example",
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
};

log(`seeding ${productCount} products into ${databaseName}…`);
// Not spawnSync: s3rver runs in this process and must keep answering.
const seeded = await runAsync(
  [
    "tsx",
    "scripts/db-seed.ts",
    "--products",
    String(productCount),
    "--customers",
    "300",
    "--orders",
    "600",
  ],
  { env: { ...process.env, ...shared, DATA_DIR: path.join(work, "seed") }, stdio: "inherit" },
);
if (seeded !== 0) throw new Error("seeding failed");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const rows = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
  (await pool.query<T>(text, params)).rows;

/** Hot products (no sizes, --hot-stock units each through the stock ledger) and shoppers. */
async function prepare() {
  const { openPostgres } = await import("~/server/db.server");
  const { products, shopperAccounts } = await import("~/server/db-tables");
  const { moveStock } = await import("~/server/inventory/stock-ledger.server");
  const { hashPassword } = await import("~/server/auth/password.server");
  const handle = openPostgres(databaseUrl, 2);
  try {
    const hot: string[] = [];
    for (let i = 1; i <= hotCount; i++) {
      const [row] = await handle.db
        .insert(products)
        .values({
          slug: `four-twenty-special-${i}`,
          name: `Four Twenty Special ${i}`,
          category: "edibles",
          sellingPriceCents: 1500 + i * 100,
          netAmountMilli: 10_000,
          stock: 0,
          status: "active",
        })
        .returning({ id: products.id });
      await handle.db.transaction(async (tx) => {
        const moved = await moveStock(tx, {
          productId: row!.id,
          variationId: null,
          change: { set: hotStock },
          reason: "count_correction",
          note: "4/20 drill",
        });
        if (!moved.ok) throw new Error(moved.message);
      });
      hot.push(row!.id);
    }
    const passwordHash = await hashPassword("drill-shopper-1");
    const shoppers = Array.from({ length: 20 }, (_, i) => `drill-shopper-${i}@example.com`);
    await handle.db
      .insert(shopperAccounts)
      .values(shoppers.map((email) => ({ email, passwordHash, emailVerifiedAt: new Date() })));
    return { hot, shoppers };
  } finally {
    await handle.close();
  }
}
const { hot, shoppers } = await prepare();
const catalogue = await rows<{ slug: string; category: string }>(
  "select slug, category from products where status = 'active' and slug not like 'four-twenty-%' order by random() limit 400",
);
const sized = await rows<{ product_id: string; variation_id: string | null }>(
  `select p.id as product_id, v.id as variation_id from products p
     left join product_variations v on v.product_id = p.id
   where p.slug not like 'four-twenty-%' order by random() limit 200`,
);
const words = [...new Set(catalogue.flatMap((p) => p.slug.split("-")).filter((w) => w.length > 3))];

// ── the instances and HAProxy ──
interface Instance {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
}
async function startInstance(name: string, port: number, dataDir: string): Promise<Instance> {
  const [command, args] = npmStartCommand();
  const out = fs.openSync(path.join(work, `${name}.log`), "a");
  const child = spawn(command, args, {
    env: { ...process.env, ...shared, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", out, out],
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${work}/${name}.log)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok)
        return { name, port, dataDir, child };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${name} did not start (${work}/${name}.log)`);
}
const dirs = ["a", "b"].map((n) => path.join(work, `data-${n}`));
dirs.forEach((dir) => fs.mkdirSync(dir, { recursive: true }));
const instances = await Promise.all([
  startInstance("a", proxyPort + 1, dirs[0]!),
  startInstance("b", proxyPort + 2, dirs[1]!),
]);
const proxy = await startHaproxy(work, proxyPort, [proxyPort + 1, proxyPort + 2]);
for (let i = 0; i < 40; i++) {
  const stats = await proxy.stats();
  if (stats["store/a"]?.status === "UP" && stats["store/b"]?.status === "UP") break;
  await sleep(250);
}

// ── the traffic ──
const base = proxy.url;
const ADULT = "age_verified=true";
const form = { Origin: publicUrl, "Content-Type": "application/x-www-form-urlencoded" };
const adminCookie = await adminSessionCookie(base, ADMIN);
const shopperCookies: string[] = [];
for (const email of shoppers.slice(0, 10)) {
  const response = await fetch(`${base}/account/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: form,
    body: new URLSearchParams({ intent: "password", email, password: "drill-shopper-1" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`shopper sign-in: ${response.status}`);
  shopperCookies.push(`${ADULT}; ${cookie}`);
}

type Kind = "browse" | "search" | "cart" | "checkout" | "account" | "staff orders" | "staff stock";
const KINDS: [Kind, number][] = [
  ["browse", 42],
  ["search", 16],
  ["cart", 14],
  ["checkout", 8],
  ["account", 8],
  ["staff orders", 7],
  ["staff stock", 5],
];
const figures = new Map<Kind, { times: number[]; refused: number; errors: number }>(
  KINDS.map(([k]) => [k, { times: [], refused: 0, errors: 0 }]),
);
/** 5xx or dropped connections that reached the client: [kind, method, status, at]. */
const failures: { kind: Kind; method: string; status: number; at: number; retried: boolean }[] = [];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
let acknowledged = 0;
let checkoutsRetried = 0;
/** GETs cut by the kill and loaded again by the client. */
let getsReloaded = 0;

/** One request; a 5xx or a dropped connection is counted (refusals, 4xx, are the store's answers). */
async function request(
  kind: Kind,
  url: string,
  init: RequestInit = {},
  failed?: (failure: (typeof failures)[number]) => void,
): Promise<Response | null> {
  const started = performance.now();
  const send = async () => {
    try {
      const answer = await fetch(base + url, { redirect: "manual", ...init });
      await answer.arrayBuffer();
      return answer;
    } catch {
      return null;
    }
  };
  let response = await send();
  // A page whose answer was cut (its instance killed while it was being sent, too late for HAProxy
  // to retry) is loaded again, as a browser's reload would: reads are safe to repeat.
  if (!response && (init.method ?? "GET") === "GET") {
    getsReloaded++;
    response = await send();
  }
  const f = figures.get(kind)!;
  f.times.push(performance.now() - started);
  const status = response?.status ?? 0;
  if (status === 0 || status >= 500) {
    f.errors++;
    const failure = { kind, method: init.method ?? "GET", status, at: Date.now(), retried: false };
    failures.push(failure);
    failed?.(failure);
  } else if (status >= 400) f.refused++;
  return response;
}

async function browse() {
  const product = pick(catalogue);
  const url = pick([
    "/",
    `/category/${product.category}`,
    `/products/${product.slug}`,
    `/products/${product.slug}`,
    "/products?sort=price-asc",
    "/about",
  ]);
  await request("browse", url, { headers: { Cookie: ADULT } });
}
async function search() {
  await request("search", `/search?q=${encodeURIComponent(pick(words))}`, {
    headers: { Cookie: ADULT },
  });
}
async function cart() {
  const items = [{ id: pick(hot), quantity: 1 + Math.floor(Math.random() * 2) }];
  await request("cart", `/cart/quote?items=${encodeURIComponent(JSON.stringify(items))}`, {
    headers: { Cookie: ADULT },
  });
}
/** A shopper's order: pressed again (same idempotency key) when the answer was lost or a 5xx. */
async function checkout() {
  const key = crypto.randomBytes(18).toString("base64url");
  const body = new URLSearchParams({
    email: `drill-${key.slice(0, 8)}@example.com`,
    phone: "604-555-0199",
    name: "Drill Shopper",
    street: "1 Test St",
    city: "Vancouver",
    province: "BC",
    postalCode: "V6B 1A1",
    ageConfirmed: "on",
    idempotencyKey: key,
    items: JSON.stringify([{ id: pick(hot), quantity: 1 + Math.floor(Math.random() * 2) }]),
  });
  let last: (typeof failures)[number] | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt > 0) {
      checkoutsRetried++;
      last!.retried = true;
      await sleep(500 * attempt);
    }
    const response = await request(
      "checkout",
      "/checkout",
      { method: "POST", headers: form, body },
      (failure) => (last = failure),
    );
    if (!response || response.status >= 500) continue;
    if (response.status === 302 && /^\/orders\//.test(response.headers.get("location") ?? ""))
      acknowledged++;
    return;
  }
}
async function account() {
  await request("account", pick(["/account", "/account/orders"]), {
    headers: { Cookie: pick(shopperCookies) },
  });
}
/** Staff on Orders: the list, or one order a step on (mark paid, then processing). */
async function staffOrders() {
  const admin = { Cookie: adminCookie };
  if (Math.random() < 0.6) {
    await request(
      "staff orders",
      pick(["/budzadmin/dashboard/orders", "/budzadmin/dashboard/orders?status=pending"]),
      { headers: admin },
    );
    return;
  }
  const [order] = await rows<{ order_number: string; status: string; total_amount_cents: number }>(
    "select order_number, status, total_amount_cents from orders where status in ('pending', 'paid') order by random() limit 1",
  );
  if (!order) return;
  const fields: Record<string, string> =
    order.status === "pending"
      ? {
          intent: "paid",
          from: "pending",
          reference: `DRILL${Date.now() % 1e6}`,
          amountReceived: (order.total_amount_cents / 100).toFixed(2),
        }
      : { intent: "processing", from: "paid", note: "" };
  await request("staff orders", `/budzadmin/dashboard/orders/${order.order_number}`, {
    method: "POST",
    headers: { ...form, ...admin },
    body: new URLSearchParams(fields),
  });
}
/** Staff adjusting the stock of a catalogue product (never a hot one). */
async function staffStock() {
  const target = pick(sized);
  const add = Math.random() < 0.6;
  await request("staff stock", `/budzadmin/dashboard/products/${target.product_id}/stock`, {
    method: "POST",
    headers: { ...form, Cookie: adminCookie },
    body: new URLSearchParams({
      variationId: target.variation_id ?? "",
      mode: add ? "add" : "remove",
      quantity: String(1 + Math.floor(Math.random() * 3)),
      reason: "count_correction",
      note: "4/20 drill count",
    }),
  });
}
const RUN: Record<Kind, () => Promise<void>> = {
  browse,
  search,
  cart,
  checkout,
  account,
  "staff orders": staffOrders,
  "staff stock": staffStock,
};
const totalWeight = KINDS.reduce((sum, [, w]) => sum + w, 0);
function nextKind(): Kind {
  let r = Math.random() * totalWeight;
  for (const [kind, weight] of KINDS) if ((r -= weight) < 0) return kind;
  return "browse";
}

const durationMs = minutes * 60_000;
const startedAt = Date.now();
const drillStart = new Date(startedAt - 1000);
let stopping = false;
log(
  `${users} users for ${minutes} min through HAProxy ${base} (instances :${proxyPort + 1} :${proxyPort + 2}); logs in ${work}`,
);
const traffic = Promise.all(
  Array.from({ length: users }, async () => {
    while (!stopping) await RUN[nextKind()]();
  }),
);

// Halfway (at 40 %): kill -9 one instance, start it again on the same port and data directory.
await sleep(durationMs * 0.4);
const { killedAt, backAt } = await killAndRestart(1);
await sleep(Math.max(0, startedAt + durationMs - Date.now()));
stopping = true;
await traffic;
const elapsed = (Date.now() - startedAt) / 1000;

// ── the figures ──
const memory = instances.map((i) => ({ name: i.name, ...processMemory(i.child.pid!) }));
const stats = await proxy.stats();
const backend = stats["store/BACKEND"] ?? {};
const frontend = stats["drill/FRONTEND"] ?? {};
await proxy.stop();
await Promise.all(
  instances.map((i) => {
    i.child.kill("SIGTERM");
    return new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once("exit", r)));
  }),
);
const [{ stored }] = await rows<{ stored: number }>(
  "select count(*)::int as stored from orders where created_at >= $1",
  [drillStart.toISOString()],
);
const hotRows = await rows<{ name: string; stock: number; sold: number }>(
  `select p.name, p.stock,
     (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
       where i.product_id = p.id and o.status <> 'cancelled') as sold
   from products p where p.id = any($1::uuid[]) order by p.name`,
  [hot],
);
await pool.end();
const stockCheck = {
  status: await runAsync(["tsx", "scripts/stock-check.ts"], {
    env: { ...process.env, ...shared, DATA_DIR: path.join(work, "seed") },
    stdio: "inherit",
  }),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/** In flight on the killed instance: failed within 3 s of the kill (before HAProxy saw it down). */
const inFlight = (f: (typeof failures)[number]) => f.at >= killedAt && f.at <= killedAt + 3000;
const getFailures = failures.filter((f) => f.method === "GET");
const postsInFlight = failures.filter((f) => f.method !== "GET" && inFlight(f));
const postsOther = failures.filter((f) => f.method !== "GET" && !inFlight(f));
const unretried = postsInFlight.filter((f) => f.kind === "checkout" && !f.retried);
const oversold = hotRows.filter((h) => h.stock < 0 || h.sold + h.stock !== hotStock);

const goals: [string, string, boolean][] = [
  ["5xx on GETs reaching a client", String(getFailures.length), getFailures.length === 0],
  [
    "5xx on POSTs in flight on the killed instance (client retried)",
    `${postsInFlight.length} (${unretried.length} checkout not retried)`,
    unretried.length === 0,
  ],
  ["5xx on POSTs otherwise", String(postsOther.length), postsOther.length === 0],
  ["orders acknowledged = orders stored", `${acknowledged} = ${stored}`, acknowledged === stored],
  [
    `hot products: stock ≥ 0, sold + left = ${hotStock}`,
    hotRows.map((h) => `${h.sold}+${h.stock}`).join(", "),
    oversold.length === 0,
  ],
  [
    "npm run stock:check",
    stockCheck.status === 0 ? "clean" : "DIFFERENCES",
    stockCheck.status === 0,
  ],
];

const ms = (v: number) => v.toFixed(1);
const table: string[] = [
  `4/20 drill, ${new Date().toISOString().slice(0, 10)}: ${minutes} min, ${users} users, ${productCount} products, 2 instances on PostgreSQL + s3rver behind HAProxy ${(await haproxyVersion()) ?? ""}, instance b killed with kill -9 at ${((killedAt - startedAt) / 1000).toFixed(0)} s and back ${((backAt - killedAt) / 1000).toFixed(1)} s later, ${os.cpus().length} CPUs.`,
  "",
  "| Kind | Requests | req/s | p50 ms | p99 ms | Refused (4xx) | 5xx / dropped |",
  "|---|---:|---:|---:|---:|---:|---:|",
];
let total = 0;
for (const [kind] of KINDS) {
  const f = figures.get(kind)!;
  const sorted = [...f.times].sort((x, y) => x - y);
  total += sorted.length;
  table.push(
    `| ${kind} | ${sorted.length} | ${(sorted.length / elapsed).toFixed(1)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${f.refused} | ${f.errors} |`,
  );
}
table.push(`| **all** | ${total} | ${(total / elapsed).toFixed(1)} | | | | ${failures.length} |`);
table.push(
  "",
  `HAProxy: ${backend.wretr ?? "?"} retries, ${backend.wredis ?? "?"} redispatches, ${frontend.hrsp_5xx ?? "?"} 5xx answered to clients; checkouts pressed again by the client: ${checkoutsRetried}; pages cut by the kill and loaded again: ${getsReloaded}; orders placed: ${acknowledged}.`,
  `Failures seen by clients (kind method status, s after start): ${failures.map((f) => `${f.kind} ${f.method} ${f.status || "dropped"} @${((f.at - startedAt) / 1000).toFixed(1)}`).join("; ") || "none"}.`,
  `Memory at the end (RSS): ${memory.map((m) => `${m.name} ${m.rssMiB} MiB (peak ${m.peakMiB})`).join(", ")} (b since its restart).`,
  "",
  "| Goal | Figure | |",
  "|---|---|---|",
  ...goals.map(([goal, figure, ok]) => `| ${goal} | ${figure} | ${ok ? "✓" : "✗ missed"} |`),
);
console.log(`\n${table.join("\n")}\n`);

await s3.stop();
if (!values.keep) {
  fs.rmSync(work, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  await admin.end();
} else log(`kept ${work} and database ${databaseName}`);
process.exit(goals.every(([, , ok]) => ok) ? 0 : 1);

/** kill -9 instance `index`, then start it again on its port and data directory. */
async function killAndRestart(index: number) {
  const victim = instances[index]!;
  log(`kill -9 instance ${victim.name} (pid ${victim.child.pid})`);
  const killed = Date.now();
  victim.child.kill("SIGKILL");
  await new Promise((r) => victim.child.once("exit", r));
  await sleep(2000);
  instances[index] = await startInstance(victim.name, victim.port, victim.dataDir);
  const back = Date.now();
  log(`instance ${victim.name} back after ${((back - killed) / 1000).toFixed(1)} s`);
  return { killedAt: killed, backAt: back };
}

/** `npx ARGS` to its end, without blocking this process (s3rver answers from it). */
function runAsync(args: string[], options: Parameters<typeof spawn>[2]): Promise<number | null> {
  const child = spawn("npx", args, options);
  return new Promise((resolve) => child.on("exit", resolve));
}

async function haproxyVersion() {
  const out = spawnSync(process.env.HAPROXY ?? "/usr/sbin/haproxy", ["-v"], { encoding: "utf8" });
  return /version (\S+)/.exec(out.stdout ?? "")?.[1];
}
