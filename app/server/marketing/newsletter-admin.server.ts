import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { NEWSLETTER_MESSAGES } from "~/schemas/newsletters";
import { db } from "../db.server";
import { outboxEntryColumns } from "../email/outbox.server";
import { NOT_CONFIGURED, wakeWorker } from "../email/worker.server";
import { emailOutbox, newsletterSubscribers } from "../db-tables";
import { CONSENT_IN_FORCE_SQL, recordWithdrawal } from "./consent.server";
import { countAudience, queueMailing, queueTestMailing } from "./mailing.server";
import { mailingAddressRefusal } from "../settings/store-settings.server";

/** The Newsletters screen: its figures, its email log, sending and removing subscribers. */

const NEWSLETTER_KINDS = ["newsletter", "newsletter_test"] as const;
const EMAIL_LOG_LIMIT = 100;

interface NewsletterStats {
  subscribers: number;
  /** Subscribers who are also active customers. */
  activeCustomers: number;
  sent: number;
  failedOrBounced: number;
  logged: number;
  /** Sent ÷ all logged, rounded percent, 0 when none. */
  successRate: number;
  /** Messages the worker is still working on: the screen refreshes while there are any. */
  inProgress: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export async function getNewsletterStats(): Promise<NewsletterStats> {
  const [byStatus, people] = await Promise.all([
    db().execute(sql`
      select status, count(*)::integer as n,
        count(*) filter (where status = 'sending'
          or (status = 'pending' and last_error is distinct from ${NOT_CONFIGURED}))::integer as live
      from email_outbox where kind in ('newsletter', 'newsletter_test') group by status`),
    db().execute(sql`
      select count(*)::integer as subscribers,
        count(*) filter (where exists (select 1 from customers c
          where lower(c.email) = lower(s.email) and c.status = 'active'))::integer as active
      from newsletter_subscribers s where ${CONSENT_IN_FORCE_SQL}`),
  ]);
  const counts = new Map(rowsOf(byStatus).map((r) => [String(r.status), Number(r.n)]));
  const inProgress = rowsOf(byStatus).reduce((sum, r) => sum + Number(r.live), 0);
  const logged = [...counts.values()].reduce((a, b) => a + b, 0);
  const sent = counts.get("sent") ?? 0;
  const [p] = rowsOf(people);
  return {
    subscribers: Number(p?.subscribers ?? 0),
    activeCustomers: Number(p?.active ?? 0),
    sent,
    failedOrBounced: (counts.get("failed") ?? 0) + (counts.get("bounced") ?? 0),
    logged,
    successRate: logged === 0 ? 0 : Math.round((sent / logged) * 100),
    inProgress,
  };
}

export interface EmailLogEntry {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The newest newsletter emails (tests included), one entry per recipient. */
export async function listNewsletterLog(limit = EMAIL_LOG_LIMIT): Promise<EmailLogEntry[]> {
  return db()
    .select(outboxEntryColumns)
    .from(emailOutbox)
    .where(inArray(emailOutbox.kind, [...NEWSLETTER_KINDS]))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

interface MailingProgress {
  mailingId: string;
  subject: string;
  queuedAt: Date;
  total: number;
  sent: number;
  failed: number;
  pending: number;
}

/** How the latest newsletter is going: sent, failed (or bounced) and still pending. */
export async function getLatestNewsletterProgress(): Promise<MailingProgress | null> {
  const [latest] = await db()
    .select({
      mailingId: emailOutbox.mailingId,
      subject: emailOutbox.subject,
      queuedAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "newsletter"))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!latest?.mailingId) return null;
  const rows = rowsOf(
    await db().execute(sql`select status, count(*)::integer as n from email_outbox
      where mailing_id = ${latest.mailingId}::uuid group by status`),
  );
  const count = (...statuses: string[]) =>
    rows.filter((r) => statuses.includes(String(r.status))).reduce((s, r) => s + Number(r.n), 0);
  const sent = count("sent");
  const failed = count("failed", "bounced");
  const pending = count("pending", "sending");
  return {
    ...latest,
    mailingId: latest.mailingId,
    total: sent + failed + pending,
    sent,
    failed,
    pending,
  };
}

type SendResult = { ok: true; queued: number; mailingId: string } | { ok: false; message: string };

/** Queues the newsletter for every subscriber in one transaction and starts sending at once. */
export async function sendNewsletter(input: {
  subject: string;
  body: string;
  actor: AuditActor;
}): Promise<SendResult> {
  const refusal = await mailingAddressRefusal();
  if (refusal) return { ok: false, message: refusal };
  const result = await db().transaction(async (tx) => {
    const recipients = await countAudience({ kind: "subscribers" }, tx);
    if (recipients === 0) return null;
    const queued = await queueMailing(tx, {
      kind: "newsletter",
      subject: input.subject,
      bodyHtml: input.body,
      audience: { kind: "subscribers" },
    });
    if (queued.queued > 0)
      await recordAudit(tx, {
        actor: input.actor,
        area: "mailings",
        action: "send",
        record: { type: "newsletter", id: queued.mailingId, label: input.subject },
        changes: { recipients: queued.queued },
      });
    return queued;
  });
  if (!result || result.queued === 0)
    return { ok: false, message: NEWSLETTER_MESSAGES.noRecipients };
  wakeWorker();
  return { ok: true, ...result };
}

/** Queues one '[TEST] ' copy to `to`; the screen follows its outbox row to say how it went. */
export async function sendNewsletterTest(input: {
  subject: string;
  body: string;
  to: string;
  actor: AuditActor;
}): Promise<{ id: string }> {
  const queued = await db().transaction(async (tx) => {
    const test = await queueTestMailing(tx, {
      kind: "newsletter",
      to: input.to,
      subject: input.subject,
      bodyHtml: input.body,
    });
    await recordAudit(tx, {
      actor: input.actor,
      area: "mailings",
      action: "send",
      record: { type: "newsletter-test", id: test.id, label: input.subject },
      changes: { test: true, to: input.to },
    });
    return test;
  });
  wakeWorker();
  return queued;
}

/** The newest test message's outcome (the screen watches the one it just queued). */
export async function getLatestNewsletterTest() {
  const [row] = await db()
    .select({ id: emailOutbox.id, status: emailOutbox.status, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "newsletter_test"))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    lastError: row.lastError,
    kept: row.lastError === NOT_CONFIGURED,
  };
}

/**
 * Removes a subscriber from the list: consent is withdrawn on record (the row stays, stamped
 * unsubscribed_at), exactly as their own unsubscribe link would do.
 */
export async function removeSubscriber(
  id: string,
  actor: AuditActor,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const now = new Date();
  const row = await db().transaction(async (tx) => {
    const [removed] = await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now })
      .where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.unsubscribedAt)))
      .returning({ email: newsletterSubscribers.email });
    if (removed) {
      await recordWithdrawal(tx, { email: removed.email, source: "admin", now });
      await recordAudit(tx, {
        actor,
        area: "mailings",
        action: "remove",
        record: { type: "subscriber", id, label: removed.email },
        changes: { subscribed: [true, false] },
      });
    }
    return removed;
  });
  if (!row) return { ok: false, message: "This subscriber was already removed." };
  return { ok: true, email: row.email };
}
