import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "~/server/db.server";
import { withDatabase } from "./integration-global";

// Each test file gets its own database cloned from the migrated template, and its own DATA_DIR.
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-test-"));
process.env.DATA_DIR = dataDir;

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
