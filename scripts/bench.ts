// `npm run bench [-- --products 10000 --duration 10 --connections 20 --stock 1000]`: loads each
// storefront page of the production build under concurrent load, served from the page cache and
// rendered (a cookie the cache does not know makes it bypass), side by side with the same server
// sending a static file of the same size (the ceiling for this machine); then the cart quote, and
// a checkout run: --stock units of one product bought one per order by 20 concurrent shoppers
// (orders per second, p99, and exactly --stock sold).
// Needs a build (`npm run build`; BUILD_DIR is honoured). Uses its own DATA_DIR (default
// .tmp/bench-data) holding a catalogue of --products products, seeded once; with DATABASE_URL set
// the server and the catalogue use that PostgreSQL database instead (give it its own --data-dir,
// which then only remembers that it was seeded). --checkout-only skips the pages and the cart quote.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { adminSessionCookie } from "./admin-sign-in";
import { processMemory } from "./process-memory";
import { npmStartCommand } from "./start-command";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3299" },
    stock: { type: "string", default: "1000" },
    "data-dir": { type: "string", default: ".tmp/bench-data" },
    "analyze-only": { type: "boolean", default: false },
    "checkout-only": { type: "boolean", default: false },
    /** Only the pages whose name contains this (e.g. "category"); the checkout run is skipped. */
    pages: { type: "string" },
  },
});

if (values["analyze-only"]) {
  const { openConfiguredDatabase, closeDatabase } = await import("~/server/boot.server");
  const { db } = await import("~/server/db.server");
  const { sql } = await import("drizzle-orm");
  const { release } = await openConfiguredDatabase();
  await db().execute(sql`analyze`);
  await closeDatabase(release);
  process.exit(0);
}
const products = Number(values.products);
const duration = Number(values.duration);
const connections = Number(values.connections);
const port = Number(values.port);
const dataDir = path.resolve(values["data-dir"]!);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const base = `http://localhost:${port}`;
const headers = { cookie: "age_verified=true", "accept-encoding": "gzip" };
/** The same visitor with a cookie the page cache does not know: it renders every page. */
const uncachedHeaders = { ...headers, cookie: "age_verified=true; bench=uncached" };
const stock = Number(values.stock);

