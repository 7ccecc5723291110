import fs from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { appVersion } from "../app-version.server";
import { config } from "../config.server";
import {
  BACKUP_LOCK_ID,
  databaseHandle,
  db,
  migrationJournal,
  type DatabaseHandle,
} from "../db.server";
import { enqueueEmail, isOutboxAddress } from "../email/outbox.server";
import { renderBackupFailedEmail } from "../email/templates/backup-failed.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { adminUsers, backupRuns } from "../db-tables";
import { BackupError, dumpDatabase, type DumpResult } from "./dump.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_SQL,
  HEADER,
  IMAGES_PREFIX,
  MANIFEST,
  type BackupHeader,
  type BackupManifest,
  type BackupReason,
} from "./manifest.server";
import { backupsToPrune } from "./retention.server";
import { backupBucket, sendBackupToBucket } from "./remote.server";
import { createTarGz, type WrittenMember } from "./tar.server";
import { verifyBackup, type Verification } from "./verify.server";

/**
 * Backups (issue 29): one .tar.gz per backup in BACKUP_DIR holding the database's logical dump,
 * the uploaded images and a manifest; beside it a small `.json` with the manifest and whether it
 * verified. Taken by `npm run backup`, the admin's Back up now, the daily schedule and before a
 * migration or sample data; verified by restoring it into a scratch database; pruned in
 * generations once a newer one is verified. A failure is logged, recorded (backup_runs: the
 * owners' banner) and emailed to the owners, and never removes an older backup.
 */

export { BackupError } from "./dump.server";

const BACKUP_FILE = /^budz-backup-(\d{8}T\d{6}(?:\d{3})?Z)-([a-z-]+)\.tar\.gz$/;

const REASON_LABELS: Record<BackupReason, string> = {
  manual: "manual",
  daily: "daily",
  command: "command-line",
  "before-migration": "pre-migration",
  "before-sample-data": "pre-sample-data",
};

export interface BackupSummary {
  name: string;
  size: number;
  createdAt: Date;
  reason: BackupReason;
  driver: "pglite" | "postgres";
  appVersion: string;
  lastMigration: string | null;
  rows: number;
  images: number;
  /** The images were left out: they live in their bucket (STORAGE=s3). */
  imagesInBucket: boolean;
  verification: Verification | null;
}

interface Sidecar {
  manifest: BackupManifest;
  verification: Verification | null;
}

const sidecarOf = (file: string) => file.replace(/\.tar\.gz$/, ".json");

function stampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");
}

/** A backup's path in BACKUP_DIR from its name (refused unless it is one: no path tricks). */
export function backupPath(name: string, dir = config().backupDir): string | undefined {
  if (!BACKUP_FILE.test(name)) return undefined;
  const file = path.join(dir, name);
  return fs.existsSync(file) ? file : undefined;
}

