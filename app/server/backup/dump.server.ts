import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteStartParams, type DatabaseHandle } from "../db.server";
import type { DumpWorkerAnswer, DumpWorkerData } from "./dump-worker.js";
import { findPgProgram, PG_DUMP_MISSING } from "./pg-tools.server";
import { countTables, lastMigration, type LastMigration } from "./table-counts.js";

/**
 * The database half of a backup: a logical dump (plain SQL, INSERT statements, no owners or
 * grants: restorable into PGlite and into any PostgreSQL), with the row count of every table read
 * in the same snapshot and the last migration applied.
 */
export interface DumpResult {
  /** "schema.table" → rows, in the dump's snapshot. */
  tables: Record<string, number>;
  lastMigration: LastMigration | null;
  serverVersion: string;
  dumpedWith: string;
}

export class BackupError extends Error {}

/** pg_dump's options for every backup: portable text. */
const DUMP_ARGS = ["--no-owner", "--no-privileges", "--rows-per-insert=1000"];

/** Dumps the process's database into `outFile` (SQL text). */
export function dumpDatabase(handle: DatabaseHandle, outFile: string): Promise<DumpResult> {
  return handle.driver === "pglite"
    ? dumpPglite(handle, outFile)
    : dumpPostgres(handle.url!, outFile);
}

/**
 * The embedded database's dump worker: app/server/backup/dump-worker.js beside this module in the
 * sources, build/server/dump-worker.js beside the server bundle (vite.config.ts emits it there).
 */
const DUMP_WORKER = new URL("./dump-worker.js", import.meta.url);

/**
 * Runs `copy` between two transactions, through PGlite's public API: `transaction()` holds the lock
 * every other query and transaction waits for (its own BEGIN and COMMIT write nothing), so no
 * statement runs while the files are copied, and the copy is what a crash at that instant would
 * leave, which PGlite recovers from. (tests/integration/backups.test.ts checks that PGlite still
 * holds the others back.)
 */
export function betweenTransactions<T>(client: PGlite, copy: () => Promise<T>): Promise<T> {
  return client.transaction(() => copy());
}

/**
 * PGlite is one connection inside this process, and pgDump runs synchronously while it dumps, so
 * it never runs on the live database: the data directory is copied between transactions (the
 * only moment checkout waits), and a worker thread opens the copy and dumps it while the store
 * keeps serving.
 */
async function dumpPglite(handle: DatabaseHandle, outFile: string): Promise<DumpResult> {
  const client = handle.pglite!;
  const copy = `${outFile}.pgdata`;
  // A database in memory (tests) is copied as PGlite's own tarball instead.
  const inMemory = handle.location === "memory";
  let tarball: Uint8Array<ArrayBuffer> | undefined;
  if (!fs.existsSync(fileURLToPath(DUMP_WORKER)))
    throw new BackupError(
      `The backup's dump worker is missing (${fileURLToPath(DUMP_WORKER)}): rebuild the store (npm run build)`,
    );
  await fs.promises.rm(copy, { recursive: true, force: true });
  try {
    // Cached pages written out first: less WAL for the copy to replay.
    await client.query("checkpoint");
    if (inMemory) {
      const dump = await betweenTransactions(client, () => client.dumpDataDir("none"));
      tarball = new Uint8Array(await dump.arrayBuffer());
    } else await betweenTransactions(client, () => copyDirectory(handle.location, copy));
    const workerData: DumpWorkerData = {
      dataDir: copy,
      tarball,
      outFile,
      args: DUMP_ARGS,
      startParams: pgliteStartParams(),
    };
    const worker = new Worker(DUMP_WORKER, {
      workerData,
      transferList: tarball ? [tarball.buffer] : [],
    });
    try {
      const answer = await new Promise<DumpWorkerAnswer>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`the dump worker exited (${code})`)));
      });
      if (!answer.ok) {
        if (answer.code) throw Object.assign(new Error(answer.error), { code: answer.code });
        throw new BackupError(`pg_dump (PGlite) failed: ${answer.error}`);
      }
      return {
        tables: answer.tables,
        lastMigration: answer.lastMigration,
        serverVersion: answer.serverVersion,
        dumpedWith: "pg_dump (@electric-sql/pglite-tools)",
      };
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
