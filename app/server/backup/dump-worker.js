// The embedded database's dump, in a worker thread (dump.server.ts starts it): opens the copy of the
// data directory (recovering it as after a crash), counts its tables and runs PGlite's pg_dump on
// it while the store keeps serving from the live database.
//
// Plain JavaScript, typed with JSDoc and checked by tsc (tsconfig.json's checkJs), so that Node runs
// the same file from the sources (npm run dev, the tests, the scripts under tsx) and from the build:
// the server build emits it beside its bundle as build/server/dump-worker.js (vite.config.ts), where
// `new URL("./dump-worker.js", import.meta.url)` finds it from either place.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { countTables, lastMigration } from "./table-counts.js";

/** @import { LastMigration, Query } from "./table-counts.js" */

/**
 * What dump.server.ts passes: where the database is and where the dump goes.
 * @typedef {object} DumpWorkerData
 * @property {string} dataDir The copy of the data directory (when no `tarball`).
 * @property {Uint8Array<ArrayBuffer>} [tarball] An in-memory database, as PGlite's data directory tarball.
 * @property {string} outFile Where the SQL goes.
 * @property {string[]} args pg_dump's options.
 * @property {string[]} startParams PGlite's start parameters (the store's page cache size).
 */

/**
 * The worker's one message: the dump's counts, or why it failed (`code`: ENOSPC, EACCES…).
 * @typedef {{ ok: true; tables: Record<string, number>; lastMigration: LastMigration | null; serverVersion: string }
 *   | { ok: false; error: string; code?: string }} DumpWorkerAnswer
 */

/** @param {DumpWorkerData} data @returns {Promise<DumpWorkerAnswer>} */
async function dump(data) {
  const pg = await PGlite.create({
    startParams: data.startParams,
    ...(data.tarball ? { loadDataDir: new Blob([data.tarball]) } : { dataDir: data.dataDir }),
  });
  try {
    /** @type {Query} */
    const query = async (sql) => (await pg.query(sql)).rows;
    const tables = await countTables(query);
    const last = await lastMigration(query);
    const [version] = await query("show server_version");
    const file = await pgDump({ pg, args: data.args });
    await fs.promises.writeFile(data.outFile, Buffer.from(await file.arrayBuffer()));
    return {
      ok: true,
      tables,
      lastMigration: last,
      serverVersion: `PGlite ${String(version?.server_version)}`,
    };
  } finally {
    await pg.close();
  }
}

/** @param {unknown} error @returns {DumpWorkerAnswer} */
function failure(error) {
  const code = /** @type {NodeJS.ErrnoException} */ (error)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: message, ...(code ? { code } : {}) };
}

if (!parentPort) throw new Error("dump-worker.js runs as a worker thread (see dump.server.ts)");
const port = parentPort;
await dump(/** @type {DumpWorkerData} */ (workerData)).then(
  (answer) => port.postMessage(answer),
  (/** @type {unknown} */ error) => port.postMessage(failure(error)),
);
