import crypto from "node:crypto";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/server/db.server";
import { isUuid } from "~/lib/ids";
import { emailOutbox } from "~/server/db-tables";
import { composeMessages } from "./mailing-body.server";

/**
 * The durable outbox: every email is a row written in the same transaction as the change that
 * causes it (an order, a campaign), so the email exists exactly when that change does. The worker
 * (worker.server.ts) sends the rows after commit.
 */

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "bounced"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** A row as stored: a mailing's row has no bodies of its own (html and text null). */
export type OutboxRow = typeof emailOutbox.$inferSelect;
/** A row with its bodies, personalised from its mailing when it has none (composeMessages). */
export type OutboxMessage = Omit<OutboxRow, "html" | "text"> & { html: string; text: string };

export interface NewEmail {
  /** What the email is for, e.g. 'order_confirmation', 'order_status', 'campaign', 'newsletter'. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  campaignId?: string | null;
  /** Pass one from newTrackingToken() when the HTML must embed it (open pixel, tracked links). */
  trackingToken?: string;
  /** The one-click unsubscribe URL of a newsletter or campaign (List-Unsubscribe, RFC 8058). */
  listUnsubscribe?: string | null;
}

/** An unguessable token for the open pixel and tracked links of one message. */
export function newTrackingToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

const ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** Whether enqueueEmail takes this address (it throws on any other). */
export function isOutboxAddress(to: string): boolean {
  return ADDRESS.test(to.trim());
}

/** Queues an email; call it inside the caller's transaction. */
export async function enqueueEmail(executor: Executor, email: NewEmail): Promise<{ id: string }> {
  const [row] = await outboxInsert(executor, [email]).query;
  return { id: row!.id };
}

/**
 * The outbox rows' insert, returning their ids and tracking tokens: to run, or to use as a CTE
 * beside another write. `tokens` are the rows' tracking tokens, in the order of `emails`.
 */
export function outboxInsert(executor: Executor, emails: NewEmail[]) {
  const rows = emails.map((email) => {
    const to = email.to.trim();
    // The caller validated the address; this guards the outbox against a programming error.
    if (!isOutboxAddress(to))
      throw new Error(`enqueueEmail: not an email address: ${JSON.stringify(to)}`);
    if (!email.kind) throw new Error("enqueueEmail: kind is required");
    return {
      kind: email.kind,
      toAddress: to,
      // Line breaks and runs of spaces fold to one space; French's non-breaking spaces stay.
      subject: email.subject.replace(/[ \t\r\n\f\v]+/g, " ").trim(),
      html: email.html,
      text: email.text,
      campaignId: email.campaignId ?? null,
      trackingToken: email.trackingToken ?? newTrackingToken(),
      listUnsubscribe: email.listUnsubscribe ?? null,
    };
  });
  return {
    tokens: rows.map((row) => row.trackingToken),
    query: executor
      .insert(emailOutbox)
      .values(rows)
      .returning({ id: emailOutbox.id, trackingToken: emailOutbox.trackingToken }),
  };
}

const OUTBOX_PAGE_SIZE = 25;

/** An email of the outbox as the admin lists it: to whom, what, and how its sending went. */
export const outboxEntryColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

interface OutboxListItem {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
}

/** Newest first, optionally one status, paginated on the server (page starts at 1). */
export async function listOutbox(
  options: { page?: number; status?: OutboxStatus; kind?: string; pageSize?: number } = {},
): Promise<{ items: OutboxListItem[]; total: number; page: number; pageCount: number }> {
  const pageSize = Math.min(Math.max(options.pageSize ?? OUTBOX_PAGE_SIZE, 1), 200);
  const filters: SQL[] = [];
  if (options.status) filters.push(eq(emailOutbox.status, options.status));
  if (options.kind) filters.push(eq(emailOutbox.kind, options.kind));
  const where = filters.length ? and(...filters) : undefined;

  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(emailOutbox)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(Math.trunc(options.page ?? 1) || 1, 1), pageCount);
  const items = await db()
    .select({
      ...outboxEntryColumns,
      attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, pageCount };
}

/** One message with its bodies as sent, or undefined (also for an id that is not a UUID). */
export async function getOutboxMessage(id: string): Promise<OutboxMessage | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ? (await composeMessages([row]))[0] : undefined;
}

/** Sends a failed or bounced message again (e.g. after fixing SMTP settings): back to pending. */
export async function retryOutboxMessage(id: string): Promise<boolean> {
  const message = await getOutboxMessage(id);
  if (!message || (message.status !== "failed" && message.status !== "bounced")) return false;
  const updated = await db()
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, message.status)))
    .returning({ id: emailOutbox.id });
  return updated.length > 0;
}
