import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { emailOutbox } from "~/server/db-tables";
import type { OutboxRow } from "./outbox.server";

/**
 * Claiming outbox rows for the worker (worker.server.ts): a row is claimed by one atomic UPDATE
 * over `SELECT … FOR UPDATE SKIP LOCKED`, so any number of workers (several app instances on one
 * PostgreSQL) never claim the same row twice. The claim sets status 'sending', a lock deadline
 * and attempts + 1; what a crashed worker left 'sending' goes back to 'pending' once its lock
 * has run out.
 */

const INTERRUPTED = "Interrupted while sending (worker stopped or crashed): sending again";

interface ClaimSettings {
  maxAttempts: number;
  lockMs: number;
}

/** `now()` plus `ms` milliseconds, in SQL. */
export function afterMs(ms: number) {
  return sql`now() + (${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
}

/**
 * Rows left 'sending' past their lock by a worker that stopped or crashed go back to pending (all
 * rows left 'sending', when `everyLock`: the caller knows no other worker is alive). A row that
 * has used up its attempts fails instead.
 */
export async function reclaimAbandoned(settings: ClaimSettings, everyLock = false) {
  const abandoned = everyLock
    ? eq(emailOutbox.status, "sending")
    : and(eq(emailOutbox.status, "sending"), lt(emailOutbox.lockedUntil, sql`now()`));
  await db()
    .update(emailOutbox)
    .set({
      status: "failed",
      lockedUntil: null,
      lastError: `Gave up after ${settings.maxAttempts} attempts: interrupted while sending`,
    })
    .where(and(abandoned, gte(emailOutbox.attempts, settings.maxAttempts)));
  const reclaimed = await db()
    .update(emailOutbox)
    .set({ status: "pending", lockedUntil: null, lastError: INTERRUPTED })
    .where(abandoned)
    .returning({ id: emailOutbox.id });
  if (reclaimed.length > 0)
    logger.warn({ count: reclaimed.length }, "email: resending interrupted messages");
}

/**
 * The order due rows are sent in (email_outbox_due_idx): one-off messages (order confirmations,
 * payment reminders) before newsletter and campaign rows, so a large mailing never holds up a
 * shopper's confirmation; each group oldest due first.
 */
export const dueOrder = [
  sql`(${emailOutbox.mailingId} is not null)`,
  asc(emailOutbox.nextAttemptAt),
];

/** Claims up to `limit` due rows, in `dueOrder`, for this worker alone. */
export async function claimDue(settings: ClaimSettings, limit: number): Promise<OutboxRow[]> {
  const due = db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(...dueOrder)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db()
    .update(emailOutbox)
    .set({
      status: "sending",
      attempts: sql`${emailOutbox.attempts} + 1`,
      lockedUntil: afterMs(settings.lockMs),
    })
    // array(...) runs the locking subquery once; a plain IN (subquery) may be re-run by the
    // planner for each row and then claims past the LIMIT. The status re-check is belt and braces.
    .where(and(sql`${emailOutbox.id} = any(array(${due}))`, eq(emailOutbox.status, "pending")))
    .returning();
  // RETURNING gives no order: sent in `dueOrder` too.
  return claimed.sort(
    (a, b) =>
      Number(a.mailingId !== null) - Number(b.mailingId !== null) ||
      a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime(),
  );
}
