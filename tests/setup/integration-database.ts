import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { forgetConfig } from "~/server/config.server";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "~/server/db.server";
import { resetLowStockLog } from "~/server/inventory/low-stock.server";
import { forgetStoreSettings } from "~/server/settings/store-settings.server";
import { clearListingCache } from "~/server/storefront/listing-counts.server";
import { dropPostgresDatabase, onCluster, withDatabase } from "../fixtures/database";

// Each test file gets its own database and its own DATA_DIR. On PostgreSQL a database is copied
// from the migrated template; on PGlite a worker keeps one database open and puts it back to the
// template's state for each file (opening a copy costs 0.6 s of CPU, a reset a few milliseconds).
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
    await onCluster(`create database ${name} template ${postgresTemplate}`);
    handle = openPostgres(withDatabase(url, name), 20);
    dropDatabase = () => dropPostgresDatabase(name);
  } else {
    handle = await workerPglite();
  }
  setDatabase(handle);
});

afterAll(async () => {
  // The worker's PGlite stays open for its next file.
  if (handle?.driver !== "pglite") await handle?.close();
  setDatabase(undefined);
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface KeptPglite {
  handle: DatabaseHandle;
  /**
   * The schema and the planner's statistics as the template has them: a file that changed them
   * (a migration test, an ANALYZE) leaves a database that is not reused.
   */
  schema: string;
  /** Puts the template's rows and sequences back. */
  restore: string;
}
// On globalThis: this setup file is evaluated again for every file of the worker.
const worker = globalThis as { __budzKeptPglite?: KeptPglite };

/** The worker's PGlite, reset to the template's state, or a new copy of the template. */
async function workerPglite(): Promise<DatabaseHandle> {
  const kept = worker.__budzKeptPglite;
  if (kept) {
    try {
      if ((await schemaOf(kept.handle)) === kept.schema) {
        await kept.handle.pglite!.exec(kept.restore);
        return kept.handle;
      }
    } catch {
      // Closed or broken by the previous file: a new copy follows.
    }
    await kept.handle.close().catch(() => {});
  }
  const dump = fs.readFileSync(inject("pgliteTemplate")!);
  const opened = await openPglite({ loadDataDir: new Blob([dump]) });
  worker.__budzKeptPglite = {
    handle: opened,
    schema: await schemaOf(opened),
    restore: await restoreStatement(opened),
  };
  return opened;
}

async function rowsOf<T>(handle: DatabaseHandle, query: string): Promise<T[]> {
  return (await handle.pglite!.query<T>(query)).rows;
}

async function schemaOf(handle: DatabaseHandle): Promise<string> {
  const [row] = await rowsOf<{ schema: string }>(
    handle,
    `select md5(string_agg(item, ',' order by item)) as schema from (
      select table_name || '.' || column_name || ' ' || data_type || coalesce(column_default, '') as item
        from information_schema.columns where table_schema = 'public'
      union all select indexdef from pg_indexes where schemaname = 'public'
      union all select conname || pg_get_constraintdef(oid) from pg_constraint
        where connamespace = 'public'::regnamespace
      union all select 'migrations ' || count(*) from drizzle.__drizzle_migrations
      -- The planner's statistics: after an ANALYZE it would choose other plans than on a copy.
      union all select relname || ' ' || reltuples || ' ' || relpages from pg_class
        where relnamespace = 'public'::regnamespace
      union all select 'statistics ' || count(*) from pg_statistic s
        join pg_class c on c.oid = s.starelid where c.relnamespace = 'public'::regnamespace
    ) schema`,
  );
  return row!.schema;
}

/**
 * The statements that empty every table and put back the rows the migrations wrote (tax rates,
 * province rules…) and every sequence as the template has them, and forget what a file set in
 * its session.
 */
async function restoreStatement(handle: DatabaseHandle): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    handle,
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const statements = ["reset all", "discard temp", "select pg_advisory_unlock_all()"];
  statements.push("set session_replication_role = replica");
  const inserts: string[] = [];
  for (const { name } of tables) {
    statements.push(`delete from "${name}"`);
    const [{ rows }] = await rowsOf<{ rows: string | null }>(
      handle,
      `select json_agg(t)::text as rows from "${name}" t`,
    );
    if (rows)
      inserts.push(`insert into "${name}" overriding system value
        select * from json_populate_recordset(null::"${name}", '${rows.replaceAll("'", "''")}')`);
  }
  statements.push(...inserts, "set session_replication_role = origin");
  const sequences = await rowsOf<{ name: string; value: string; called: boolean }>(
    handle,
    `select sequencename as name, coalesce(last_value, start_value) as value,
       last_value is not null as called from pg_sequences where schemaname = 'public'`,
  );
  for (const { name, value, called } of sequences)
    statements.push(`select setval('"${name}"', ${value}, ${called})`);
  return statements.join(";\n");
}
