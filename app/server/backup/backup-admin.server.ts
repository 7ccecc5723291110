import fs from "node:fs";
import type { Readable } from "node:stream";
import { min } from "drizzle-orm";
import { backupOverdue } from "~/lib/backups";
import { fail, type Result } from "~/lib/errors";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { config } from "../config.server";
import { db } from "../db.server";
import { logger } from "../logger.server";
import { adminUsers } from "../db-tables";
import {
  backupPath,
  backupRunning,
  backupStatus,
  listBackups,
  takeBackup,
  type BackupStatus,
} from "./backup.server";
import { backupBucket, listRemoteBackups, openRemoteBackup } from "./remote.server";
import { backupLocationWarning } from "./storage-warnings.server";

/** The Database screen's backups (owners): the list, Back up now, downloads. */

interface BackupRow {
  name: string;
  size: number;
  createdAt: Date;
  reason: string;
  /** true verified, false failed its verification, null not verified (yet). */
  verified: boolean | null;
  problems: string[];
  /** This server (BACKUP_DIR), the bucket (BACKUP_BUCKET), or both. */
  where: "local" | "bucket" | "both";
}

interface BackupsPanel {
  backups: BackupRow[];
  running: boolean;
  status: BackupStatus;
  backupDir: string;
  /** BACKUP_BUCKET, and why it could not be listed (the local backups are listed regardless). */
  bucket: { name: string; problem: string | null } | null;
  /** Backups and data on one disk with no bucket: what to do about it. */
  locationWarning: string | null;
  hour: number;
  keep: { daily: number; weekly: number; monthly: number };
}

/** How long the Database screen waits for the bucket's list before showing the local one alone. */
const BUCKET_LIST_MS = 5000;

export async function backupsPanel(): Promise<BackupsPanel> {
  const settings = config();
  const backups = await listBackups();
  const rows: BackupRow[] = backups.map((b) => ({
    name: b.name,
    size: b.size,
    createdAt: b.createdAt,
    reason: b.reason,
    verified: b.verification ? b.verification.ok : null,
    problems: b.verification?.problems ?? [],
    where: "local",
  }));
  const bucket = backupBucket();
  let problem: string | null = null;
  if (bucket) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const remote = await Promise.race([
        listRemoteBackups(bucket),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`The bucket ${bucket.name} did not answer in time.`)),
            BUCKET_LIST_MS,
          );
        }),
      ]);
      const byName = new Map(rows.map((row) => [row.name, row]));
      for (const backup of remote) {
        const row = byName.get(backup.name);
        if (row) row.where = "both";
        // Listed in the bucket only once read back and checked there: verified.
        else rows.push({ ...backup, verified: true, problems: [], where: "bucket" });
      }
      rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    } catch (error) {
      problem = `The bucket's backups cannot be listed: ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    backups: rows,
    running: backupRunning(),
    status: await backupStatus(),
    backupDir: settings.backupDir,
    bucket: bucket ? { name: bucket.name, problem } : null,
    locationWarning: backupLocationWarning(
      settings.dataDir,
      settings.backupDir,
      settings.BACKUP_BUCKET,
    ),
    hour: settings.BACKUP_HOUR,
    keep: {
      daily: settings.BACKUP_KEEP_DAILY,
      weekly: settings.BACKUP_KEEP_WEEKLY,
      monthly: settings.BACKUP_KEEP_MONTHLY,
    },
  };
}

export const BACKUP_STARTED =
  "Backup started: it appears in the list when it is written and verified.";
const BACKUP_ALREADY_RUNNING =
  "A backup is being taken already: it appears in the list when it is done.";

/**
 * Back up now: starts a backup and answers at once (it takes a while on a large store); the list
 * shows it when it is written and verified, a failure shows as the banner. Audited when asked.
 */
export async function backUpNow(actor: AuditActor): Promise<Result<{ started: true }>> {
  if (backupRunning()) return fail(409, BACKUP_ALREADY_RUNNING);
  await recordAudit(db(), {
    actor,
    area: "backups",
    action: "create",
    record: { type: "backup", id: "manual", label: "Back up now" },
  });
  void takeBackup({ reason: "manual" }).then((outcome) => {
    if (outcome.status === "busy") logger.info("Back up now: another instance is taking one");
  });
  return { ok: true, started: true };
}

/**
 * A backup for its download (audited as an export): the file in BACKUP_DIR, else streamed from
 * BACKUP_BUCKET; undefined for an unknown name.
 */
export async function openBackupDownload(
  name: string,
  actor: AuditActor,
): Promise<{ size: number; stream: Readable; from: "local" | "bucket" } | undefined> {
  const file = backupPath(name);
  let opened: { size: number; stream: Readable; from: "local" | "bucket" } | undefined;
  if (file) {
    const { size } = await fs.promises.stat(file);
    opened = { size, stream: fs.createReadStream(file), from: "local" };
  } else {
    const bucket = backupBucket();
    const remote = bucket ? await openRemoteBackup(bucket, name) : null;
    if (remote) opened = { size: remote.size, stream: remote.body, from: "bucket" };
  }
  if (!opened) return undefined;
  await recordAudit(db(), {
    actor,
    area: "backups",
    action: "export",
    record: { type: "backup", id: name, label: name },
    changes: { bytes: opened.size, ...(opened.from === "bucket" ? { from: "bucket" } : {}) },
  });
  return opened;
}

/**
 * The last good backup when it is older than the daily schedule allows (or none was ever taken on
 * a store older than that): the Overview's note to owners. Null when all is well.
 */
export async function overdueBackup(
  now = new Date(),
): Promise<{ lastGoodAt: Date | null; ageMs: number | null } | null> {
  const { lastGood } = await backupStatus();
  if (!backupOverdue(lastGood?.at ?? null, now)) return null;
  if (!lastGood) {
    // A new store has until its first daily backup: its age is its first admin's.
    const [first] = await db()
      .select({ at: min(adminUsers.createdAt) })
      .from(adminUsers);
    if (!first?.at || !backupOverdue(first.at, now)) return null;
    return { lastGoodAt: null, ageMs: null };
  }
  return { lastGoodAt: lastGood.at, ageMs: now.getTime() - lastGood.at.getTime() };
}
