import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatBytes } from "~/lib/text";
import { config } from "../config.server";
import { DataDirLockedError, lockDataDir } from "../data-dir-lock.server";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "../db.server";
import { logger } from "../logger.server";
import { listBackups, takeBackup, updateVerification, type BackupSummary } from "./backup.server";
import { RestoreRefused, restoreBackup } from "./restore.server";
import { verifyBackup } from "./verify.server";
import {
  backupBucket,
  downloadRemoteBackup,
  isBackupName,
  listRemoteBackups,
} from "./remote.server";

/** The command-line side of backups (scripts/backup.ts and scripts/restore.ts): exit codes. */

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function describe(backup: BackupSummary): string {
  const verified = backup.verification
    ? backup.verification.ok
      ? `verified (${backup.verification.into})`
      : `FAILED verification: ${backup.verification.problems.join("; ")}`
    : "not verified";
  return `${backup.name}  ${formatBytes(backup.size)}  ${backup.rows} rows, ${backup.images} images  ${verified}`;
}

/**
 * The configured database opened as it is (no migration: a backup takes the store as it finds
 * it). The embedded one only while no store runs on it: the running store backs itself up.
 */
async function openForBackup(): Promise<{ handle: DatabaseHandle; release: () => void } | string> {
  const { DATABASE_URL, dataDir } = config();
  if (DATABASE_URL) return { handle: openPostgres(DATABASE_URL, 2), release: () => {} };
  if (!fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION")))
    return `There is no database in DATA_DIR ${dataDir} to back up`;
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      return `${error.message.replace(/ Stop it first.*$/, "")} The running store backs itself up (daily at BACKUP_HOUR, and Back up now on the admin's Database screen); stop it to back up from the command line.`;
    throw error;
  }
  try {
    return { handle: await openPglite({ dataDir: path.join(dataDir, "pglite") }), release };
  } catch (error) {
    release();
    throw error;
  }
}

export async function runBackupCommand(options: {
  verify?: string;
  list: boolean;
  /** Writes the backup into (and lists, and prunes) this directory instead of BACKUP_DIR. */
  to?: string;
  extra: string[];
}): Promise<number> {
  logger.level = "warn";
  if (options.extra.length) {
    console.error(
      `Unexpected argument ${options.extra[0]}: npm run backup [-- --to DIR | --verify FILE | --list]`,
    );
    return 1;
  }
  const dir = options.to ? path.resolve(options.to) : config().backupDir;
  if (options.list) {
    const backups = await listBackups(dir);
    if (!backups.length) console.log(`No backups in ${dir}`);
    for (const backup of backups) console.log(describe(backup));
    // And those in the bucket this server does not hold (restorable by name).
    const bucket = options.to ? null : backupBucket();
    if (bucket) {
      const here = new Set(backups.map((backup) => backup.name));
      const remote = (await listRemoteBackups(bucket)).filter((backup) => !here.has(backup.name));
      console.log(
        remote.length
          ? `In the bucket ${bucket.name} only (npm run restore -- NAME):`
          : `Nothing else in the bucket ${bucket.name}.`,
      );
      for (const backup of remote) console.log(`${backup.name}  ${formatBytes(backup.size)}`);
    }
    return 0;
  }
  if (options.verify) {
    const file = path.resolve(options.verify);
    if (!fs.existsSync(file)) {
      console.error(`No such file: ${file}`);
      return 1;
    }
    const verification = await verifyBackup(file);
    await updateVerification(file, verification);
    if (verification.ok) {
      console.log(
        `Verified ${file}: restored into ${verification.into} in ${seconds(verification.ms)}; every table's row count and every file's checksum match the manifest`,
      );
      return 0;
    }
    console.error(`Verification of ${file} FAILED:\n- ${verification.problems.join("\n- ")}`);
    return 1;
  }

  const opened = await openForBackup();
  if (typeof opened === "string") {
    console.error(opened);
    return 1;
  }
  setDatabase(opened.handle);
  try {
    const outcome = await takeBackup({ reason: "command", handle: opened.handle, dir });
    if (outcome.status === "busy") {
      console.error("A backup is being taken already (by a running store): try again in a moment");
      return 1;
    }
    if (outcome.status === "failed") {
      console.error(`Backup failed: ${outcome.error}`);
      return 1;
    }
    const { backup } = outcome;
    console.log(`Backup written: ${path.join(dir, backup.name)} (${formatBytes(backup.size)})`);
    console.log(
      `Verified: restored into ${backup.verification!.into} in ${seconds(backup.verification!.ms)}; ${backup.rows} rows, ${backup.images} images`,
    );
    if (outcome.pruned.length)
      console.log(`Pruned (older generations): ${outcome.pruned.join(", ")}`);
    if (outcome.remote?.ok) {
      console.log(
        `Copied to the bucket ${outcome.remote.bucket} and read back (SHA-256 matches)${
          outcome.remote.pruned.length ? `; pruned there: ${outcome.remote.pruned.join(", ")}` : ""
        }`,
      );
    } else if (outcome.remote) {
      console.error(outcome.remote.error);
      return 2;
    }
    return 0;
  } finally {
    setDatabase(undefined);
    await opened.handle.close();
    opened.release();
  }
}

