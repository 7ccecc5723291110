// `npm run bench:payments [-- --orders 100000 --notices 10000]`: e-Transfer matching at scale
// (app/server/payments/matching.server.ts). A fresh PGlite in a temporary directory, seeded in bulk
// with `orders` unpaid orders; `notices` notices for them (tests/fixtures/etransfer/notice-set.ts:
// references typed right, one character off or missing, amounts exact, short and over, duplicates)
// are stored and matched as the mailbox job does, 500 a transaction. Prints the time, the outcome
// and whether every notice did what it should. Goal: under 10 s (exit 1 otherwise, or on any
// wrong outcome).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { buildNoticeSet, seedUnpaidOrders } from "../tests/fixtures/etransfer/notice-set";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    notices: { type: "string", default: "10000" },
  },
});
const orderCount = Number(values.orders);
const noticeCount = Number(values.notices);
const GOAL_MS = 10_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-bench-payments-"));
process.env.DATA_DIR = dir;
process.env.LOG_LEVEL ??= "error";

const { forgetConfig } = await import("~/server/config.server");
forgetConfig();
const { db, migrateDatabase, openPglite, setDatabase } = await import("~/server/db.server");
const { storeSettings } = await import("~/server/settings/store-settings.server");
const { recordIncomingPayments } = await import("~/server/payments/matching.server");

const handle = await openPglite({ dataDir: path.join(dir, "pglite") });
try {
  await migrateDatabase(handle);
  setDatabase(handle);
  await storeSettings();

  let started = performance.now();
  console.log(`seeding ${orderCount.toLocaleString("en-CA")} unpaid orders (pglite)…`);
  const orders = await seedUnpaidOrders((query) => db().execute(query), orderCount);
  await db().execute(sql`analyze`);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The notices pay orders spread over the whole table, not only the first ones.
  const stride = Math.max(1, Math.floor(orders.length / noticeCount));
  const set = buildNoticeSet(
    orders.filter((_, i) => i % stride === 0),
    noticeCount,
  );
  const receivedAt = new Date();
  started = performance.now();
  const summary = await recordIncomingPayments(
    set.map((notice) => ({
      source: "mailbox" as const,
      bankReference: notice.bankReference,
      amountCents: notice.amountCents,
      senderName: notice.senderName,
      message: notice.message,
      receivedAt,
    })),
  );
  const ms = performance.now() - started;

  const firsts = set.filter((notice) => notice.expected !== "duplicate");
  const count = (...kinds: string[]) => firsts.filter((n) => kinds.includes(n.expected)).length;
  const [stored] = (
    (await db().execute(sql`select count(*)::int as payments,
      (select count(*)::int from orders where status = 'paid') as paid,
      (select count(*)::int from order_emails_sent where kind = 'payment_received') as emails
      from payments`)) as unknown as { rows: { payments: number; paid: number; emails: number }[] }
  ).rows;
  console.log(
    `matched ${noticeCount.toLocaleString("en-CA")} notices against ${orderCount.toLocaleString("en-CA")} orders in ${(ms / 1000).toFixed(2)} s (${Math.round(noticeCount / (ms / 1000))}/s)`,
  );
  console.log(
    `  applied ${summary.applied} (paid ${summary.paid}), suggested ${summary.suggested}, queued ${summary.queued}, duplicates ${summary.duplicates}`,
  );
  console.log(
    `  stored ${stored!.payments} payments, ${stored!.paid} orders paid, ${stored!.emails} emails queued`,
  );
  const right =
    summary.applied === count("paid", "over", "part") &&
    summary.paid === count("paid", "over") &&
    summary.suggested === count("typo", "name") &&
    summary.queued === count("queued") &&
    summary.duplicates === set.length - firsts.length &&
    stored!.payments === firsts.length &&
    stored!.paid === summary.paid &&
    stored!.emails === summary.paid;
  const ok = right && ms < GOAL_MS;
  console.log(
    ok
      ? "OK"
      : `FAILED: ${right ? "" : "outcomes differ from the set's; "}goal under ${GOAL_MS / 1000} s`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
