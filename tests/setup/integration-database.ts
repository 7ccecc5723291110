import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { forgetConfig } from "~/server/config.server";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "~/server/db.server";
import { resetLowStockLog } from "~/server/inventory/low-stock.server";
import { forgetStoreSettings } from "~/server/settings/store-settings.server";
import { clearListingCache } from "~/server/storefront/listing-counts.server";
import { withDatabase } from "../fixtures/database";

// Each test file gets its own database cloned from the migrated template, and its own DATA_DIR.
// The files of a worker share their modules (isolate: false), so what a module keeps from the
// previous file (the configuration, settings, listing counts, a logged-once flag) is forgotten.
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-test-"));
process.env.DATA_DIR = dataDir;
forgetConfig();
forgetStoreSettings();
clearListingCache();
resetLowStockLog();

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = inject("postgresTemplate");
  if (url && postgresTemplate) {
    const name = `budz_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgresTemplate}`);
    await admin.end();
    handle = openPostgres(withDatabase(url, name), 20);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    const dump = fs.readFileSync(inject("pgliteTemplate")!);
    handle = await openPglite({ loadDataDir: new Blob([dump]) });
  }
  setDatabase(handle);
});

afterAll(async () => {
  await handle?.close();
  setDatabase(undefined);
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
