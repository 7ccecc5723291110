// `npm run battery`: the hardening battery of issue 10, against the production build as a real
// process. Prints one line per figure: fuzz 5xx count, throttle figures, shutdown time, checkout
// races on PGlite and PostgreSQL, kill -9 rounds and memory at rest. Takes several minutes; not
// part of `npm test` (each case it found has a fast regression test there).
//
// PostgreSQL figures need TEST_DATABASE_URL; without it the battery re-runs itself inside
// scripts/with-postgres.sh when the PostgreSQL binaries are installed (PG_TEST_PORT picks the port).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { adminSessionCookie } from "./admin-sign-in";
import { killRounds, raceCheckouts } from "./battery/checkouts";
import { runFuzz } from "./battery/fuzz";
import { measureThrottle } from "./battery/throttle";
import { freshDatabaseUrl, freshDataDir, startServer } from "../tests/process/server-harness";
import { dataDirWithQueuedEmail, silentSmtpServer } from "../tests/process/silent-smtp";
import { processMemory } from "./process-memory";

const root = path.resolve(import.meta.dirname, "..");
// `npm run battery -- fuzz throttle` runs only those parts (fuzz, throttle, shutdown, races, kill).
const only = process.argv.slice(2);
const want = (part: string) => only.length === 0 || only.includes(part);
process.chdir(root);

