import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type Transaction as PgliteTransaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { config } from "./config.server";
import * as schema from "./db-tables";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Where the data lives, for display (directory, or the URL without its password). */
  location: string;
  close(): Promise<void>;
  /** The embedded client, when the driver is PGlite (tests dump it to clone a migrated template). */
  pglite?: PGlite;
  /** PostgreSQL's connection URL (backups run pg_dump on it). */
  url?: string;
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const masked = new URL(url);
  if (masked.password) masked.password = "****";
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    driver: "postgres",
    location: masked.toString(),
    url,
    close: () => pool.end(),
  };
}

/** Every embedded database's start parameters: its page cache is EMBEDDED_DB_CACHE_MB. */
export function pgliteStartParams(cacheMiB = config().EMBEDDED_DB_CACHE_MB): string[] {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${cacheMiB}MB`];
}

/** dataDir undefined = in memory; loadDataDir = start from a dump (tests clone a migrated template). */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<DatabaseHandle> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: pgliteStartParams(),
  });
  return {
    db: drizzlePglite(withParsersOnClient(client), { schema }) as unknown as Database,
    driver: "pglite",
    location: options.dataDir ?? "memory",
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * drizzle passes its type parsers (dates and intervals left as text, for drizzle to read) with
 * every query, and PGlite then copies its whole table of parsers, a few hundred types, for each
 * one: about 0.14 ms a statement, a sixth of a checkout's CPU. Here they go into the client's own
 * table instead (the same parsers, so every result is the same), and the queries go without.
 */
function withParsersOnClient(client: PGlite): PGlite {
  type QueryOptions = Parameters<PGlite["query"]>[2];
  const withoutParsers =
    (query: PgliteTransaction["query"]) =>
    (sql: string, params?: unknown[], options?: QueryOptions) => {
      if (!options?.parsers) return query(sql, params, options);
      Object.assign(client.parsers, options.parsers);
      return query(sql, params, { ...options, parsers: undefined });
    };
  const lean = <T extends Pick<PgliteTransaction, "query">>(
    target: T,
    transaction?: PGlite["transaction"],
  ): T =>
    new Proxy(target, {
      get(_, property) {
        if (property === "query") return withoutParsers(target.query.bind(target));
        if (property === "transaction" && transaction) {
          return (callback: Parameters<PGlite["transaction"]>[0]) =>
            transaction((tx) => callback(lean(tx)));
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return lean(client, client.transaction.bind(client));
}

function migrationsFolder(): string {
  // Both app/server/db.server.ts and the bundled build/server/index.js sit two levels below the root.
  const beside = fileURLToPath(new URL("../../drizzle", import.meta.url));
  return fs.existsSync(beside) ? beside : path.resolve("drizzle");
}

/** The migrations this build carries (drizzle's journal): tag and `when` (created_at once applied). */
export function migrationJournal(): { tag: string; when: number }[] {
  const file = path.join(migrationsFolder(), "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(file, "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

const MIGRATION_LOCK_ID = 720_194_501;
/** Taken (try-lock) by a backup on PostgreSQL, so two instances never back up at once. */
export const BACKUP_LOCK_ID = 720_194_502;

/**
 * Runs `work` holding the migration's advisory lock on PostgreSQL (on its own connection, handed to
 * `work`): several instances may start at once, and one migrates and does the first start's work
 * (first admin, sample data, first backup) while the others wait, then find it done.
 */
export async function withStartLock<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** Applies the migrations on a connection that holds the start lock (withStartLock). */
export async function applyMigrations(client: pg.Client): Promise<void> {
  await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
}

export async function migrateDatabase(handle: DatabaseHandle, url?: string): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(drizzlePglite(handle.pglite!), { migrationsFolder: migrationsFolder() });
    return;
  }
  await withStartLock(url!, applyMigrations);
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Refreshes the planner's statistics. PGlite has no autovacuum, so without this after bulk writes
 * (sample data, start-up) it can pick full scans over the indexes.
 */
export async function analyzeDatabase(database: Database = db()): Promise<void> {
  await database.execute(sql`analyze`);
}

const holder = globalThis as unknown as { __budzDatabase?: DatabaseHandle };

/** Makes a handle the process's database (the server at start, each test file in its setup). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__budzDatabase = handle;
}

/** Whether this process has a database open (setDatabase). */
export function holdsDatabase(): boolean {
  return holder.__budzDatabase !== undefined;
}

export function databaseHandle(): DatabaseHandle {
  if (!holder.__budzDatabase) throw new Error("The database is not open yet");
  return holder.__budzDatabase;
}

export function db(): Database {
  return databaseHandle().db;
}
