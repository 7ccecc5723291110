import path from "node:path";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { keepDue, NOT_CONFIGURED } from "./keep-unsent.server";
import { composeMessages, type MailingBodyCache } from "./mailing-body.server";
import { claimDue, reclaimAbandoned } from "./outbox-claims.server";
import type { OutboxMessage } from "./outbox.server";
import type { Mailbox } from "./mime.server";
import { recordSendFailure, sentRecorder, type RecordSent } from "./send-results.server";
import { emailSender } from "./sender.server";
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
 * - Rows are claimed atomically (outbox-claims.server.ts), so several workers never claim the
 *   same row. A worker holds at most `batchSize` claimed rows: when half of them are done it
 *   claims more, so its SMTP connections never wait for the slowest message of a batch.
 * - After the SMTP server accepts the message the row becomes 'sent' (send-results.server.ts).
 *   Every completion update is fenced by the attempts value of its claim, so a worker that lost
 *   its claim changes nothing.
 * - A crash between claim and completion leaves the row 'sending'; once its lock deadline passes
 *   any worker puts it back to 'pending' and it is sent again. The only window for a duplicate is
 *   a crash after the server accepted the message but before the row was marked sent: the resend
 *   then carries the same Message-ID, Date and body (smtp.server.ts, mailing-body.server.ts), so
 *   it is recognisably the same message. The lock (5 minutes) is far longer than one send can
 *   take with the transport's timeouts, so a live worker's row is never taken over.
 * - Temporary failures (no SMTP reply, 4xx) retry with exponential backoff up to maxAttempts;
 *   permanent ones (5xx) end as 'bounced' (recipient refused) or 'failed', never retried.
 *
 * Without SMTP_URL nothing can be delivered: rows stay 'pending' with last_error NOT_CONFIGURED
 * (readable in the outbox, and as .eml files under DATA_DIR/outbox), and are sent once a server
 * starts with SMTP_URL set.
 */

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

interface PeriodicJob {
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
  publicUrl: string;
}

const holder = globalThis as unknown as { __budzEmailWorkers?: Set<EmailWorker> };
const running = (holder.__budzEmailWorkers ??= new Set());

/** Wakes every running worker of this process (checkout calls it after its transaction commits). */
export function wakeWorker(): void {
  for (const worker of running) worker.wake();
}

async function deliver(
  message: OutboxMessage,
  transport: Transport,
  settings: Settings & { sender: Mailbox },
  recordSent: RecordSent,
) {
  const mail = buildMail(message, settings);
  try {
    await transport.sendMail(mail);
  } catch (error) {
    await recordSendFailure(message, classifySendError(error), settings);
    return;
  }
  if (!(await recordSent(message, mail.messageId)))
    logger.warn({ id: message.id }, "email: sent after its claim was taken over");
  // A newsletter's thousands of sends show on its screen, not one log line each.
  else
    logger[message.mailingId ? "debug" : "info"](
      { id: message.id, kind: message.kind },
      "email sent",
    );
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
    publicUrl: c.publicUrl,
  };
}

export { NOT_CONFIGURED };

/** How often a running worker looks for rows a crashed worker left 'sending' past their lock. */
const RECLAIM_EVERY_MS = 30_000;

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

  let stopped = false;
  const sending = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const bodies: MailingBodyCache = new Map();
  const recordSent = sentRecorder();
  // Resolved when half of the claimed rows are done (or the worker stops): time to claim more.
  let roomWaiter: (() => void) | undefined;
  const refillAt = Math.floor(settings.batchSize / 2);
  const checkRoom = () => {
    if (roomWaiter && (stopped || sending.size <= refillAt)) {
      roomWaiter();
      roomWaiter = undefined;
    }
  };
  const room = () =>
    new Promise<void>((resolve) => {
      roomWaiter = resolve;
      checkRoom();
    });

  const launch = (message: OutboxMessage, sender: Mailbox) => {
    sending.add(message.id);
    const send: Promise<void> = deliver(message, transport, { ...settings, sender }, recordSent)
      // The row stays 'sending' and is resent once its lock expires.
      .catch((error: unknown) => logger.error({ err: error }, "email: could not record a send"))
      .finally(() => {
        sending.delete(message.id);
        inFlight.delete(send);
        checkRoom();
      });
    inFlight.add(send);
  };

  let reclaimAt = 0;
  /** Claims as many due rows as there is room for and starts sending them; true when full. */
  const sendDue = async () => {
    if (Date.now() >= reclaimAt) {
      await reclaimAbandoned(settings, reclaimAt === 0 && options.soleInstance === true);
      reclaimAt = Date.now() + Math.min(RECLAIM_EVERY_MS, settings.lockMs);
    }
    const wanted = settings.batchSize - sending.size;
    if (wanted <= 0) return true;
    // Rows claimed here and not launched (the database failed in between) stay 'sending' until
    // their lock runs out, then go back to pending.
    const messages = await composeMessages(await claimDue(settings, wanted), { cache: bodies });
    // The sender as Settings say now (the store's name and address), not as they were queued.
    const sender = emailSender(await storeSettings());
    for (const message of messages) launch(message, sender);
    return messages.length === wanted;
  };

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
      let full = false;
      try {
        full = smtpUrl
          ? await sendDue()
          : (await keepDue(transport, {
              ...settings,
              sender: emailSender(await storeSettings()),
            })) >= settings.batchSize;
      } catch (error) {
        if (!stopped) logger.error({ err: error }, "email worker: could not process the outbox");
      }
      // Full: more may be due, so claim again as soon as there is room.
      if (full && smtpUrl) await room();
      else if (!full) await pause(settings.pollIntervalMs);
      interrupt = undefined;
    }
    // Settle every send before the transport closes under one.
    await Promise.allSettled([...inFlight]);
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
      checkRoom();
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