if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}: run npm run build first.`);
  process.exit(1);
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  BUILD_DIR: buildDir,
  PORT: String(port),
  LOG_LEVEL: "warn",
  SEED_SAMPLE_DATA: "0",
  ETRANSFER_EMAIL: "payments@bench.example",
  ADMIN_USERNAME: "bench",
  ADMIN_PASSWORD: "bench-password-not-for-use",
};

function seedOnce() {
  const marker = path.join(dataDir, `bench-catalogue-${products}`);
  if (fs.existsSync(marker)) return;
  console.log(`Seeding ${products} products into ${dataDir} (once)…`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const result = spawnSync(
    "npx",
    [
      "tsx",
      "scripts/db-seed.ts",
      "--products",
      String(products),
      "--customers",
      "50",
      "--orders",
      "100",
    ],
    { env, stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("seeding failed");
  // PGlite runs no autovacuum: gather planner statistics as PostgreSQL would shortly after a load.
  const analyze = spawnSync("npx", ["tsx", "scripts/bench.ts", "--analyze-only"], {
    env,
    stdio: "inherit",
  });
  if (analyze.status !== 0) throw new Error("analyze failed");
  // On PostgreSQL nothing else creates the directory that remembers the seeding.
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(marker, new Date().toISOString());
}

async function startServer(): Promise<ChildProcess> {
  // Started as `npm start` starts it. BENCH_NODE_FLAGS: more flags for the server's node, e.g.
  // --cpu-prof to see where a run's time goes.
  const [command, args] = npmStartCommand();
  const child = spawn(command, args, {
    env: { ...env, NODE_OPTIONS: process.env.BENCH_NODE_FLAGS ?? "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("the server did not start");
}

async function get(url: string): Promise<string> {
  const response = await fetch(base + url, { headers: { cookie: headers.cookie } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Follows the Next links of a listing to page `page` (keyset cursors cannot be guessed). */
async function deepPageUrl(listing: string, page: number): Promise<string> {
  let url = listing;
  for (let i = 1; i < page; i++) {
    const next = /<a [^>]*href="([^"]+)"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="([^"]+)"/.exec(
      await get(url),
    );
    if (!next) throw new Error(`${listing} has fewer than ${page} pages`);
    url = (next[1] ?? next[2]!).replaceAll("&amp;", "&");
    if (!url.startsWith("/")) url = listing.split("?")[0] + url;
  }
  return url;
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(
  url: string,
  requestHeaders: Record<string, string> = headers,
): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base + url, connections, duration, headers: requestHeaders },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.non2xx,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
const ms = (v: number) => `${v.toFixed(1)}`;
const row = (f: Figures) => `${pad(Math.round(f.rps), 7)}${pad(ms(f.p50), 7)}${pad(ms(f.p99), 7)}`;
const share = (f: Figures, ceiling: Figures) =>
  ceiling.rps > 0 ? `${Math.round((f.rps / ceiling.rps) * 100)}%` : "n/a";

/** The bench's database while the server is not running: DATABASE_URL's, else the PGlite one. */
async function openBenchDatabase() {
  const { openPglite, openPostgres } = await import("~/server/db.server");
  return process.env.DATABASE_URL
    ? openPostgres(process.env.DATABASE_URL, 1)
    : openPglite({ dataDir: path.join(dataDir, "pglite") });
}

/**
 * The checkout run's product: `stock` units, reset before every run (the server is not running)
 * through the stock ledger, as staff would count it: sales take units from its lots.
 */
async function prepareCheckoutProduct(): Promise<{ id: string; since: Date }> {
  const { products } = await import("~/server/db-tables");
  const { moveStock } = await import("~/server/inventory/stock-ledger.server");
  const { eq, sql } = await import("drizzle-orm");
  const handle = await openBenchDatabase();
  try {
    const [product] = await handle.db
      .insert(products)
      .values({
        slug: "bench-checkout",
        name: "Bench Checkout",
        category: "edibles",
        sellingPriceCents: 1500,
        // A 10 g edible: the 30 g limit counts it (0.67 g dried), and refuses a unit without one.
        netAmountMilli: 10_000,
        stock: 0,
        status: "active",
      })
      .onConflictDoUpdate({
        target: products.slug,
        set: { status: "active", netAmountMilli: 10_000 },
      })
      .returning({ id: products.id });
    const id = product!.id;
    await handle.db.transaction(async (tx) => {
      // A bench directory from before lots had its stock set behind the ledger: start from its lots.
      await tx
        .update(products)
        .set({
          stock: sql`coalesce((select sum(l.on_hand) from stock_lots l where l.product_id = ${id} and l.variation_id is null), 0)`,
        })
        .where(eq(products.id, id));
      const counted = await moveStock(tx, {
        productId: id,
        variationId: null,
        change: { set: stock },
        reason: "count_correction",
        note: "Bench checkout run",
      });
      if (!counted.ok) throw new Error(counted.message);
    });
    return { id, since: new Date() };
  } finally {
    await handle.close();
  }
}

/** What the database says after the run: units of the product sold since `since`, and left. */
async function checkoutOutcome(productId: string, since: Date) {
  const { sql } = await import("drizzle-orm");
  const handle = await openBenchDatabase();
  try {
    const result = (await handle.db.execute(sql`
      select
        (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
          where i.product_id = ${productId} and o.created_at >= ${since.toISOString()}) as sold,
        (select stock from products where id = ${productId}) as "left"`)) as unknown as {
      rows: { sold: number; left: number }[];
    };
    return result.rows[0]!;
  } finally {
    await handle.close();
  }
}

/** 20 (--connections) shoppers buying one unit each until `stock` + 100 attempts were made. */
async function checkoutRun(productId: string) {
  const attempts = stock + 100;
  let next = 0;
  let acknowledged = 0;
  let lastAck = 0;
  const times: number[] = [];
  /** Answers other than an order (HTTP status → count): the refusals once stock runs out. */
  const refused = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (next < attempts) {
        const n = next++;
        const form = new URLSearchParams({
          email: `bench-${worker}-${n}@example.com`,
          phone: "604-555-0199",
          name: "Bench Shopper",
          street: "1 Test St",
          city: "Vancouver",
          province: "BC",
          postalCode: "V6B 1A1",
          ageConfirmed: "on",
          idempotencyKey: crypto.randomBytes(18).toString("base64url"),
          items: JSON.stringify([{ id: productId, quantity: 1 }]),
        });
        const t = performance.now();
        const response = await fetch(`${base}/checkout`, {
          method: "POST",
          body: form,
          redirect: "manual",
          headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        });
        await response.arrayBuffer();
        times.push(performance.now() - t);
        if (response.status === 302 && /^\/orders\//.test(response.headers.get("location") ?? "")) {
          acknowledged++;
          lastAck = performance.now();
        } else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const seconds = (lastAck - started) / 1000;
  return {
    attempts,
    acknowledged,
    ordersPerSecond: seconds > 0 ? acknowledged / seconds : 0,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    refused: [...refused].map(([status, count]) => `${count}× ${status}`).join(", ") || "none",
  };
}

/** Each page cached, rendered and as a static file of the same size; then the cart quote. */
async function pageRuns() {
  const products1 = await get("/sitemaps/products-1.xml");
  const productPath = new URL(/<loc>([^<]*\/products\/[^<]+)<\/loc>/.exec(products1)![1]!).pathname;
  // [name, url, cacheable]; deep pages are found by following Next links, only when measured.
  const targets: [string, () => Promise<string> | string, boolean][] = [
    ["home", () => "/", true],
    ["category p1", () => "/category/flowers", true],
    ["category last", () => deepPageUrl("/category/flowers", Math.floor(products / 7 / 24)), true],
    ["all p1", () => "/products?sort=price-asc", true],
    ["all p200", () => deepPageUrl("/products?sort=price-asc", 200), true],
    ["product", () => productPath, true],
    ["content", () => "/about", true],
    ["sitemap index", () => "/sitemap.xml", true],
    ["sitemap file", () => "/sitemaps/products-1.xml", true],
    ["search", () => "/search?q=blue", false],
    // French: accents folded and French word forms ("resine" finds "résine", "résines").
    ["search fr", () => "/fr/search?q=resine", false],
  ];
  console.log(
    `${"page".padEnd(14)}${pad("bytes", 8)} │ cached:${pad("req/s", 7)}${pad("p50", 7)}${pad("p99", 7)} │ rendered:${pad("req/s", 7)}${pad("p50", 7)}${pad("p99", 7)} │ static:${pad("req/s", 7)}${pad("p50", 7)}${pad("p99", 7)} │ % of ceiling: cached rendered`,
  );
  for (const [name, urlOf, cacheable] of targets) {
    if (values.pages && !name.includes(values.pages)) continue;
    const url = await urlOf();
    const html = await get(url);
    const file = `bench-static-${name.replace(/\W+/g, "-")}.html`;
    fs.writeFileSync(path.join(buildDir, "client", file), html);
    staticFiles.push(path.join(buildDir, "client", file));
    await get(url); // the first visit fills the cache
    const cached = cacheable ? await load(url) : undefined;
    const rendered = await load(url, uncachedHeaders);
    const ceiling = await load(`/${file}`);
    const errors = (cached?.errors ?? 0) + rendered.errors;
    console.log(
      `${name.padEnd(14)}${pad(Buffer.byteLength(html), 8)} │        ${cached ? row(cached) : pad("(not cached)", 21)} │          ${row(rendered)} │        ${row(ceiling)} │ ${pad(cached ? share(cached, ceiling) : "-", 20)} ${pad(share(rendered, ceiling), 8)}${errors ? `  (${errors} errors)` : ""}`,
    );
  }
  const quoteUrl = `/cart/quote?items=${encodeURIComponent(JSON.stringify([{ id: checkoutProduct.id, quantity: 2 }]))}`;
  await get(quoteUrl);
  const quote = await load(quoteUrl);
  console.log(
    `\ncart quote    req/s ${Math.round(quote.rps)} · p50 ${ms(quote.p50)} · p99 ${ms(quote.p99)} ms${quote.errors ? ` (${quote.errors} errors)` : ""}`,
  );
}

seedOnce();
const checkoutProduct = await prepareCheckoutProduct();
const server = await startServer();
const staticFiles: string[] = [];
await new Promise((resolve) => setTimeout(resolve, 5000)); // let the start settle
const restingRss = processMemory(server.pid!).rssMiB;
/** Resident memory at rest, at peak and after the runs (before the server stops). */
function printMemory() {
  const { rssMiB, peakMiB } = processMemory(server.pid!);
  console.log(
    `memory        at rest ${restingRss} MiB · peak ${peakMiB} MiB · after ${rssMiB} MiB (RSS)`,
  );
}
try {
  const load1 = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(
    `\n${products} products · ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"} · ${connections} connections · ${duration}s per run · gzip · load average ${load1} · ${new Date().toISOString()}\n`,
  );
  if (!values["checkout-only"]) await pageRuns();
  if (!values.pages) await imageUploadRun();
  if (!values.pages) await checkoutRuns();
  else printMemory();
  console.log(
    "\nLatencies in ms. cached = from the page cache; rendered = a cookie the cache does not know,\nso the page is rendered; static = the same server sending a file of the same size.",
  );
} finally {
  for (const file of staticFiles) fs.rmSync(file, { force: true });
  server.kill("SIGTERM");
}

