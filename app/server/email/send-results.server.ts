import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { emailOutbox } from "~/server/db-tables";
import { afterMs } from "./outbox-claims.server";
import type { OutboxRow } from "./outbox.server";
import type { SendOutcome } from "./smtp.server";

/**
 * Recording what became of a claimed row (outbox-claims.server.ts). Every update is fenced by the
 * claim: the row must still be 'sending' with the attempts value of this worker's claim, so a
 * worker that lost its claim (its lock ran out and another worker took the row) changes nothing.
 */

type Claimed = Pick<OutboxRow, "id" | "attempts">;

interface RetrySettings {
  maxAttempts: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export function backoffMs(
  attempts: number,
  settings: Pick<RetrySettings, "baseBackoffMs" | "maxBackoffMs">,
) {
  const exponential = settings.baseBackoffMs * 2 ** Math.max(0, attempts - 1);
  const jitter = 0.8 + Math.random() * 0.4;
  return Math.round(Math.min(settings.maxBackoffMs, exponential) * jitter);
}

/** A PostgreSQL array literal of strings (each quoted, so any text is safe in it). */
function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/** Marks a delivered row 'sent'; resolves to whether the row was still this worker's claim. */
export type RecordSent = (row: Claimed, messageId: string) => Promise<boolean>;

/**
 * Marks delivered rows 'sent', several per statement: sends that complete together, or while one
 * UPDATE runs, are recorded together by the next, so the window between "the server accepted it"
 * and "it is recorded" stays as short as one statement while a large mailing costs a fraction of
 * the statements.
 */
export function sentRecorder(): RecordSent {
  type Waiting = {
    row: Claimed;
    messageId: string;
    resolve: (recorded: boolean) => void;
    reject: (error: unknown) => void;
  };
  let queue: Waiting[] = [];
  let flushing = false;
  const flush = async () => {
    while (queue.length > 0) {
      const items = queue;
      queue = [];
      try {
        // Arrays, not a joined row set: `id = any(…)` keeps the UPDATE on the primary key index
        // whatever the planner's statistics say about the outbox.
        const ids = pgArray(items.map((i) => i.row.id));
        const attempts = pgArray(items.map((i) => String(i.row.attempts)));
        const messageIds = pgArray(items.map((i) => i.messageId));
        const at = sql`array_position(${ids}::uuid[], o.id)`;
        const result = await db().execute(sql`
          update email_outbox o
          set status = 'sent', sent_at = now(), message_id = (${messageIds}::text[])[${at}],
            last_error = null, locked_until = null
          where o.id = any(${ids}::uuid[]) and o.status = 'sending'
            and o.attempts = (${attempts}::integer[])[${at}]
          returning o.id`);
        const recorded = new Set(
          (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
        );
        for (const item of items) item.resolve(recorded.has(item.row.id));
      } catch (error) {
        for (const item of items) item.reject(error);
      }
    }
    flushing = false;
  };
  return (row, messageId) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ row, messageId, resolve, reject });
      if (flushing) return;
      flushing = true;
      // Sends finishing in the same turn of the event loop share the statement; no waiting
      // beyond that, since every moment here widens the window for a duplicate after a crash.
      setImmediate(() => void flush());
    });
}

/** Completion updates only touch the row while it is still this worker's claim. */
function stillClaimed(row: Claimed) {
  return and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.status, "sending"),
    eq(emailOutbox.attempts, row.attempts),
  );
}

/**
 * A send that failed: a temporary failure goes back to 'pending' with exponential backoff until
 * maxAttempts; a permanent one (or the last attempt) ends 'bounced' (recipient refused) or
 * 'failed', never retried.
 */
export async function recordSendFailure(
  row: Claimed,
  outcome: SendOutcome,
  settings: RetrySettings,
) {
  if (outcome.kind === "retry" && row.attempts < settings.maxAttempts) {
    const delay = backoffMs(row.attempts, settings);
    await db()
      .update(emailOutbox)
      .set({
        status: "pending",
        nextAttemptAt: afterMs(delay),
        lastError: outcome.error,
        lockedUntil: null,
      })
      .where(stillClaimed(row));
    logger.warn(
      { id: row.id, attempts: row.attempts, retryInMs: delay, error: outcome.error },
      "email: temporary failure, will retry",
    );
    return;
  }

  const error =
    outcome.kind === "retry"
      ? `Gave up after ${row.attempts} attempts: ${outcome.error}`
      : outcome.error;
  const status = outcome.kind === "bounced" ? "bounced" : "failed";
  await db()
    .update(emailOutbox)
    .set({ status, lastError: error, lockedUntil: null })
    .where(stillClaimed(row));
  logger.warn({ id: row.id, status, error }, "email: not delivered");
}
