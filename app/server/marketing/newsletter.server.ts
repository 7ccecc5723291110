import crypto from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { NEWSLETTER_THANKS } from "~/lib/newsletter";
import { stripControlCharacters } from "~/schemas/text";
import { db, type Executor } from "../db.server";
import { newsletterSubscribers } from "../schema";
import { recordConsentGiven, recordWithdrawal } from "./consent.server";

const EmailSchema = z
  .string({ error: "Please enter your email address." })
  .overwrite(stripControlCharacters)
  .trim()
  .toLowerCase()
  .min(1, { error: "Please enter your email address." })
  .max(254, { error: "That email address is too long." })
  .pipe(z.email({ error: "Please enter a valid email address." }));

const SourceSchema = z.enum(["footer", "checkout", "admin", "import", "account"]);
export type SubscriberSource = z.infer<typeof SourceSchema>;

export type SubscribeResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Records consent to the newsletter (Canada's anti-spam law): the address, when and where consent
 * was given. Subscribing again is not an error; someone who had unsubscribed is subscribed again
 * with a fresh consent time. `executor` lets a larger write (a customer import) record consent in
 * its own transaction.
 */
export async function subscribeToNewsletter(input: {
  email: unknown;
  source: SubscriberSource;
  now?: Date;
  executor?: Executor;
}): Promise<SubscribeResult> {
  const parsed = EmailSchema.safeParse(input.email);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const source = SourceSchema.parse(input.source);
  const now = input.now ?? new Date();
  const token = crypto.randomBytes(24).toString("base64url");
  const write = async (executor: Executor) => {
    // Express consent replaces an unsubscribe or implied consent; an express one stays as it was.
    await executor.execute(sql`
      insert into newsletter_subscribers (email, source, consented_at, unsubscribe_token)
      values (${parsed.data}, ${source}, ${now.toISOString()}, ${token})
      on conflict (lower(email)) do update
        set consented_at = excluded.consented_at, source = excluded.source, unsubscribed_at = null,
          consent_type = 'express', consent_expires_at = null
        where newsletter_subscribers.unsubscribed_at is not null
          or newsletter_subscribers.consent_type = 'implied'`);
    // Every consent given is kept in the history, a repeated one too.
    await recordConsentGiven(executor, { email: parsed.data, type: "express", source, now });
  };
  if (input.executor) await write(input.executor);
  else await db().transaction(write);
  return { ok: true, message: NEWSLETTER_THANKS };
}

export interface NewsletterStatus {
  subscribed: boolean;
  /** Implied consent (from a purchase) lapses at this time; null for express consent. */
  expiresAt: Date | null;
  /** When and where consent was given (CASL), while subscribed. */
  consentedAt: Date | null;
  source: string | null;
}

export interface ConsentRecord {
  consentedAt: Date;
  source: string;
  unsubscribedAt: Date | null;
  consentType: string;
  consentExpiresAt: Date | null;
}

/**
 * The newsletter rows of these addresses, keyed by lower-cased email: marketing consent lives in
 * this one table (a customer or shopper has consented while their row is not unsubscribed).
 */
export async function getConsentRecords(emails: string[]): Promise<Map<string, ConsentRecord>> {
  const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (lower.length === 0) return new Map();
  const rows = await db()
    .select({
      email: sql<string>`lower(${newsletterSubscribers.email})`,
      consentedAt: newsletterSubscribers.consentedAt,
      source: newsletterSubscribers.source,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      consentType: newsletterSubscribers.consentType,
      consentExpiresAt: newsletterSubscribers.consentExpiresAt,
    })
    .from(newsletterSubscribers)
    .where(inArray(sql`lower(${newsletterSubscribers.email})`, lower));
  return new Map(rows.map(({ email, ...record }) => [email, record]));
}

/** Whether an address is subscribed, with its consent time and source. */
export async function getNewsletterStatus(email: string): Promise<NewsletterStatus> {
  const row = (await getConsentRecords([email])).get(email.trim().toLowerCase());
  if (!row || row.unsubscribedAt || (row.consentExpiresAt && row.consentExpiresAt <= new Date()))
    return { subscribed: false, expiresAt: null, consentedAt: null, source: null };
  return {
    subscribed: true,
    expiresAt: row.consentExpiresAt,
    consentedAt: row.consentedAt,
    source: row.source,
  };
}

/**
 * Withdraws consent for an address (the row stays, stamped unsubscribed_at, so the withdrawal is
 * on record). Unknown or already unsubscribed addresses are left as they are.
 */
export async function unsubscribeFromNewsletter(
  input: { email: string; now?: Date; source?: "account" | "account_deleted" },
  executor?: Executor,
): Promise<void> {
  const now = input.now ?? new Date();
  const write = async (tx: Executor) => {
    const rows = await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now })
      .where(
        and(
          eq(sql`lower(${newsletterSubscribers.email})`, input.email.trim().toLowerCase()),
          isNull(newsletterSubscribers.unsubscribedAt),
        ),
      )
      .returning({ email: newsletterSubscribers.email });
    for (const row of rows)
      await recordWithdrawal(tx, { email: row.email, source: input.source ?? "account", now });
  };
  if (executor) await write(executor);
  else await db().transaction(write);
}
