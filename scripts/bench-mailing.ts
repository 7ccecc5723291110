// `npm run bench:mailing [-- --recipients 10000 --batch 50 --pool 10 --skip-crash]` (after
// `npm run build` for the crash run). On PostgreSQL: `bash scripts/with-postgres.sh npm run
// bench:mailing -- --pg` (parts 1 and 2 against TEST_DATABASE_URL, whose subscribers, outbox and
// mailings it EMPTIES first: a throwaway database only). A newsletter to --recipients subscribers:
// 1. queueing: the time of queueMailing (render + one INSERT … SELECT) in one transaction;
// 2. delivery: an in-process worker (--batch rows per claim, --pool SMTP connections) sending to
//    an SMTP sink in this process, in messages per second;
// 3. crash: the real server (node server.js, the default worker) sending the same newsletter to
//    the sink, killed with SIGKILL three times mid-send and restarted; then recipients skipped
//    (never received) and duplicates (a Message-ID received more than once).
// Goals (issue 12): queued in < 5 s, ≥ 500 messages/s, 0 skipped, ≤ 0.1 % duplicates.
// The crash run is PGlite only: on a shared PostgreSQL a killed worker's rows wait out their
// 5-minute lock before another worker resends them (tests/integration/email-worker.test.ts).
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import {
  db,
  migrateDatabase,
  openPglite,
  openPostgres,
  setDatabase,
  type DatabaseHandle,
} from "~/server/db.server";
import { startEmailWorker } from "~/server/email/worker.server";
import { logger } from "~/server/logger.server";
import { queueMailing } from "~/server/marketing/mailing.server";
import { startServer } from "../tests/process/server-harness";

const { values } = parseArgs({
  options: {
    recipients: { type: "string", default: "10000" },
    batch: { type: "string", default: "50" },
    pool: { type: "string", default: "10" },
    "skip-crash": { type: "boolean", default: false },
    pg: { type: "boolean", default: false },
  },
});
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined;
if (values.pg && !pgUrl) throw new Error("--pg needs TEST_DATABASE_URL (scripts/with-postgres.sh)");
const N = Number(values.recipients);
logger.level = "warn";

const BODY = `<h1>Weekend Sale</h1><p>Take 20% off with code <strong>WEEKEND20</strong>.</p>
<p><a href="https://budzboutique.ca/products">Shop the sale</a></p>`;

interface SinkStats {
  total: number;
  unique: number;
  recipients: number;
}

/** An SMTP server in its own process that only counts Message-IDs and recipients. */
async function startSink() {
  const child = fork(path.join(import.meta.dirname, "bench-smtp-sink.js"));
  const port = await new Promise<number>((resolve) =>
    child.once("message", (m) => resolve((m as { port: number }).port)),
  );
  let last: SinkStats = { total: 0, unique: 0, recipients: 0 };
  const refresh = () =>
    new Promise<SinkStats>((resolve) => {
      child.once("message", (m) => resolve((last = m as SinkStats)));
      child.send("stats");
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats: refresh,
    last: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.send("close");
      }),
  };
}

async function seedAndQueue() {
  if (pgUrl)
    await db().execute(sql`truncate email_outbox, email_mailings, newsletter_subscribers cascade`);
  await db().execute(sql`
    insert into newsletter_subscribers (email, source, consented_at, unsubscribe_token)
    select 'reader' || g || '@example.com', 'footer', now(), md5(random()::text) || g
    from generate_series(1, ${N}) g`);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { queued } = await db().transaction((tx) =>
    queueMailing(tx, {
      kind: "newsletter",
      subject: "Weekend Sale",
      bodyHtml: BODY,
      audience: { kind: "subscribers" },
    }),
  );
  const ms = performance.now() - started;
  if (queued !== N) throw new Error(`queued ${queued}, expected ${N}`);
  return { ms, cpuMs: cpuMs(cpu) };
}