/** The backups in BACKUP_DIR, newest first (a file without its .json is listed as unverified). */
export async function listBackups(dir = config().backupDir): Promise<BackupSummary[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const list: BackupSummary[] = [];
  for (const name of names) {
    const match = BACKUP_FILE.exec(name);
    if (!match) continue;
    const file = path.join(dir, name);
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch {
      continue;
    }
    const sidecar = await readSidecar(file);
    const manifest = sidecar?.manifest;
    list.push({
      name,
      size,
      createdAt: manifest ? new Date(manifest.createdAt) : fromStamp(match[1]!),
      reason: (manifest?.reason ?? match[2]) as BackupReason,
      driver: manifest?.driver ?? "pglite",
      appVersion: manifest?.appVersion ?? "unknown",
      lastMigration: manifest?.lastMigration?.tag ?? null,
      rows: manifest ? Object.values(manifest.tables).reduce((a, b) => a + b, 0) : 0,
      images: manifest?.members.filter((m) => m.path.startsWith(IMAGES_PREFIX)).length ?? 0,
      imagesInBucket: manifest?.images === "bucket",
      verification: sidecar?.verification ?? null,
    });
  }
  return list.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

function fromStamp(stamp: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(stamp)!;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7] ?? "000"}Z`);
}

async function readSidecar(file: string): Promise<Sidecar | undefined> {
  try {
    return JSON.parse(await fs.promises.readFile(sidecarOf(file), "utf8")) as Sidecar;
  } catch {
    return undefined;
  }
}

async function writeSidecar(file: string, sidecar: Sidecar): Promise<void> {
  const target = sidecarOf(file);
  const temporary = `${target}.partial`;
  await fs.promises.writeFile(temporary, JSON.stringify(sidecar, null, 1));
  await fs.promises.rename(temporary, target);
}

/** Records a verification in the backup's .json (when it has one: a file of BACKUP_DIR). */
export async function updateVerification(file: string, verification: Verification) {
  const sidecar = await readSidecar(file);
  if (sidecar) await writeSidecar(file, { ...sidecar, verification }).catch(() => {});
}

/** Every file under the images directory (a storage write's temporary file left out). */
async function imageFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (sub: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(dir, sub), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) found.push(relative);
    }
  };
  await walk("");
  return found;
}

/** The message an operator reads for a file-system failure (disk full, unwritable BACKUP_DIR). */
export function describeFailure(error: unknown, dir: string): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === "ENOSPC" || code === "EDQUOT")
    return `BACKUP_DIR ${dir} is full (no space left on the device): free some space or point BACKUP_DIR at a larger disk. Older backups were kept.`;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS")
    return `BACKUP_DIR ${dir} is not writable (${code}): give the store's user write access or point BACKUP_DIR elsewhere. Older backups were kept.`;
  if (code === "ENOTDIR" || code === "EEXIST")
    return `BACKUP_DIR ${dir} is not a directory. Older backups were kept.`;
  return error instanceof Error ? error.message : String(error);
}

/** Where the bucket stands after a backup (BACKUP_BUCKET set): copied and verified there, or not. */
export type RemoteOutcome =
  { ok: true; bucket: string; pruned: string[] } | { ok: false; error: string };

export type BackupOutcome =
  | { status: "done"; backup: BackupSummary; pruned: string[]; remote?: RemoteOutcome }
  | { status: "busy" }
  | { status: "failed"; error: string };

let running: Promise<BackupOutcome> | undefined;

/** Whether a backup is being taken by this process now. */
export function backupRunning(): boolean {
  return running !== undefined;
}

/**
 * Takes a backup now: dump, images, manifest, verify, prune. Two at once (the schedule and the
 * button, or two instances on PostgreSQL: an advisory try-lock) run one; the other answers
 * "busy". Never throws: a failure is answered, logged, recorded and emailed to the owners.
 */
export function takeBackup(options: {
  reason: BackupReason;
  handle?: DatabaseHandle;
  /** Record the outcome in backup_runs and email the owners on failure (default true). */
  record?: boolean;
  now?: () => Date;
  /** BACKUP_DIR unless given (tests). */
  dir?: string;
}): Promise<BackupOutcome> {
  if (running) return Promise.resolve({ status: "busy" });
  running = runExclusive(options).finally(() => (running = undefined));
  return running;
}

async function runExclusive(options: Parameters<typeof takeBackup>[0]): Promise<BackupOutcome> {
  const handle = options.handle ?? databaseHandle();
  const url = handle.url;
  let lock: pg.Client | undefined;
  if (handle.driver === "postgres") {
    lock = new pg.Client({ connectionString: url });
    try {
      await lock.connect();
    } catch (error) {
      return fail(`The database cannot be reached: ${(error as Error).message}`);
    }
    const { rows } = await lock.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [
      BACKUP_LOCK_ID,
    ]);
    if (!rows[0]?.ok) {
      await lock.end().catch(() => {});
      return { status: "busy" };
    }
  }
  const startedAt = new Date();
  try {
    let outcome: BackupOutcome;
    try {
      outcome = await backUp(
        handle,
        options.reason,
        options.now ?? (() => new Date()),
        options.dir ?? config().backupDir,
      );
    } catch (error) {
      outcome = fail(error instanceof Error ? error.message : String(error));
    }
    if (options.record !== false) await recordRun(handle, options.reason, startedAt, outcome);
    return outcome;
  } finally {
    await lock?.end().catch(() => {});
  }
}

