import { and, eq, isNull, lte, or } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Executor } from "../db.server";
import { paymentMailbox } from "../db-tables";
import { logger } from "../logger.server";
import { openSecret, sealSecret } from "../settings/secrets.server";
import { readPaymentMailbox, testMailboxConnection, type MailboxSettings } from "./mailbox.server";
import { recordIncomingPayments, type MatchSummary } from "./matching.server";

/**
 * The payments mailbox (Settings → Payments → Payments mailbox, docs/product/payments.md): its
 * settings, stored with the password encrypted, and the job that reads it. The job runs often and
 * reads when the poll interval has passed; one instance at a time holds the read's lease, and
 * failures push the next read further off (up to MAX_BACKOFF_MS) instead of retrying at once.
 */

export const DEFAULT_POLL_SECONDS = 60;
export const POLL_SECONDS_RANGE = { min: 30, max: 3600 } as const;
/** How long a read may hold the lease (a crashed reader's lease runs out). */
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;

/** What Settings shows of the mailbox, never its password. */
export interface MailboxSummary {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  folder: string;
  processedFolder: string;
  pollSeconds: number;
  passwordUnreadable: boolean;
  lastReadAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  leftForStaff: { subject: string; reason: string }[];
}

async function storedRow(executor: Executor) {
  const [row] = await executor.select().from(paymentMailbox).where(eq(paymentMailbox.id, 1));
  return row ?? null;
}

export async function mailboxSummary(): Promise<MailboxSummary | null> {
  const row = await storedRow(db());
  if (!row) return null;
  return {
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    folder: row.folder,
    processedFolder: row.processedFolder,
    pollSeconds: row.pollSeconds,
    passwordUnreadable: openSecret(row.passwordCipher) === null,
    lastReadAt: row.lastReadAt,
    lastSuccessAt: row.lastSuccessAt,
    lastError: row.lastError,
    leftForStaff: row.leftForStaff as MailboxSummary["leftForStaff"],
  };
}

function settingsOf(row: typeof paymentMailbox.$inferSelect): MailboxSettings | null {
  const password = openSecret(row.passwordCipher);
  if (!password) return null;
  return {
    host: row.host,
    port: row.port,
    tls: row.tls,
    user: row.username,
    password,
    folder: row.folder,
    processedFolder: row.processedFolder,
  };
}

export interface MailboxInput {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  /** Null: keep the stored password. */
  password: string | null;
  folder: string;
  processedFolder: string;
  pollSeconds: number;
}

/** Saves the mailbox (a blank password keeps the stored one); false when there is none to keep. */
export async function saveMailbox(input: MailboxInput, actor: AuditActor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const before = await storedRow(tx);
    const passwordCipher = input.password ? sealSecret(input.password) : before?.passwordCipher;
    if (!passwordCipher) return false;
    const values = {
      host: input.host,
      port: input.port,
      tls: input.tls,
      username: input.username,
      passwordCipher,
      folder: input.folder,
      processedFolder: input.processedFolder,
      pollSeconds: input.pollSeconds,
      updatedAt: new Date(),
      // A changed mailbox is read at once, its last failure forgotten.
      nextReadAt: new Date(),
      failuresInARow: 0,
      lastError: null,
    };
    await tx
      .insert(paymentMailbox)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentMailbox.id, set: values });
    await recordAudit(tx, {
      actor,
      area: "settings",
      action: before ? "update" : "create",
      record: { type: "settings", id: "payment-mailbox", label: "Settings: Payments mailbox" },
      changes: {
        host: [before?.host ?? null, input.host],
        port: [before?.port ?? null, input.port],
        tls: [before?.tls ?? null, input.tls],
        username: [before?.username ?? null, input.username],
        folder: [before?.folder ?? null, input.folder],
        processedFolder: [before?.processedFolder ?? null, input.processedFolder],
        pollSeconds: [before?.pollSeconds ?? null, input.pollSeconds],
        ...(input.password ? { password: ["[redacted]", "[redacted]"] } : {}),
      },
    });
    return true;
  });
}

export async function disconnectMailbox(actor: AuditActor): Promise<void> {
  await db().transaction(async (tx) => {
    const deleted = await tx.delete(paymentMailbox).returning({ id: paymentMailbox.id });
    if (deleted.length > 0)
      await recordAudit(tx, {
        actor,
        area: "settings",
        action: "delete",
        record: { type: "settings", id: "payment-mailbox", label: "Settings: Payments mailbox" },
      });
  });
}

