import { sql } from "drizzle-orm";
import { REDACTED, SECRET_KEY, type AuditAction, type AuditArea } from "~/lib/audit";
import { dayKey } from "~/lib/invoices";
import { config } from "../config.server";
import { db, type Executor, type Transaction } from "../db.server";
import { logger } from "../logger.server";
import { auditLog, dailyJobs, type AuditChanges } from "../db-tables";

/** Who did it, from where: the signed-in admin and the request's address. */
export interface AuditActor {
  adminId: string | null;
  name: string;
  ip: string | null;
}

/** The record an entry is about: its type, id (or number) and a label to read it by. */
interface AuditRecord {
  type: string;
  id: string;
  label?: string | null;
}

interface AuditEntry {
  actor: AuditActor;
  area: AuditArea;
  action: AuditAction;
  record?: AuditRecord | null;
  /** Edits: each changed field before → after (`changedFields`). Else what the action touched. */
  changes?: AuditChanges | Record<string, unknown> | null;
}

/** The shell (`npm run admin`, scripts): no admin, no address. */
export const SHELL_ACTOR: AuditActor = { adminId: null, name: "Shell", ip: null };

const MAX_TEXT = 300;
export { REDACTED };

/** A value as logged: secrets under any key redacted, long texts cut (a page body is not copied). */
function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string")
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (Array.isArray(value)) return value.map(loggable);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : loggable(v)]),
    );
  return value ?? null;
}

/**
 * Writes audit entries (one insert) with the executor of the change it records (its transaction), so a change
 * without its entry cannot exist: a refused or failed change rolls its entry back with it.
 */
export async function recordAudit(
  executor: Executor,
  entries: AuditEntry | AuditEntry[],
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await executor.insert(auditLog).values(
    list.map((entry) => {
      const changes = entry.changes ? (loggable(entry.changes) as AuditChanges) : null;
      return {
        adminId: entry.actor.adminId,
        adminName: entry.actor.name,
        ipAddress: entry.actor.ip,
        area: entry.area,
        action: entry.action,
        recordType: entry.record?.type ?? null,
        recordId: entry.record?.id ?? null,
        recordLabel: entry.record?.label ?? null,
        changes: changes && Object.keys(changes).length > 0 ? changes : null,
      };
    }),
  );
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null, dateReplacer) === JSON.stringify(b ?? null, dateReplacer);
function dateReplacer(this: unknown, _key: string, value: unknown) {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The fields of `keys` (every key of either side when omitted) whose values differ between
 * `before` and `after`, as `{ field: [before, after] }`; a new record passes `before` null.
 */
export function changedFields<T extends object>(
  before: Partial<T> | null | undefined,
  after: Partial<T> | null | undefined,
  keys?: readonly (keyof T & string)[],
): AuditChanges {
  const names =
    keys ??
    ([...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])] as (keyof T &
      string)[]);
  const changes: AuditChanges = {};
  for (const key of names) {
    const a = before?.[key];
    const b = after?.[key];
    if (!same(a, b)) changes[key] = [a ?? null, b ?? null];
  }
  return changes;
}

/** The name the retention pruning claims its day under in daily_jobs. */
const AUDIT_PRUNE_JOB = "audit-prune";

/**
 * Deletes the entries older than the retention (AUDIT_RETENTION_DAYS days before `now`): the only
 * delete the append-only trigger lets through, with `budz.audit_prune` set for this transaction.
 */
async function pruneIn(tx: Transaction, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  await tx.execute(sql`set local budz.audit_prune = 'on'`);
  const result = await tx.execute(
    sql`with gone as (delete from ${auditLog} where ${auditLog.createdAt} < ${cutoff.toISOString()}::timestamptz returning 1)
        select count(*)::int as deleted from gone`,
  );
  return (result as unknown as { rows: { deleted: number }[] }).rows[0]?.deleted ?? 0;
}

export async function pruneAuditLog(
  options: { now?: Date; days?: number } = {},
): Promise<{ deleted: number }> {
  const now = options.now ?? new Date();
  const days = options.days ?? config().AUDIT_RETENTION_DAYS;
  return { deleted: await db().transaction((tx) => pruneIn(tx, now, days)) };
}

/**
 * The email worker's daily pruning: the first run of the day (STORE_TIMEZONE) claims the day in
 * daily_jobs in the pruning's own transaction, so with several instances exactly one prunes.
 */
export async function runDailyAuditPrune(now = new Date()): Promise<{ deleted: number } | null> {
  const day = dayKey(now, config().STORE_TIMEZONE);
  const deleted = await db().transaction(async (tx) => {
    const [claimed] = await tx
      .insert(dailyJobs)
      .values({ name: AUDIT_PRUNE_JOB, day })
      .onConflictDoNothing()
      .returning({ day: dailyJobs.day });
    return claimed ? pruneIn(tx, now, config().AUDIT_RETENTION_DAYS) : null;
  });
  if (deleted) logger.info({ deleted }, "old audit log entries pruned");
  return deleted === null ? null : { deleted };
}

/**
 * An export or PDF batch (data revealed in bulk): one entry naming what was exported and with
 * which filters (those left at their defaults omitted), written before the download starts.
 */
export async function recordExport(
  actor: AuditActor,
  what: { id: string; label: string },
  filters: Record<string, unknown> = {},
): Promise<void> {
  const chosen = Object.fromEntries(
    Object.entries(filters).filter(
      ([, value]) => value !== undefined && value !== null && value !== "" && value !== "all",
    ),
  );
  await recordAudit(db(), {
    actor,
    area: "exports",
    action: "export",
    record: { type: "export", id: what.id, label: what.label },
    changes: chosen,
  });
}
