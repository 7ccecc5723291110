// `npm run bench:tracking [-- --parcels 1000 --delay-ms 0 --concurrency 4]`: one run of the parcel
// tracking job (app/server/shipping/tracking.server.ts) over many parcels. A fresh PGlite in a
// temporary directory, seeded in bulk with generate_series: `parcels` paid orders shipped with
// Canada Post, their tracking numbers ending 01 to 04 in turn (in transit, out for delivery,
// delivered, returned at the fake). The Canada Post fake (tests/fixtures/canada-post/fake-server.ts)
// answers, after `delay-ms` each (network and Canada Post's own time). Prints the run's time, its
// summary and the requests made. Goal: under a minute with one request per parcel (exit 1 otherwise).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { FAKE_CREDENTIALS, startCanadaPostFake } from "../tests/fixtures/canada-post/fake-server";

const { values } = parseArgs({
  options: {
    parcels: { type: "string", default: "1000" },
    "delay-ms": { type: "string", default: "0" },
    concurrency: { type: "string", default: "4" },
  },
});
const parcelCount = Number(values.parcels);
const delayMs = Number(values["delay-ms"]);
const concurrency = Number(values.concurrency);
const GOAL_MS = 60_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-bench-tracking-"));
const fake = await startCanadaPostFake({ delayMs });
// Before the configuration is first read: the data directory (its secrets key) and the fake's URL.
process.env.DATA_DIR = dir;
process.env.CANADA_POST_API_URL = fake.url;
process.env.LOG_LEVEL ??= "error";

// Imported only now, so the configuration they read sees the lines above.
const { forgetConfig } = await import("~/server/config.server");
forgetConfig();
const { db, migrateDatabase, openPglite, setDatabase } = await import("~/server/db.server");
const { storeSettings } = await import("~/server/settings/store-settings.server");
const { saveAccount } = await import("~/server/canada-post/account.server");
const { trackParcels } = await import("~/server/shipping/tracking.server");

const handle = await openPglite({ dataDir: path.join(dir, "pglite") });
try {
  await migrateDatabase(handle);
  setDatabase(handle);
  await storeSettings();
  await saveAccount(
    {
      customerNumber: "0001234567",
      ...FAKE_CREDENTIALS,
      contractId: "0040012345",
      environment: "development",
      originPostalCode: "V6B1A1",
      services: ["DOM.RP", "DOM.EP"],
    },
    { adminId: null, name: "Bench", ip: null },
  );

  let started = performance.now();
  console.log(`seeding ${parcelCount.toLocaleString("en-CA")} shipped parcels (pglite)…`);
  await db().execute(sql`
    insert into orders (email, shipping_name, shipping_street, shipping_city, shipping_province,
      shipping_postal_code, status, subtotal_cents, total_amount_cents, access_token, paid_at,
      created_at)
    select 'buyer' || g || '@example.com', 'Buyer ' || g, g || ' Main St', 'Vancouver', 'BC',
      'V6B 1A1', 'shipped', 2500, 4500, 'bench-tracking-' || g, now() - interval '3 days',
      now() - interval '4 days' + g * interval '1 second'
    from generate_series(1, ${parcelCount}) g`);
  await db().execute(sql`
    insert into shipments (order_id, carrier, tracking_number, status, shipped_date,
      estimated_delivery, created_at, updated_at)
    select id, 'Canada Post',
      lpad(n::text, 14, '0') || '0' || (1 + n % 4)::text, 'shipped', now() - interval '2 days',
      current_date + 1, now() - interval '2 days', now() - interval '2 days'
    from (select id, row_number() over (order by created_at) as n from orders) o`);
  await db().execute(sql`analyze`);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  const summary = await trackParcels({ concurrency });
  const ms = performance.now() - started;
  const tracking = fake.requests.filter((r) => r.path.startsWith("/vis/track/pin/"));
  const pins = new Set(tracking.map((r) => r.path));
  const [stored] = (
    (await db().execute(sql`select
      (select count(*)::int from shipment_events) as events,
      (select count(*)::int from order_emails_sent) as emails`)) as unknown as {
      rows: { events: number; emails: number }[];
    }
  ).rows;
  console.log(
    `trackParcels: ${(ms / 1000).toFixed(1)} s for ${parcelCount} parcels (concurrency ${concurrency}, fake delay ${delayMs} ms)`,
  );
  console.log(
    `  requests: ${tracking.length} tracking requests, ${pins.size} parcels asked (${(tracking.length / (ms / 1000)).toFixed(0)}/s)`,
  );
  console.log(
    `  asked ${summary.asked}, in transit ${summary.moved.inTransit}, delivered ${summary.moved.delivered}, ` +
      `out-for-delivery emails ${summary.outForDeliveryEmails}, returned ${summary.returned.length}, ` +
      `failed ${summary.failed}, stopped early ${summary.stoppedEarly}`,
  );
  console.log(`  stored ${stored!.events} events, ${stored!.emails} emails queued`);
  const ok =
    ms < GOAL_MS &&
    tracking.length === parcelCount &&
    pins.size === parcelCount &&
    summary.asked === parcelCount;
  console.log(ok ? "OK" : `FAILED: goal under ${GOAL_MS / 1000} s with one request per parcel`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await handle.close();
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