/** Connects with the saved settings: null when the mailbox answers, else what is wrong. */
export async function testMailbox(): Promise<string | null> {
  const row = await storedRow(db());
  if (!row) return "No payments mailbox to test: save its settings (with the password) first.";
  const settings = settingsOf(row);
  if (!settings)
    return "The stored password cannot be read on this server (restored from another one): enter it again and save.";
  const tested = await testMailboxConnection(settings, { timeoutMs: 10_000 });
  return tested.ok ? null : tested.message;
}

export type MailboxRun =
  | { read: false; why: "not set up" | "not due" }
  | { read: true; ok: true; matched: MatchSummary; left: number }
  | { read: true; ok: false; error: string };

/**
 * The job: reads the mailbox when it is due and no other instance is reading it. Each batch of
 * notices is stored and matched in one transaction before its messages are moved.
 */
export async function readMailboxIfDue(now = new Date()): Promise<MailboxRun> {
  const [claimed] = await db()
    .update(paymentMailbox)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), lastReadAt: now })
    .where(
      and(
        eq(paymentMailbox.id, 1),
        lte(paymentMailbox.nextReadAt, now),
        or(isNull(paymentMailbox.leaseUntil), lte(paymentMailbox.leaseUntil, now)),
      ),
    )
    .returning();
  if (!claimed) {
    const exists = await storedRow(db());
    return { read: false, why: exists ? "not due" : "not set up" };
  }
  const settings = settingsOf(claimed);
  const matched: MatchSummary = { applied: 0, paid: 0, suggested: 0, queued: 0, duplicates: 0 };
  let outcome:
    { ok: true; left: { subject: string; reason: string }[] } | { ok: false; error: string };
  if (!settings) {
    outcome = {
      ok: false,
      error: "The stored password cannot be read on this server: enter it again in Settings.",
    };
  } else {
    try {
      const result = await readPaymentMailbox(settings, async (notices) => {
        const summary = await recordIncomingPayments(
          notices.map((notice) => ({
            source: "mailbox" as const,
            bankReference: notice.bankReference,
            amountCents: notice.amountCents,
            senderName: notice.senderName,
            message: notice.message,
            receivedAt: notice.receivedAt,
          })),
        );
        for (const key of Object.keys(matched) as (keyof MatchSummary)[])
          matched[key] += summary[key];
      });
      outcome = result.ok ? { ok: true, left: result.left } : { ok: false, error: result.message };
    } catch (error) {
      logger.error({ err: error }, "payments mailbox: reading failed");
      outcome = {
        ok: false,
        error: "The store could not finish reading the mailbox; it tries again later.",
      };
    }
  }
  const failures = outcome.ok ? 0 : claimed.failuresInARow + 1;
  const waitMs = outcome.ok
    ? claimed.pollSeconds * 1000
    : Math.min(claimed.pollSeconds * 1000 * 2 ** failures, MAX_BACKOFF_MS);
  await db()
    .update(paymentMailbox)
    .set({
      leaseUntil: null,
      nextReadAt: new Date(Date.now() + waitMs),
      failuresInARow: failures,
      lastError: outcome.ok ? null : outcome.error,
      ...(outcome.ok
        ? {
            lastSuccessAt: now,
            leftForStaff: outcome.left.slice(0, 50),
          }
        : {}),
    })
    .where(eq(paymentMailbox.id, 1));
  if (!outcome.ok) {
    logger.warn({ error: outcome.error, failures }, "payments mailbox: read failed");
    return { read: true, ok: false, error: outcome.error };
  }
  if (matched.applied + matched.suggested + matched.queued > 0)
    logger.info(matched, "payments mailbox read");
  return { read: true, ok: true, matched, left: outcome.left.length };
}

let reading: Promise<unknown> | null = null;

/**
 * The boot job's run: a read beside the email worker's loop (a slow mailbox does not hold the
 * emails up, nor the server's stop), never two at once in this process.
 */
export function startMailboxRead(): Promise<void> {
  reading ??= readMailboxIfDue()
    .catch((error: unknown) => logger.error({ err: error }, "payments mailbox: read failed"))
    .finally(() => {
      reading = null;
    });
  return Promise.resolve();
}
