import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import {
  consentWording,
  impliedConsentExpiry,
  withdrawalWording,
  type ConsentGivenAt,
  type WithdrawnAt,
} from "~/lib/consent";
import type { Locale } from "~/lib/i18n/locale";
import { storeSettingsNow } from "../settings/store-settings.server";
import type { Executor } from "../db.server";
import { consentRecords } from "../db-tables";

/**
 * Consent records (CASL): every consent given or withdrawn is added to consent_records, never
 * overwritten, with its type, source, time and the wording shown. newsletter_subscribers keeps
 * the current state the mailings read.
 */

/** In SQL, `consentInForce` for newsletter_subscribers aliased `s`. */
export const CONSENT_IN_FORCE_SQL = sql`s.unsubscribed_at is null
  and (s.consent_expires_at is null or s.consent_expires_at > now())`;

interface ConsentGiven {
  type: "express" | "implied";
  source: ConsentGivenAt;
  now: Date;
  orderId?: string;
  expiresAt?: Date | null;
  /** The language the wording was shown in (English when not given). */
  locale?: Locale;
}

export async function recordConsentGiven(
  executor: Executor,
  input: ConsentGiven & { email: string },
): Promise<void> {
  await recordConsentsGiven(executor, [input.email], input);
}

/** The same consent given by several addresses at once (a customer import): one statement. */
export async function recordConsentsGiven(
  executor: Executor,
  emails: string[],
  input: ConsentGiven,
): Promise<void> {
  if (emails.length === 0) return;
  const wording = consentWording(input.source, storeSettingsNow().store.name, input.locale);
  await executor.insert(consentRecords).values(
    emails.map((email) => ({
      email,
      type: input.type,
      source: input.source,
      wording,
      orderId: input.orderId ?? null,
      recordedAt: input.now,
      expiresAt: input.expiresAt ?? null,
    })),
  );
}

export async function recordWithdrawal(
  executor: Executor,
  input: { email: string; source: WithdrawnAt; now: Date },
): Promise<void> {
  await executor.insert(consentRecords).values({
    email: input.email,
    type: "withdrawal",
    source: input.source,
    wording: withdrawalWording(input.source),
    recordedAt: input.now,
  });
}

/**
 * The consent an order gives, in the order's transaction: the checkout box ticked is express
 * consent; left unticked, the purchase gives implied consent for two years (renewed by each
 * purchase). Implied consent never replaces express consent, and never undoes an unsubscribe.
 * The checkout's language is the wording's; a new subscriber, or one who ticks the box again,
 * gets newsletters in it.
 */
export async function recordPurchaseConsent(
  tx: Executor,
  input: { email: string; orderId: string; express: boolean; now: Date; locale?: Locale },
): Promise<void> {
  const { email, orderId, now } = input;
  const locale = input.locale ?? "en";
  const token = crypto.randomBytes(24).toString("base64url");
  if (input.express) {
    await tx.execute(sql`
      insert into newsletter_subscribers (email, source, consented_at, unsubscribe_token, locale)
      values (${email}, 'checkout', ${now.toISOString()}, ${token}, ${locale})
      on conflict (lower(email)) do update
        set consented_at = excluded.consented_at, source = excluded.source, unsubscribed_at = null,
          consent_type = 'express', consent_expires_at = null, locale = excluded.locale
        where newsletter_subscribers.unsubscribed_at is not null
          or newsletter_subscribers.consent_type = 'implied'`);
    await recordConsentGiven(tx, {
      email,
      type: "express",
      source: "checkout",
      now,
      orderId,
      locale,
    });
    return;
  }
  const expiresAt = impliedConsentExpiry(now);
  const result = (await tx.execute(sql`
    insert into newsletter_subscribers
      (email, source, consented_at, unsubscribe_token, consent_type, consent_expires_at, locale)
    values (${email}, 'checkout', ${now.toISOString()}, ${token}, 'implied', ${expiresAt.toISOString()}, ${locale})
    on conflict (lower(email)) do update
      set consented_at = excluded.consented_at, consent_expires_at = excluded.consent_expires_at
      where newsletter_subscribers.consent_type = 'implied'
        and newsletter_subscribers.unsubscribed_at is null
    returning 1 as n`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0)
    await recordConsentGiven(tx, {
      email,
      type: "implied",
      source: "checkout",
      now,
      orderId,
      expiresAt,
      locale,
    });
}
