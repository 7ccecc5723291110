import crypto from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { config } from "../config.server";
import { pgliteStartParams } from "../db.server";
import { countTables } from "./table-counts.js";
import { loadArchive, pgliteTarget, postgresTarget, type DumpTarget } from "./load.server";
import type { BackupHeader } from "./manifest.server";

export interface Verification {
  ok: boolean;
  at: string;
  /** Where it was restored: "PGlite (in memory)" or "PostgreSQL (scratch database)". */
  into: string;
  ms: number;
  problems: string[];
}

interface Scratch {
  target: DumpTarget;
  label: string;
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * A fresh PGlite's files, kept for a few minutes after use: a scratch database made from them
 * starts in a fraction of the time initdb takes (several verifications in a row: tests, restores).
 */
let blank: { files: Promise<Blob>; timer?: NodeJS.Timeout } | undefined;

async function blankPglite(): Promise<PGlite> {
  blank ??= {
    files: (async () => {
      const client = await PGlite.create({ startParams: pgliteStartParams() });
      const files = await client.dumpDataDir("none");
      await client.close();
      return files;
    })(),
  };
  const held = blank;
  clearTimeout(held.timer);
  held.timer = setTimeout(() => {
    if (blank === held) blank = undefined;
  }, 5 * 60_000);
  held.timer.unref();
  try {
    return await PGlite.create({
      loadDataDir: await held.files,
      startParams: pgliteStartParams(),
    });
  } catch (error) {
    if (blank === held) blank = undefined;
    throw error;
  }
}

async function pgliteScratch(): Promise<Scratch> {
  const client = await blankPglite();
  return {
    target: pgliteTarget(client),
    label: "PGlite (in memory)",
    counts: () =>
      countTables(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]),
    close: () => client.close(),
  };
}

/** A scratch database beside the store's on PostgreSQL (dropped after), or undefined if refused. */
async function postgresScratch(url: string): Promise<Scratch | undefined> {
  const name = `budz_verify_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch {
    await admin.end();
    return undefined;
  }
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: scratchUrl.toString() });
  try {
    await client.connect();
    await client.query("begin");
  } catch (error) {
    await admin.query(`drop database if exists ${name}`).catch(() => {});
    await admin.end();
    throw error;
  }
  return {
    target: await postgresTarget(client),
    label: "PostgreSQL (scratch database)",
    counts: () => countTables(async (sql) => (await client.query(sql)).rows),
    async close() {
      await client.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

/**
 * Restores a backup into a scratch database (a fresh in-memory PGlite for a PGlite backup; a
 * scratch database on the store's PostgreSQL for a PostgreSQL backup, or PGlite when creating one
 * is not allowed) and compares every table's row count and every member's checksum with the
 * manifest. Never throws: a backup that cannot be read is a failed verification.
 */
export async function verifyBackup(
  file: string,
  postgresUrl: string | undefined = config().DATABASE_URL,
): Promise<Verification> {
  const started = Date.now();
  let scratch: Scratch | undefined;
  const problems: string[] = [];
  try {
    const url = postgresUrl;
    const result = await loadArchive(file, {
      async onHeader(header: BackupHeader) {
        if (header.driver === "postgres" && url) scratch = await postgresScratch(url);
        scratch ??= await pgliteScratch();
        return scratch.target;
      },
    });
    problems.push(...result.problems);
    if (!scratch) throw new Error("The backup holds no database dump");
    const counts = await scratch.counts();
    for (const [table, expected] of Object.entries(result.manifest.tables)) {
      const got = counts[table];
      if (got === undefined) problems.push(`table ${table} is missing`);
      else if (got !== expected) problems.push(`table ${table} has ${got} rows, not ${expected}`);
    }
    for (const table of Object.keys(counts)) {
      if (!(table in result.manifest.tables))
        problems.push(`table ${table} is not in the manifest`);
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await scratch?.close().catch(() => {});
  }
  return {
    ok: problems.length === 0,
    at: new Date().toISOString(),
    into: scratch?.label ?? "nothing (the backup could not be read)",
    ms: Date.now() - started,
    problems,
  };
}
