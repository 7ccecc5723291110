import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { config } from "../config.server";
import { DataDirLockedError, lockDataDir } from "../data-dir-lock.server";
import { migrationJournal, pgliteStartParams } from "../db.server";
import { countTables } from "./table-counts.js";
import { loadArchive, pgliteTarget, postgresTarget, type LoadResult } from "./load.server";
import { HEADER, parseManifest, type BackupHeader } from "./manifest.server";
import { readTarGz } from "./tar.server";

/**
 * `npm run restore -- FILE [--force]`: a backup into the configured store: DATA_DIR's embedded
 * database, or the PostgreSQL of DATABASE_URL (so a PGlite backup moves a shop to PostgreSQL),
 * and its images into DATA_DIR/images. The target must be empty and no store may be running on it;
 * `--force` replaces a non-empty one (a PGlite directory and the images are moved aside, not
 * deleted; on PostgreSQL the old schema is dropped in the restore's own transaction, so a failed
 * restore leaves it as it was). A running store on the embedded database is always refused.
 */

export class RestoreRefused extends Error {}

interface RestoreReport {
  into: string;
  header: BackupHeader;
  statements: number;
  images: number;
  /** The backup left the images out (they live in a bucket, STORAGE=s3): DATA_DIR's were left as they were. */
  imagesInBucket: string | undefined;
  tables: number;
  rows: number;
  /** Where the replaced data was moved (with --force). */
  movedAside: string[];
  ms: number;
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

function nonEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** Refuses a backup from a newer store (a migration this build does not have). */
function checkVersion(header: BackupHeader) {
  const last = header.lastMigration;
  if (!last) return;
  const known = migrationJournal();
  if (!known.some((entry) => entry.when === last.createdAt) && last.createdAt > known.at(-1)!.when)
    throw new RestoreRefused(
      `This backup was made by a newer version of the store (${header.appVersion}, migration ${last.tag ?? last.createdAt}): update the store before restoring it`,
    );
}

function checkIntegrity(result: LoadResult, counts: Record<string, number>) {
  const problems = [...result.problems];
  for (const [table, expected] of Object.entries(result.manifest.tables)) {
    if (counts[table] !== expected)
      problems.push(`table ${table} has ${counts[table] ?? "no"} rows, not ${expected}`);
  }
  if (problems.length)
    throw new Error(`The backup does not match its manifest: ${problems.join("; ")}`);
}

/** A backup's first member (which database, which version, where its images are), read alone. */
async function readHeader(
  file: string,
): Promise<BackupHeader & { images?: string; imagesBucket?: string }> {
  let header: (BackupHeader & { images?: string; imagesBucket?: string }) | undefined;
  const stop = new Error("header read");
  try {
    await readTarGz(file, async ({ path: member, body }) => {
      if (member !== HEADER)
        throw new Error("This file is not a Budz Boutique backup (no backup.json first)");
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk);
      header = parseManifest(Buffer.concat(chunks).toString("utf8"));
      throw stop;
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
  if (!header) throw new Error("This file is not a Budz Boutique backup (no backup.json first)");
  return header;
}

export async function restoreBackup(
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`No such file: ${file}`);
  const settings = config();
  // A backup taken with STORAGE=s3 holds no images: the bucket's stay as they are, and so do
  // DATA_DIR's.
  const header = await readHeader(file);
  const imagesInBucket =
    header.images === "bucket" ? (header.imagesBucket ?? "the images bucket") : undefined;
  const report = await (settings.DATABASE_URL
    ? restoreIntoPostgres(
        file,
        settings.DATABASE_URL,
        settings.dataDir,
        options.force ?? false,
        !imagesInBucket,
      )
    : restoreIntoPglite(file, settings.dataDir, options.force ?? false, !imagesInBucket));
  return { ...report, imagesInBucket };
}

/** The images half when the backup has none (they are in a bucket): DATA_DIR's are left alone. */
const noImages = {
  incoming: undefined,
  swap: (): string | undefined => undefined,
  discard() {},
};

/** The images half, shared: into a fresh directory, swapped in once the database is restored. */
function imagesPlan(dataDir: string, force: boolean, when: string, withImages = true) {
  if (!withImages) return noImages;
  const live = path.join(dataDir, "images");
  if (nonEmptyDir(live) && !force)
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} already holds images (${live}): restore into an empty DATA_DIR, or add --force to replace them (they are moved aside, not deleted)`,
    );
  const incoming = path.join(dataDir, `images.restoring-${when}`);
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.mkdirSync(incoming, { recursive: true });
  return {
    incoming,
    /** Puts the restored images in place; the old ones (if any) move aside. */
    swap(): string | undefined {
      let aside: string | undefined;
      if (fs.existsSync(live)) {
        if (nonEmptyDir(live)) {
          aside = path.join(dataDir, `images.before-restore-${when}`);
          fs.renameSync(live, aside);
        } else fs.rmSync(live, { recursive: true, force: true });
      }
      fs.renameSync(incoming, live);
      return aside;
    },
    discard() {
      fs.rmSync(incoming, { recursive: true, force: true });
    },
  };
}

async function restoreIntoPglite(
  file: string,
  dataDir: string,
  force: boolean,
  withImages: boolean,
): Promise<Omit<RestoreReport, "imagesInBucket">> {
  const started = Date.now();
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new RestoreRefused(
        `${error.message.replace(/ Stop it first.*$/, "")} A store is running on it: stop it first (a restore never writes under a running embedded database, even with --force).`,
      );
    throw error;
  }
  const when = stamp();
  const live = path.join(dataDir, "pglite");
  const incoming = path.join(dataDir, `pglite.restoring-${when}`);
  try {
    if (fs.existsSync(path.join(live, "PG_VERSION")) && !force)
      throw new RestoreRefused(
        `DATA_DIR ${dataDir} already holds a database (${live}): restore into an empty DATA_DIR, or add --force to replace it (it is moved aside, not deleted)`,
      );
    const images = imagesPlan(dataDir, force, when, withImages);
    let client: PGlite | undefined;
    try {
      // Loaded in memory (fast), then written to the data directory in one go.
      client = await PGlite.create({ startParams: pgliteStartParams() });
      const memory = client;
      let header: BackupHeader | undefined;
      const result = await loadArchive(file, {
        onHeader(seen) {
          checkVersion(seen);
          header = seen;
          return pgliteTarget(memory);
        },
        imagesDir: images.incoming,
      });
      const counts = await countTables(
        async (sql) => (await memory.query(sql)).rows as Record<string, unknown>[],
      );
      checkIntegrity(result, counts);
      const tarball = await memory.dumpDataDir("none");
      await memory.close();
      client = undefined;
      fs.rmSync(incoming, { recursive: true, force: true });
      const disk = await PGlite.create({
        dataDir: incoming,
        loadDataDir: tarball,
        startParams: pgliteStartParams(),
      });
      await disk.close();

      const movedAside: string[] = [];
      if (fs.existsSync(live)) {
        const aside = path.join(dataDir, `pglite.before-restore-${when}`);
        fs.renameSync(live, aside);
        movedAside.push(aside);
      }
      fs.renameSync(incoming, live);
      const imagesAside = images.swap();
      if (imagesAside) movedAside.push(imagesAside);
      return {
        into: `the embedded database in ${live}`,
        header: header!,
        statements: result.statements,
        images: result.images,
        tables: Object.keys(counts).length,
        rows: Object.values(counts).reduce((a, b) => a + b, 0),
        movedAside,
        ms: Date.now() - started,
      };
    } catch (error) {
      await client?.close().catch(() => {});
      images.discard();
      fs.rmSync(incoming, { recursive: true, force: true });
      throw error;
    }
  } finally {
    release();
  }
}

const USER_TABLES = `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

async function restoreIntoPostgres(
  file: string,
  url: string,
  dataDir: string,
  force: boolean,
  withImages: boolean,
): Promise<Omit<RestoreReport, "imagesInBucket">> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const masked = new URL(url);
  if (masked.password) masked.password = "****";
  const when = stamp();
  let images: ReturnType<typeof imagesPlan> | undefined;
  try {
    const objects = Number((await client.query(USER_TABLES)).rows[0].n);
    if (objects > 0 && !force)
      throw new RestoreRefused(
        `The database ${masked.toString()} is not empty (${objects} tables, views or sequences): restore into an empty database, or add --force to replace its contents`,
      );
    const others = Number(
      (
        await client.query(
          "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
      ).rows[0].n,
    );
    if (others > 0 && !force)
      throw new RestoreRefused(
        `${others} other session${others === 1 ? " is" : "s are"} connected to ${masked.toString()}: is a store running on it? Stop it first, or add --force`,
      );
    images = imagesPlan(dataDir, force, when, withImages);
    await client.query("begin");
    if (objects > 0) {
      // Replaced in the restore's own transaction: a failed restore leaves the old data as it was.
      await client.query("drop schema if exists drizzle cascade");
      await client.query("drop schema if exists public cascade");
      await client.query("create schema public");
    }
    const target = await postgresTarget(client);
    let header: BackupHeader | undefined;
    const result = await loadArchive(file, {
      onHeader(seen) {
        checkVersion(seen);
        header = seen;
        return target;
      },
      imagesDir: images.incoming,
    });
    const counts = await countTables(async (sql) => (await client.query(sql)).rows);
    checkIntegrity(result, counts);
    await client.query("commit");
    const aside = images.swap();
    return {
      into: `PostgreSQL ${masked.toString()}`,
      header: header!,
      statements: result.statements,
      images: result.images,
      tables: Object.keys(counts).length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      movedAside: aside ? [aside] : [],
      ms: Date.now() - started,
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    images?.discard();
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