/** CPU time of this process since `since` (PGlite runs in it): the figure a busy machine keeps. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const fmt = (n: number) => n.toLocaleString("en-CA");

// ── 1 and 2: queueing and delivery in this process ──
{
  const handle: DatabaseHandle = pgUrl ? openPostgres(pgUrl) : await openPglite({});
  await migrateDatabase(handle, pgUrl);
  setDatabase(handle);
  console.log(
    `database: ${pgUrl ? "PostgreSQL (its own CPU is not in the figures below)" : "PGlite in memory"}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  const queue = await seedAndQueue();
  console.log(
    `queueMailing, ${fmt(N)} recipients: ${(queue.ms / 1000).toFixed(2)} s (${(queue.cpuMs / 1000).toFixed(2)} s of CPU) (goal < 5 s)`,
  );

  const sink = await startSink();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = startEmailWorker({
    smtpUrl: sink.url,
    batchSize: Number(values.batch),
    smtpPoolSize: Number(values.pool),
    pollIntervalMs: 50,
  });
  await until(async () => (await sink.stats()).unique >= N, 10 * 60_000, "delivery");
  const delivered = performance.now() - started;
  const deliveredCpu = cpuMs(cpu);
  const sentRows = async () => {
    const r = (await db().execute(
      sql`select count(*)::integer as n from email_outbox where status = 'sent'`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };
  await until(async () => (await sentRows()) >= N, 60_000, "rows marked sent");
  const recorded = performance.now() - started;
  await worker.stop();
  await sink.close();
  await handle.close();
  setDatabase(undefined);
  console.log(
    `delivery to the SMTP sink (batch ${values.batch}, pool ${values.pool}): ${fmt(N)} in ${(delivered / 1000).toFixed(2)} s = ${fmt(Math.round(N / (delivered / 1000)))} messages/s (${fmt(Math.round(N / (deliveredCpu / 1000)))} per CPU second of the store process: ${pgUrl ? "the worker" : "worker and database"}); all rows marked sent after ${(recorded / 1000).toFixed(2)} s (goal ≥ 500/s)`,
  );
}

// ── 3: the real server, killed three times mid-send ──
if (!values["skip-crash"] && !pgUrl) {
  if (!fs.existsSync("build/server/index.js")) throw new Error("run `npm run build` first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-bench-mailing-"));
  try {
    const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    await migrateDatabase(handle);
    setDatabase(handle);
    await seedAndQueue();
    await handle.close();
    setDatabase(undefined);

    const sink = await startSink();
    const env = { DATA_DIR: dataDir, SMTP_URL: sink.url, SEED_SAMPLE_DATA: "0" };
    const started = performance.now();
    for (let kill = 1; kill <= 3; kill++) {
      const server = await startServer(env);
      const target = Math.round((kill * N) / 4);
      await until(
        async () => (await sink.stats()).total >= target,
        10 * 60_000,
        `${fmt(target)} messages`,
      );
      server.child.kill("SIGKILL");
      await server.exited;
      console.log(`  SIGKILL ${kill} after ${fmt(sink.last().total)} messages received`);
    }
    const server = await startServer(env);
    await until(async () => (await sink.stats()).unique >= N, 10 * 60_000, "every recipient");
    const elapsed = performance.now() - started;
    // Let anything still in flight arrive, then stop cleanly.
    await new Promise((r) => setTimeout(r, 3000));
    server.child.kill("SIGTERM");
    await server.exited;
    const { total, unique, recipients } = await sink.stats();
    await sink.close();

    const after = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    const rows = (await after.db.execute(
      sql`select status, count(*)::integer as n from email_outbox group by status order by status`,
    )) as unknown as { rows: { status: string; n: number }[] };
    await after.close();
    const duplicates = total - unique;
    console.log(
      `  load average afterwards: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `crash run: ${fmt(N)} recipients, 3 × SIGKILL mid-send, ${(elapsed / 1000).toFixed(1)} s in all`,
    );
    console.log(
      `  outbox afterwards: ${rows.rows.map((r) => `${r.status} ${fmt(r.n)}`).join(", ")}`,
    );
    console.log(`  recipients skipped: ${fmt(N - recipients)} (goal 0)`);
    console.log(
      `  duplicates: ${fmt(duplicates)} of ${fmt(total)} received = ${((duplicates / N) * 100).toFixed(3)} % (goal ≤ 0.1 %)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