/**
 * The file a restore reads: FILE as given, a bare backup name found in BACKUP_DIR, or else (with
 * BACKUP_BUCKET) downloaded from the bucket into a temporary directory and checked against its
 * manifest (size and SHA-256) first.
 */
async function restoreSource(
  arg: string,
): Promise<{ file: string; cleanup: () => void; from?: string } | string> {
  const given = path.resolve(arg);
  if (fs.existsSync(given) || !isBackupName(arg)) return { file: given, cleanup: () => {} };
  const local = path.join(config().backupDir, arg);
  if (fs.existsSync(local)) return { file: local, cleanup: () => {} };
  const bucket = backupBucket();
  if (!bucket)
    return `No such file: ${given} (nor in BACKUP_DIR ${config().backupDir}; set BACKUP_BUCKET and the S3_* settings to restore a backup from the bucket by its name)`;
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "budz-restore-"));
  const cleanup = () => fs.rmSync(temporary, { recursive: true, force: true });
  const file = path.join(temporary, arg);
  try {
    console.log(`Downloading ${arg} from the bucket ${bucket.name}…`);
    await downloadRemoteBackup(bucket, arg, file);
    return { file, cleanup, from: bucket.name };
  } catch (error) {
    cleanup();
    return `Restore failed (nothing was replaced): ${(error as Error).message}`;
  }
}

export async function runRestoreCommand(args: string[], force: boolean): Promise<number> {
  logger.level = "warn";
  if (args.length !== 1) {
    console.error("Usage: npm run restore -- FILE|NAME [--force]");
    return 1;
  }
  const source = await restoreSource(args[0]!);
  if (typeof source === "string") {
    console.error(source);
    return 1;
  }
  const { file } = source;
  try {
    const report = await restoreBackup(file, { force });
    if (source.from)
      console.log(
        `Downloaded from the bucket ${source.from}; its size and SHA-256 match its manifest`,
      );
    const { header } = report;
    console.log(
      `Restored ${path.basename(file)} (taken ${header.createdAt} from ${header.driver === "pglite" ? "the embedded database" : "PostgreSQL"}, version ${header.appVersion}) into ${report.into} in ${seconds(report.ms)}: ${report.tables} tables, ${report.rows} rows, ${report.images} images; every count and checksum matches the manifest`,
    );
    for (const aside of report.movedAside)
      console.log(`The data it replaced was moved to ${aside}`);
    if (report.imagesInBucket)
      console.log(
        `The backup holds no images: they live in the bucket ${report.imagesInBucket}, left as they are (set STORAGE=s3 and S3_BUCKET to serve them)`,
      );
    console.log("Start the store: newer migrations, if any, are applied as it starts.");
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Restore refused: ${error.message}`);
      return 1;
    }
    console.error(`Restore failed (nothing was replaced): ${(error as Error).message}`);
    return 1;
  } finally {
    source.cleanup();
  }
}
