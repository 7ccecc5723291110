// `npm run bench [-- --products 10000 --duration 10 --connections 20]`: loads the home, category,
// product and deep category pages of the production build under concurrent load, side by side with
// the same server sending a static file of the same size (the ceiling for this machine).
// Needs a build (`npm run build`; BUILD_DIR is honoured). Uses its own DATA_DIR (default
// .tmp/bench-data) holding a catalogue of --products products, seeded once.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3299" },
    "data-dir": { type: "string", default: ".tmp/bench-data" },
    "analyze-only": { type: "boolean", default: false },
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
  fs.writeFileSync(marker, new Date().toISOString());
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], {
    env,
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

async function load(url: string): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base + url, connections, duration, headers }, (error, r) =>
      error ? reject(error) : resolve(r),
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

seedOnce();
const server = await startServer();
const staticFiles: string[] = [];
try {
  const sitemap = await get("/sitemap.xml");
  const productPath = new URL(/<loc>([^<]*\/products\/[^<]+)<\/loc>/.exec(sitemap)![1]!).pathname;
  const targets: [string, string][] = [
    ["home", "/"],
    ["category p1", "/category/flowers"],
    ["category last", await deepPageUrl("/category/flowers", Math.floor(products / 7 / 24))],
    ["all p1", "/products?sort=price-asc"],
    ["all p200", await deepPageUrl("/products?sort=price-asc", 200)],
    ["product", productPath],
    ["search", "/search?q=blue"],
  ];
  console.log(
    `\n${products} products · ${connections} connections · ${duration}s per run · gzip · ${new Date().toISOString()}\n`,
  );
  console.log(
    `${"page".padEnd(14)}${pad("bytes", 8)} │${pad("req/s", 8)}${pad("p50", 7)}${pad("p95", 7)}${pad("p99", 7)} │ static:${pad("req/s", 8)}${pad("p50", 7)}${pad("p95", 7)}${pad("p99", 7)} │ ${pad("% of ceiling", 12)}`,
  );
  for (const [name, url] of targets) {
    const html = await get(url);
    const file = `bench-static-${name.replace(/\W+/g, "-")}.html`;
    fs.writeFileSync(path.join(buildDir, "client", file), html);
    staticFiles.push(path.join(buildDir, "client", file));
    const page = await load(url);
    const ceiling = await load(`/${file}`);
    console.log(
      `${name.padEnd(14)}${pad(Buffer.byteLength(html), 8)} │${pad(Math.round(page.rps), 8)}${pad(ms(page.p50), 7)}${pad(ms(page.p95), 7)}${pad(ms(page.p99), 7)} │        ${pad(Math.round(ceiling.rps), 8)}${pad(ms(ceiling.p50), 7)}${pad(ms(ceiling.p95), 7)}${pad(ms(ceiling.p99), 7)} │ ${pad(`${Math.round((page.rps / ceiling.rps) * 100)}%`, 12)}${page.errors ? `  (${page.errors} errors)` : ""}`,
    );
  }
  console.log("\nLatencies in ms. 'static' = the same server sending a file of the same size.");
} finally {
  for (const file of staticFiles) fs.rmSync(file, { force: true });
  server.kill("SIGTERM");
}
