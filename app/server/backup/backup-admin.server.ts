import fs from "node:fs";
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

/** The Database screen's backups (owners): the list, Back up now, downloads. */

interface BackupRow {
  name: string;
  size: number;
  createdAt: Date;
  reason: string;
  /** true verified, false failed its verification, null not verified (yet). */
  verified: boolean | null;
  problems: string[];
}

interface BackupsPanel {
  backups: BackupRow[];
  running: boolean;
  status: BackupStatus;
  backupDir: string;
  hour: number;
  keep: { daily: number; weekly: number };
}

export async function backupsPanel(): Promise<BackupsPanel> {
  const settings = config();
  const backups = await listBackups();
  return {
    backups: backups.map((b) => ({
      name: b.name,
      size: b.size,
      createdAt: b.createdAt,
      reason: b.reason,
      verified: b.verification ? b.verification.ok : null,
      problems: b.verification?.problems ?? [],
    })),
    running: backupRunning(),
    status: await backupStatus(),
    backupDir: settings.backupDir,
    hour: settings.BACKUP_HOUR,
    keep: { daily: settings.BACKUP_KEEP_DAILY, weekly: settings.BACKUP_KEEP_WEEKLY },
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

/** A backup's file for its download (audited as an export), or undefined for an unknown name. */
export async function openBackupDownload(
  name: string,
  actor: AuditActor,
): Promise<{ file: string; size: number; stream: fs.ReadStream } | undefined> {
  const file = backupPath(name);
  if (!file) return undefined;
  const { size } = await fs.promises.stat(file);
  await recordAudit(db(), {
    actor,
    area: "backups",
    action: "export",
    record: { type: "backup", id: name, label: name },
    changes: { bytes: size },
  });
  return { file, size, stream: fs.createReadStream(file) };
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
