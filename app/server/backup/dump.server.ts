import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { pgliteStartParams, type DatabaseHandle } from "../db.server";
import { findPgProgram, PG_DUMP_MISSING } from "./pg-tools.server";

/**
 * The database half of a backup: a logical dump (plain SQL, INSERT statements, no owners or
 * grants: restorable into PGlite and into any PostgreSQL), with the row count of every table read
 * in the same snapshot and the last migration applied.
 */
export interface DumpResult {
  /** "schema.table" → rows, in the dump's snapshot. */
  tables: Record<string, number>;
  /** drizzle's last applied migration (created_at = the journal's `when`). */
  lastMigration: { createdAt: number; hash: string } | null;
  serverVersion: string;
  dumpedWith: string;
}

export class BackupError extends Error {}

/** pg_dump's options for every backup: portable text. */
export const DUMP_ARGS = ["--no-owner", "--no-privileges", "--rows-per-insert=1000"];

/** The user tables (every schema but the system's), for the counts. */
export const TABLES_SQL = `select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
  order by 1, 2`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Counts every table through `query` (one connection, so one snapshot when in a transaction). */
export async function countTables(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, number>> {
  const tables = (await query(TABLES_SQL)) as { schema: string; name: string }[];
  if (!tables.length) return {};
  const rows = await query(
    `select ${tables
      .map((t, i) => `(select count(*) from ${quote(t.schema)}.${quote(t.name)}) as c${i}`)
      .join(", ")}`,
  );
  const counts: Record<string, number> = {};
  tables.forEach((t, i) => (counts[`${t.schema}.${t.name}`] = Number(rows[0]![`c${i}`])));
  return counts;
}

export const LAST_MIGRATION_SQL = `select hash, created_at from drizzle.__drizzle_migrations
  order by created_at desc limit 1`;

export async function lastMigration(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<DumpResult["lastMigration"]> {
  try {
    const [row] = await query(LAST_MIGRATION_SQL);
    return row ? { createdAt: Number(row.created_at), hash: String(row.hash) } : null;
  } catch {
    return null;
  }
}

/** Dumps the process's database into `outFile` (SQL text). */
export function dumpDatabase(handle: DatabaseHandle, outFile: string): Promise<DumpResult> {
  return handle.driver === "pglite"
    ? dumpPglite(handle, outFile)
    : dumpPostgres(handle.url!, outFile);
}

/** Where a package's CommonJS entry is, as a URL a worker can import. */
function moduleUrl(specifier: string): string {
  return pathToFileURL(createRequire(import.meta.url).resolve(specifier)).href;
}

/**
 * The worker's code (plain JS: it runs beside the bundled server): opens the copy of the data
 * directory (recovering it as after a crash), counts its tables and runs pgDump on it.
 */
const PGLITE_DUMP_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
(async () => {
  const { PGlite } = await import(workerData.pgliteUrl);
  const { pgDump } = await import(workerData.toolsUrl);
  const pg = await PGlite.create({
    startParams: workerData.startParams,
    ...(workerData.tarball ? { loadDataDir: new Blob([workerData.tarball]) } : { dataDir: workerData.dataDir }),
  });
  try {
    const query = async (sql) => (await pg.query(sql)).rows;
    const tables = await query(${JSON.stringify(TABLES_SQL)});
    const counts = {};
    for (const t of tables) {
      const name = '"' + t.schema.replace(/"/g, '""') + '"."' + t.name.replace(/"/g, '""') + '"';
      counts[t.schema + "." + t.name] = Number((await query("select count(*) as n from " + name))[0].n);
    }
    let last = null;
    try {
      const [row] = await query(${JSON.stringify(LAST_MIGRATION_SQL)});
      if (row) last = { createdAt: Number(row.created_at), hash: String(row.hash) };
    } catch {}
    const version = (await query("show server_version"))[0].server_version;
    const file = await pgDump({ pg, args: workerData.args });
    await fs.promises.writeFile(workerData.outFile, Buffer.from(await file.arrayBuffer()));
    parentPort.postMessage({ tables: counts, lastMigration: last, serverVersion: "PGlite " + version });
  } finally {
    await pg.close();
  }
})().catch((error) =>
  parentPort.postMessage({ error: String((error && error.message) || error), code: error && error.code }),
);
`;

/**
 * PGlite is one connection inside this process, and pgDump runs synchronously while it dumps, so
 * it never runs on the live database: the data directory is copied between transactions (the
 * only moment checkout waits: no statement runs while the files are copied, so the copy is what a
 * crash at that instant would leave, which PGlite recovers from), and a worker thread opens the
 * copy and dumps it while the store keeps serving.
 */
async function dumpPglite(handle: DatabaseHandle, outFile: string): Promise<DumpResult> {
  const client = handle.pglite!;
  const copy = `${outFile}.pgdata`;
  // A database in memory (tests) is copied as PGlite's own tarball instead.
  const inMemory = handle.location === "memory";
  let tarball: Uint8Array | undefined;
  await fs.promises.rm(copy, { recursive: true, force: true });
  try {
    // Cached pages written out first: less WAL for the copy to replay.
    await client.query("checkpoint");
    if (inMemory) {
      const dump = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
      tarball = new Uint8Array(await dump.arrayBuffer());
    } else await client._runExclusiveTransaction(() => copyDirectory(handle.location, copy));
    const worker = new Worker(PGLITE_DUMP_WORKER, {
      eval: true,
      workerData: {
        pgliteUrl: moduleUrl("@electric-sql/pglite"),
        toolsUrl: moduleUrl("@electric-sql/pglite-tools/pg_dump"),
        dataDir: copy,
        tarball,
        outFile,
        args: DUMP_ARGS,
        startParams: pgliteStartParams(),
      },
      transferList: tarball ? [tarball.buffer as ArrayBuffer] : [],
    });
    try {
      const answer = await new Promise<DumpResult & { error?: string; code?: string }>(
        (resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.once("exit", (code) => reject(new Error(`the dump worker exited (${code})`)));
        },
      );
      if (answer.error) {
        if (answer.code) throw Object.assign(new Error(answer.error), { code: answer.code });
        throw new BackupError(`pg_dump (PGlite) failed: ${answer.error}`);
      }
      return { ...answer, dumpedWith: "pg_dump (@electric-sql/pglite-tools)" };
    } finally {
      await worker.terminate();
    }
  } finally {
    await fs.promises.rm(copy, { recursive: true, force: true });
  }
}

/** `cp -a` (several times faster than Node's copy over PGlite's thousand small files), else fs.cp. */
function copyDirectory(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("cp", ["-a", from, to], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", () => {
      fs.promises.cp(from, to, { recursive: true }).then(resolve, reject);
    });
    child.on("close", (code) => {
      if (code === 0) return resolve();
      const full = /No space left|Disk quota/i.test(stderr);
      reject(
        Object.assign(new Error(`copying the database failed: ${stderr.trim()}`), {
          code: full ? "ENOSPC" : /Permission denied/i.test(stderr) ? "EACCES" : undefined,
        }),
      );
    });
  });
}

/**
 * PostgreSQL: pg_dump, in a snapshot exported by a repeatable-read transaction that also counts the
 * tables, so the counts are those of the dump. pg_dump takes only ACCESS SHARE locks: checkout
 * goes on while it runs.
 */
async function dumpPostgres(url: string, outFile: string): Promise<DumpResult> {
  const program = findPgProgram("pg_dump");
  if (!program) throw new BackupError(PG_DUMP_MISSING);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = async (sql: string) => (await client.query(sql)).rows;
    const serverVersion = String((await query("show server_version"))[0]!.server_version);
    const serverMajor = Number(/^(\d+)/.exec(serverVersion)?.[1]);
    if (program.major < serverMajor)
      throw new BackupError(
        `pg_dump ${program.major} (${program.path}) is older than the PostgreSQL ${serverMajor} server: install PostgreSQL ${serverMajor}'s client programs`,
      );
    await client.query("begin isolation level repeatable read read only");
    const snapshot = String((await query("select pg_export_snapshot() as id"))[0]!.id);
    const tables = await countTables(query);
    const last = await lastMigration(query);
    await runPgDump(program.path, [...DUMP_ARGS, `--snapshot=${snapshot}`, "-f", outFile], url);
    await client.query("commit");
    return {
      tables,
      lastMigration: last,
      serverVersion: `PostgreSQL ${serverVersion}`,
      dumpedWith: `pg_dump ${program.major} (${program.path})`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

function runPgDump(program: string, args: string[], url: string): Promise<void> {
  // The URL (with its password) goes through the environment, not the command line.
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname),
    PGPORT: parsed.port || "5432",
    PGUSER: decodeURIComponent(parsed.username) || process.env.PGUSER,
    PGPASSWORD: decodeURIComponent(parsed.password) || process.env.PGPASSWORD,
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  for (const [key, value] of parsed.searchParams) {
    if (key === "sslmode") env.PGSSLMODE = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) =>
      reject(new BackupError(`pg_dump could not start: ${error.message}`)),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
