import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { emailOutbox } from "~/server/schema";
import type { OutboxMessage } from "./outbox.server";
import {
  buildMail,
  classifySendError,
  createFileTransport,
  createSmtpTransport,
  type Transport,
} from "./smtp.server";

/**
 * The outbox worker. Delivery is at-least-once, made as close to exactly-once as SMTP allows:
 *
 * - A row is claimed by one atomic UPDATE over `SELECT … FOR UPDATE SKIP LOCKED`, so any number
 *   of workers (several app instances on one PostgreSQL) never claim the same row twice. The claim
 *   sets status 'sending', a lock deadline and attempts + 1.
 * - After the SMTP server accepts the message the row becomes 'sent'. Every completion update is
 *   fenced by the attempts value of its claim, so a worker that lost its claim changes nothing.
 * - A crash between claim and completion leaves the row 'sending'; once its lock deadline passes
 *   any worker puts it back to 'pending' and it is sent again. The only window for a duplicate is
 *   a crash after the server accepted the message but before the row was marked sent: the resend
 *   then carries the same Message-ID and Date (smtp.server.ts), so it is recognisably the same
 *   message. The lock (5 minutes) is far longer than one send can take with the transport's
 *   timeouts, so a live worker's row is never taken over.
 * - Temporary failures (no SMTP reply, 4xx) retry with exponential backoff up to maxAttempts;
 *   permanent ones (5xx) end as 'bounced' (recipient refused) or 'failed', never retried.
 *
 * Without SMTP_URL nothing can be delivered: rows stay 'pending' with last_error NOT_CONFIGURED
 * (readable in the outbox, and as .eml files under DATA_DIR/outbox), and are sent once a server
 * starts with SMTP_URL set.
 */

export const NOT_CONFIGURED = "SMTP_URL not configured: kept in the outbox";
const INTERRUPTED = "Interrupted while sending (worker stopped or crashed): sending again";

export interface EmailWorkerOptions {
  /** Default config().SMTP_URL; null or unset keeps messages in the outbox. */
  smtpUrl?: string | null;
  pollIntervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  lockMs?: number;
  /** How long stop() lets an in-flight send finish before closing its connection. */
  stopGraceMs?: number;
  /** Where kept messages are written as .eml files (default DATA_DIR/outbox). */
  outboxDir?: string;
  /** Other periodic work run by the same loop (e.g. unpaid-order reminders), each every `everyMs`. */
  jobs?: PeriodicJob[];
  /** SMTP connections kept open at once (default 5). */
  smtpPoolSize?: number;
  /**
   * This process is the only one that can be sending (PGlite: the data directory is locked to
   * it), so rows left 'sending' by a crashed predecessor are resent at once instead of after
   * their lock runs out. Never with a database several instances share.
   */
  soleInstance?: boolean;
}

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface EmailWorker {
  /** Look for due messages now instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the batch in flight to be recorded. */
  stop(): Promise<void>;
  /** Outbox rows being sent right now (what a forced exit would leave 'sending'). */
  inFlight(): string[];
}

interface Settings extends Required<
  Omit<EmailWorkerOptions, "smtpUrl" | "jobs" | "smtpPoolSize" | "soleInstance">
> {
  mailFrom: string;
  publicUrl: string;
}

const holder = globalThis as unknown as { __budzEmailWorkers?: Set<EmailWorker> };
const running = (holder.__budzEmailWorkers ??= new Set());

/** Wakes every running worker of this process (checkout calls it after its transaction commits). */
export function wakeWorker(): void {
  for (const worker of running) worker.wake();
}

export function backoffMs(
  attempts: number,
  settings: Pick<Settings, "baseBackoffMs" | "maxBackoffMs">,
) {
  const exponential = settings.baseBackoffMs * 2 ** Math.max(0, attempts - 1);
  const jitter = 0.8 + Math.random() * 0.4;
  return Math.round(Math.min(settings.maxBackoffMs, exponential) * jitter);
}

function afterMs(ms: number) {
  return sql`now() + (${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
}

/**
 * Rows left 'sending' past their lock by a worker that stopped or crashed go back to pending (all
 * rows left 'sending', when `everyLock`: the caller knows no other worker is alive).
 */
async function reclaimAbandoned(settings: Settings, everyLock = false) {
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

async function claimDue(settings: Settings): Promise<OutboxMessage[]> {
  const due = db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(settings.batchSize)
    .for("update", { skipLocked: true });
  return (
    db()
      .update(emailOutbox)
      .set({
        status: "sending",
        attempts: sql`${emailOutbox.attempts} + 1`,
        lockedUntil: afterMs(settings.lockMs),
      })
      // array(...) runs the locking subquery once; a plain IN (subquery) may be re-run by the
      // planner for each row and then claims past the LIMIT. The status re-check is belt and braces.
      .where(and(sql`${emailOutbox.id} = any(array(${due}))`, eq(emailOutbox.status, "pending")))
      .returning()
  );
}

/** Completion updates only touch the row while it is still this worker's claim. */
function stillClaimed(row: OutboxMessage) {
  return and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.status, "sending"),
    eq(emailOutbox.attempts, row.attempts),
  );
}

/** A PostgreSQL array literal of strings (each quoted, so any text is safe in it). */
function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/** How long a delivered message may wait to be recorded with others (the duplicate window). */
const RECORD_WINDOW_MS = 3;

type RecordSent = (row: OutboxMessage, messageId: string) => Promise<boolean>;

/**
 * Marks delivered rows 'sent', several per statement: sends that complete within a few
 * milliseconds of each other, or while one UPDATE runs, are recorded together by the next, so the
 * window between "the server accepted it" and "it is recorded" stays a few milliseconds long
 * while a large mailing costs a fraction of the statements.
 * Each row is fenced by its claim (status 'sending' and the claim's attempts); the promise says
 * whether the row was still this worker's.
 */
function sentRecorder(): RecordSent {
  type Waiting = {
    row: OutboxMessage;
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
      // A moment for the sends finishing together to share the statement.
      setTimeout(() => void flush(), RECORD_WINDOW_MS);
    });
}

async function deliver(
  row: OutboxMessage,
  transport: Transport,
  settings: Settings,
  recordSent: RecordSent,
) {
  const mail = buildMail(row, settings);
  let outcome: ReturnType<typeof classifySendError> | undefined;
  try {
    await transport.sendMail(mail);
  } catch (error) {
    outcome = classifySendError(error);
  }

  if (!outcome) {
    if (!(await recordSent(row, String(mail.messageId))))
      logger.warn({ id: row.id }, "email: sent after its claim was taken over");
    else logger.info({ id: row.id, kind: row.kind }, "email sent");
    return;
  }

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

function emlName(row: OutboxMessage) {
  const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${row.kind.replace(/[^A-Za-z0-9_-]/g, "_")}-${row.id}.eml`;
}