/** A full-frame camera's photo (36 megapixels) uploaded to the image library by a signed-in admin. */
async function imageUploadRun() {
  const cookie = await adminSessionCookie(base, {
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
  });
  const { default: sharp } = await import("sharp");
  const [width, height] = [7360, 4912];
  // A smooth picture with fine grain, so the JPEG has a camera photo's size (about 6.7 MB).
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < pixels.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const [x, y, grain] = [(i / 3) % width, Math.floor(i / 3 / width), (seed >> 16) & 15];
    pixels[i] = ((x * 255) / width + grain) & 255;
    pixels[i + 1] = ((y * 255) / height + grain) & 255;
    pixels[i + 2] = ((x + y) >> 5) & 255;
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([jpeg], "full-frame.jpg", { type: "image/jpeg" }));
  const started = performance.now();
  const response = await fetch(`${base}/budzadmin/dashboard/images/upload`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base },
    body: form,
  });
  if (response.status !== 201) throw new Error(`the image upload answered ${response.status}`);
  console.log(
    `\nimage upload  ${width}×${height} (${((width * height) / 1e6).toFixed(1)} MP) JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB stored with its variants in ${ms(performance.now() - started)} ms`,
  );
}

async function checkoutRuns() {
  const run = await checkoutRun(checkoutProduct.id);
  printMemory();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  const outcome = await checkoutOutcome(checkoutProduct.id, checkoutProduct.since);
  console.log(
    `checkout      ${connections} concurrent · ${run.attempts} attempts for ${stock} in stock · ${run.acknowledged} orders at ${run.ordersPerSecond.toFixed(1)} orders/s · p50 ${ms(run.p50)} · p99 ${ms(run.p99)} ms · sold ${outcome.sold}, left ${outcome.left}, refused ${run.refused} (${outcome.sold === stock && outcome.left === 0 && run.acknowledged === stock ? "exactly N sold" : "MISMATCH"})`,
  );
}