if (!process.env.TEST_DATABASE_URL && !process.env.BATTERY_WITHOUT_POSTGRES) {
  const hasPostgres = spawnSync(
    "bash",
    ["-c", "ls /usr/lib/postgresql/*/bin/initdb || command -v initdb"],
    {
      stdio: "ignore",
    },
  );
  if (hasPostgres.status === 0) {
    const run = spawnSync(
      "bash",
      ["scripts/with-postgres.sh", process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      {
        stdio: "inherit",
        env: { ...process.env, BATTERY_WITHOUT_POSTGRES: "1" },
      },
    );
    process.exit(run.status ?? 1);
  }
}

if (!fs.existsSync("build/server/index.js")) {
  console.log("building…");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const line = (label: string, figure: string, goal: string, ok: boolean) =>
  console.log(`${ok ? "✓" : "✗"} ${label.padEnd(58)} ${figure.padEnd(34)} goal: ${goal}`);
let failures = 0;
function report(label: string, figure: string, goal: string, ok: boolean) {
  if (!ok) failures++;
  line(label, figure, goal, ok);
}

const rssMiB = (pid: number) => processMemory(pid).rssMiB;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── the store with sample data (PGlite), as `npm start` runs it ──
const password = crypto.randomBytes(12).toString("base64url");
const dataDir = freshDataDir();
console.log("starting the store with sample data (PGlite), as npm start does…");
const server = await startServer(
  { DATA_DIR: dataDir, TRUST_PROXY: "1", ADMIN_USERNAME: "owner", ADMIN_PASSWORD: password },
  { asNpmStart: true },
);
const pid = server.child.pid!;
await pause(10_000);
const restingRss = rssMiB(pid);

const adminCookie = await adminSessionCookie(
  server.url,
  { username: "owner", password },
  { "X-Forwarded-For": "192.0.2.10" },
);
const ordersPage = await (
  await fetch(`${server.url}/budzadmin/dashboard/orders`, { headers: { Cookie: adminCookie } })
).text();
const [orderNumber = "BBS-00000001", lookupOrderNumber = "BBS-00000002"] = [
  ...new Set(ordersPage.match(/BBS-\d{8}/g) ?? []),
];
const productsPage = await (await fetch(`${server.url}/products`)).text();
const productSlug = /href="\/products\/([a-z0-9-]+)"/.exec(productsPage)?.[1] ?? "x";

if (want("fuzz")) {
  console.log("fuzzing…");
  const fuzz = await runFuzz({ baseUrl: server.url, adminCookie, productSlug, orderNumber });
  const answered5xx = fuzz.serverErrors.filter((e) => e.status !== 599).length;
  const unanswered = fuzz.serverErrors.length - answered5xx;
  report(
    `fuzz: malformed requests to ${fuzz.endpoints} endpoints (≥ ${fuzz.smallest} each)`,
    `${answered5xx} of ${fuzz.requests} answered 5xx` +
      (unanswered ? ` (${unanswered} unanswered in 60 s)` : ""),
    "0",
    answered5xx === 0,
  );
  for (const e of fuzz.serverErrors.slice(0, 20)) {
    const body = typeof e.request.body === "string" ? e.request.body.slice(0, 120) : "(binary)";
    console.log(
      `    ${e.status} ${e.endpoint}: ${e.request.method} ${e.request.path.slice(0, 120)} ${e.request.type ?? ""} ${body}`,
    );
  }
}

if (want("throttle")) {
  console.log("throttling…");
  const t = await measureThrottle({
    baseUrl: server.url,
    username: "owner",
    password,
    orderNumber: lookupOrderNumber,
  });
  report(
    "1,000 concurrent wrong passwords for one account",
    `${t.floodEvaluated} evaluated, ${t.floodRefused} refused` +
      (t.floodOther ? `, ${t.floodOther} no answer` : ""),
    "≤ 5 evaluated",
    t.floodEvaluated <= 5,
  );
  report(
    "the right password from another address right after",
    `HTTP ${t.ownerStatus}`,
    "302 (signed in)",
    t.ownerStatus === 302,
  );
  report(
    "TRUST_PROXY=1, 300 wrong tries, rotated X-Forwarded-For",
    `${t.rotatedEvaluated} evaluated, ${t.rotatedRefused} refused`,
    "≤ 5 evaluated",
    t.rotatedEvaluated <= 5,
  );
  report(
    "the owner again from the address that signed in before",
    `HTTP ${t.ownerKnownStatus}`,
    "302 (signed in)",
    t.ownerKnownStatus === 302,
  );
  report(
    "1,000 concurrent wrong order look-ups for one order",
    `${t.lookupsEvaluated} evaluated, ${t.lookupsRefused} refused${t.lookupsOther.map(([s, n]) => `, ${n}×${s}`).join("")}`,
    "≤ 5 evaluated",
    t.lookupsEvaluated <= 5 && t.lookupsOther.length === 0,
  );
}

const loadedRss = rssMiB(pid);
report(
  "memory at rest, sample data (PGlite)",
  `${restingRss} MiB RSS (${loadedRss} after the battery's load)`,
  "known, < 1,024 MiB",
  loadedRss < 1024,
);
let started = Date.now();
server.child.kill("SIGTERM");
await server.exited;
report(
  "SIGTERM, idle store",
  `exited in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  "≤ 15 s",
  Date.now() - started <= 15_000,
);

if (want("shutdown")) {
  console.log("shutdown with a silent SMTP server…");
  const smtp = await silentSmtpServer();
  const stuck = await startServer({
    DATA_DIR: await dataDirWithQueuedEmail(),
    SEED_SAMPLE_DATA: "0",
    SMTP_URL: smtp.url,
  });
  while (smtp.connections() === 0) await pause(50);
  started = Date.now();
  stuck.child.kill("SIGTERM");
  await stuck.exited;
  smtp.close();
  const stuckSeconds = (Date.now() - started) / 1000;
  report(
    "SIGTERM while the worker waits on a silent SMTP server",
    `exited in ${stuckSeconds.toFixed(1)} s`,
    "≤ 15 s (grace 10 s + 5 s)",
    stuckSeconds <= 15,
  );
}

for (const driver of ["PGlite", "PostgreSQL"] as const) {
  const url = driver === "PostgreSQL" ? await freshDatabaseUrl() : undefined;
  if (driver === "PostgreSQL" && !url) {
    console.log("- PostgreSQL figures skipped: set TEST_DATABASE_URL or install PostgreSQL");
    continue;
  }
  if (want("races")) {
    console.log(`checkout races on ${driver}…`);
    const r = await raceCheckouts(url);
    report(
      `200 concurrent checkouts, stock 10 (${driver})`,
      `sold ${r.soldScarce}, stock left ${r.stockLeft}`,
      "sold exactly 10",
      r.soldScarce === 10 && r.stockLeft === 0 && r.stockAcknowledged === 10,
    );
    report(
      `coupon with 5 uses left, 50 concurrent orders (${driver})`,
      `${r.withCoupon} orders used it`,
      "exactly 5",
      r.withCoupon === 5 && r.couponUsed === 5,
    );
    report(
      `one idempotency key × 40 (${driver})`,
      `${r.idempotentTokens} order (${r.idempotentAcknowledged} answers)`,
      "1 order",
      r.idempotentTokens === 1,
    );
  }
  if (!want("kill")) continue;
  console.log(`kill -9 rounds on ${driver}…`);
  const k = await killRounds(10, driver === "PostgreSQL" ? await freshDatabaseUrl() : undefined);
  report(
    `10 × kill -9 during 50 concurrent checkouts (${driver})`,
    `${k.acknowledged} acknowledged: ${k.missing} lost, ${k.partial} partial`,
    "0 lost, 0 partial",
    k.missing === 0 && k.partial === 0 && k.stockConsistent,
  );
}

console.log(
  failures === 0
    ? "\nall figures within their goals"
    : `\n${failures} figure(s) outside their goals`,
);
process.exit(failures === 0 ? 0 : 1);