/** Without SMTP: a readable copy of each new due message, and a clear note on its row. */
async function keepDue(transport: Transport, settings: Settings): Promise<number> {
  const rows = await db()
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lastError), ne(emailOutbox.lastError, NOT_CONFIGURED)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(settings.batchSize);
  if (rows.length === 0) return 0;
  await fs.mkdir(settings.outboxDir, { recursive: true });
  for (const row of rows) {
    const info = (await transport.sendMail(buildMail(row, settings))) as { message: Buffer };
    await fs.writeFile(path.join(settings.outboxDir, emlName(row)), info.message);
  }
  await db()
    .update(emailOutbox)
    .set({ lastError: NOT_CONFIGURED })
    .where(
      and(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
        eq(emailOutbox.status, "pending"),
      ),
    );
  return rows.length;
}

function resolveSettings(options: EmailWorkerOptions): Settings {
  const c = config();
  return {
    pollIntervalMs: options.pollIntervalMs ?? 2_000,
    batchSize: options.batchSize ?? 10,
    maxAttempts: options.maxAttempts ?? 10,
    baseBackoffMs: options.baseBackoffMs ?? 30_000,
    maxBackoffMs: options.maxBackoffMs ?? 60 * 60_000,
    lockMs: options.lockMs ?? 5 * 60_000,
    stopGraceMs: options.stopGraceMs ?? 10_000,
    outboxDir: options.outboxDir ?? path.join(c.dataDir, "outbox"),
    mailFrom: c.mailFrom,
    publicUrl: c.publicUrl,
  };
}

/** Starts polling the outbox (every 2 s by default, sooner when woken). */
export function startEmailWorker(options: EmailWorkerOptions = {}): EmailWorker {
  const settings = resolveSettings(options);
  const smtpUrl = options.smtpUrl === undefined ? config().SMTP_URL : options.smtpUrl;
  const transport = smtpUrl
    ? createSmtpTransport(smtpUrl, options.smtpPoolSize)
    : createFileTransport();
  if (!smtpUrl) {
    logger.warn(
      { outboxDir: settings.outboxDir },
      "SMTP_URL is not set: emails are kept in the outbox (npm run outbox, or the .eml files)",
    );
  }

  const sending = new Set<string>();
  const recordSent = sentRecorder();
  let firstRun = true;
  const runOnce = async () => {
    if (!smtpUrl) return keepDue(transport, settings);
    await reclaimAbandoned(settings, firstRun && options.soleInstance === true);
    firstRun = false;
    const rows = await claimDue(settings);
    // Settle every send before going on, so stop() never closes the transport under one.
    for (const row of rows) sending.add(row.id);
    const results = await Promise.allSettled(
      rows.map((row) =>
        deliver(row, transport, settings, recordSent).finally(() => sending.delete(row.id)),
      ),
    );
    for (const r of results) {
      // The row stays 'sending' and is resent once its lock expires.
      if (r.status === "rejected")
        logger.error({ err: r.reason }, "email: could not record a send");
    }
    return rows.length;
  };

  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(resolve, ms);
      timer.unref();
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const jobs = (options.jobs ?? []).map((job) => ({ ...job, dueAt: 0 }));
  const runDueJobs = async () => {
    for (const job of jobs) {
      if (stopped || Date.now() < job.dueAt) continue;
      job.dueAt = Date.now() + job.everyMs;
      try {
        await job.run();
      } catch (error) {
        if (!stopped) logger.error({ err: error, job: job.name }, "periodic job failed");
      }
    }
  };

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      await runDueJobs();
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (error) {
        if (!stopped) logger.error({ err: error }, "email worker: could not process the outbox");
      }
      // A full batch means more may be due: go again at once.
      if (handled < settings.batchSize) await pause(settings.pollIntervalMs);
      interrupt = undefined;
    }
  })();

  const worker: EmailWorker = {
    inFlight: () => [...sending],
    wake() {
      woken = true;
      interrupt?.();
    },
    async stop() {
      stopped = true;
      worker.wake();
      const force = setTimeout(() => transport.close({ force: true }), settings.stopGraceMs);
      try {
        await loop;
      } finally {
        clearTimeout(force);
        transport.close();
        running.delete(worker);
      }
    },
  };
  running.add(worker);
  return worker;
}
