import crypto from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { consentInForce } from "~/lib/consent";
import { isLocale, type Locale } from "~/lib/i18n/locale";
import { unsubscribeMessages } from "~/lib/i18n/messages/unsubscribe";
import { translator } from "~/lib/i18n/translate";
import { stripControlCharacters } from "~/schemas/text";
import { db, type Executor } from "../db.server";
import { newsletterSubscribers } from "../db-tables";
import { recordConsentsGiven, recordWithdrawal } from "./consent.server";

/** The address as the footer form checks it, its messages in the page's language. */
function emailSchema(locale: Locale) {
  const t = translator(unsubscribeMessages, locale);
  return z
    .string({ error: t("emailRequired") })
    .overwrite(stripControlCharacters)
    .trim()
    .toLowerCase()
    .min(1, { error: t("emailRequired") })
    .max(254, { error: t("emailTooLong") })
    .pipe(z.email({ error: t("emailInvalid") }));
}

const SourceSchema = z.enum(["footer", "checkout", "admin", "import", "account"]);
type SubscriberSource = z.infer<typeof SourceSchema>;

type SubscribeResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Records consent to the newsletter (Canada's anti-spam law): the address, when and where consent
 * was given. Subscribing again is not an error; someone who had unsubscribed is subscribed again
 * with a fresh consent time. A `locale` given (the footer form's page language: anything else
 * counts as none) is the language newsletters and campaigns reach the address in from now on, and
 * the answer's; without one, the row keeps its language (English for a new one).
 */
export async function subscribeToNewsletter(input: {
  email: unknown;
  source: SubscriberSource;
  locale?: unknown;
  now?: Date;
}): Promise<SubscribeResult> {
  const locale = isLocale(input.locale) ? input.locale : undefined;
  const parsed = emailSchema(locale ?? "en").safeParse(input.email);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const source = SourceSchema.parse(input.source);
  const now = input.now ?? new Date();
  await db().transaction(async (tx) => {
    await subscribeAll(tx, [parsed.data], source, now, locale);
    if (locale)
      await tx
        .update(newsletterSubscribers)
        .set({ locale })
        .where(eq(sql`lower(${newsletterSubscribers.email})`, parsed.data));
  });
  return { ok: true, message: translator(unsubscribeMessages, locale ?? "en")("thanks") };
}

/**
 * Express consent from addresses already checked, in statements of up to 1,000
 * rows: it replaces an unsubscribe or implied consent, and leaves an express one as it was. Every
 * consent given is kept in the history, a repeated one too.
 */
export async function subscribeAll(
  executor: Executor,
  emails: string[],
  source: SubscriberSource,
  now: Date,
  /** The language the consent wording was shown in (English when not given). */
  locale?: Locale,
): Promise<void> {
  const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
  for (let i = 0; i < unique.length; i += 1000) {
    const batch = unique.slice(i, i + 1000);
    const values = sql.join(
      batch.map(
        (email) =>
          sql`(${email}, ${source}, ${now.toISOString()}, ${crypto.randomBytes(24).toString("base64url")})`,
      ),
      sql`, `,
    );
    await executor.execute(sql`
      insert into newsletter_subscribers (email, source, consented_at, unsubscribe_token)
      values ${values}
      on conflict (lower(email)) do update
        set consented_at = excluded.consented_at, source = excluded.source, unsubscribed_at = null,
          consent_type = 'express', consent_expires_at = null
        where newsletter_subscribers.unsubscribed_at is not null
          or newsletter_subscribers.consent_type = 'implied'`);
    await recordConsentsGiven(executor, batch, { type: "express", source, now, locale });
  }
}

interface NewsletterStatus {
  subscribed: boolean;
  /** Implied consent (from a purchase) lapses at this time; null for express consent. */
  expiresAt: Date | null;
  /** When and where consent was given (CASL), while subscribed. */
  consentedAt: Date | null;
  source: string | null;
}

interface ConsentRecord {
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
  if (!row || !consentInForce(row))
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