async function backUp(
  handle: DatabaseHandle,
  reason: BackupReason,
  now: () => Date,
  dir: string,
): Promise<BackupOutcome> {
  const settings = config();
  const started = now();
  const name = `budz-backup-${stampOf(started)}-${reason}.tar.gz`;
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  const sqlFile = path.join(dir, `.${name}.sql.partial`);
  const startedMs = Date.now();
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.access(dir, fs.constants.W_OK);
  } catch (error) {
    return fail(describeFailure(error, dir));
  }
  let dump: DumpResult;
  try {
    dump = await dumpDatabase(handle, sqlFile);
  } catch (error) {
    await fs.promises.rm(sqlFile, { force: true });
    return fail(
      error instanceof BackupError
        ? error.message
        : `The database dump failed: ${describeFailure(error, dir)}`,
    );
  }

  const journal = migrationJournal();
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: started.toISOString(),
    reason,
    appVersion: appVersion(),
    driver: handle.driver,
    serverVersion: dump.serverVersion,
    dumpedWith: dump.dumpedWith,
    lastMigration: dump.lastMigration
      ? {
          ...dump.lastMigration,
          tag: journal.find((entry) => entry.when === dump.lastMigration!.createdAt)?.tag ?? null,
        }
      : null,
    tables: dump.tables,
    // With STORAGE=s3 the images live in their bucket, not on this disk: they are left out.
    ...(settings.STORAGE === "s3"
      ? { images: "bucket" as const, imagesBucket: settings.S3_BUCKET }
      : { images: "included" as const }),
  };
  const archive = createTarGz(partial);
  const members: WrittenMember[] = [];
  try {
    members.push(
      await archive.addBuffer(HEADER, Buffer.from(JSON.stringify(header, null, 1))),
      await archive.addFile(DATABASE_SQL, sqlFile),
    );
    const imagesDir = path.join(settings.dataDir, "images");
    for (const key of header.images === "bucket" ? [] : await imageFiles(imagesDir)) {
      try {
        members.push(await archive.addFile(`${IMAGES_PREFIX}${key}`, path.join(imagesDir, key)));
      } catch (error) {
        // Deleted since the walk (an image removed in the admin meanwhile): not in the snapshot either.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    const manifest: BackupManifest = { ...header, durationMs: Date.now() - startedMs, members };
    await archive.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
    await archive.finish();
    await fs.promises.rename(partial, file);
    await writeSidecar(file, { manifest, verification: null });
  } catch (error) {
    archive.abort();
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(file, { force: true });
    return fail(describeFailure(error, dir));
  } finally {
    await fs.promises.rm(sqlFile, { force: true });
  }

  const verification = await verifyBackup(file, handle.url);
  await updateVerification(file, verification);
  const summary = (await listBackups(dir)).find((b) => b.name === name)!;
  if (!verification.ok)
    return fail(
      `The backup ${name} was written but did not verify: ${verification.problems.join("; ")}`,
    );

  const pruned = await prune(dir, now());
  logger.info(
    {
      backup: name,
      size: summary.size,
      ms: Date.now() - startedMs,
      verifyMs: verification.ms,
      pruned,
    },
    "backup taken and verified",
  );
  // Off the machine: uploaded, read back and only then counted in the bucket. A failure keeps
  // the local backup (the outcome stays done) and is recorded for the owners' banner.
  const bucket = backupBucket();
  if (!bucket) return { status: "done", backup: summary, pruned };
  const sidecar = await readSidecar(file);
  const remote = await sendBackupToBucket(
    file,
    name,
    { manifest: sidecar!.manifest, verification },
    bucket,
    now(),
  );
  if (remote.ok)
    logger.info({ backup: name, bucket: remote.bucket, pruned: remote.pruned }, "backup copied");
  else logger.error({ backup: name, error: remote.error }, "backup not copied to the bucket");
  return { status: "done", backup: summary, pruned, remote };
}

function fail(error: string): BackupOutcome {
  return { status: "failed", error };
}

/** Deletes what the generations no longer keep (only ever after a newer backup verified). */
async function prune(dir: string, now: Date): Promise<string[]> {
  const settings = config();
  const backups = await listBackups(dir);
  const doomed = backupsToPrune(
    backups.map((b) => ({
      name: b.name,
      createdAt: b.createdAt,
      verified: b.verification ? b.verification.ok : null,
    })),
    { daily: settings.BACKUP_KEEP_DAILY, weekly: settings.BACKUP_KEEP_WEEKLY },
    settings.STORE_TIMEZONE,
    now,
  );
  for (const name of doomed) {
    const file = path.join(dir, name);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(sidecarOf(file), { force: true });
  }
  return doomed;
}

/**
 * The outcome in backup_runs; a failure is also logged and emailed to the owners. A store whose
 * schema predates backup_runs (a backup before the migration that adds it) records nothing.
 */
async function recordRun(
  handle: DatabaseHandle,
  reason: BackupReason,
  startedAt: Date,
  outcome: BackupOutcome,
): Promise<void> {
  if (outcome.status === "busy") return;
  if (outcome.status === "failed") logger.error({ reason, error: outcome.error }, "backup failed");
  // Written and verified here but not copied to the bucket: a good backup (ok) whose error the
  // owners see as the banner and by email, like a failed one.
  const error =
    outcome.status === "failed"
      ? outcome.error
      : outcome.remote && !outcome.remote.ok
        ? outcome.remote.error
        : null;
  try {
    await handle.db.transaction(async (tx) => {
      await tx.insert(backupRuns).values({
        startedAt,
        reason,
        ok: outcome.status === "done",
        fileName: outcome.status === "done" ? outcome.backup.name : null,
        sizeBytes: outcome.status === "done" ? outcome.backup.size : null,
        error,
      });
      if (error === null) return;
      const [lastGood] = await tx
        .select({ at: backupRuns.finishedAt })
        .from(backupRuns)
        .where(eq(backupRuns.ok, true))
        .orderBy(desc(backupRuns.finishedAt))
        .limit(1);
      const owners = await tx
        .select({ email: adminUsers.email })
        .from(adminUsers)
        .where(and(eq(adminUsers.role, "owner"), inArray(adminUsers.status, ["active"])));
      const email = renderBackupFailedEmail({
        reason: REASON_LABELS[reason],
        error,
        lastGood: lastGood ? lastGood.at.toISOString() : null,
      });
      for (const { email: to } of owners) {
        if (to && isOutboxAddress(to))
          await enqueueEmail(tx, { kind: "staff_backup_failed", to, ...email });
      }
    });
    if (error !== null) wakeWorker();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    // A backup before the migration that adds backup_runs: nowhere to record it yet.
    if (cause?.code === "42P01")
      logger.info("backup outcome not recorded: no backup_runs table yet");
    else logger.warn({ err: error }, "backup outcome not recorded");
  }
}

export interface BackupStatus {
  lastGood: { at: Date; fileName: string | null } | null;
  /**
   * The latest run, when it failed after the last good one, or was written here but not copied
   * to the bucket (`kept`: the backup is on this server): the owners' banner.
   */
  failure: { at: Date; reason: string; error: string; kept: boolean } | null;
}

/** The last good backup and a failure since (for the banner and the Overview). */
export async function backupStatus(): Promise<BackupStatus> {
  const [latest] = await db()
    .select()
    .from(backupRuns)
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  const [good] = await db()
    .select({ at: backupRuns.finishedAt, fileName: backupRuns.fileName })
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return {
    lastGood: good ?? null,
    failure:
      latest && (!latest.ok || latest.error)
        ? {
            at: latest.finishedAt,
            reason: latest.reason,
            error: latest.error ?? "unknown error",
            kept: latest.ok,
          }
        : null,
  };
}
