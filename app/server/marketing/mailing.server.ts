import crypto from "node:crypto";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { config } from "~/server/config.server";
import { db, type Executor } from "~/server/db.server";
import { newsletterSubscribers } from "~/server/schema";
import { enqueueEmail, newTrackingToken } from "~/server/email/outbox.server";
import { oneLine } from "~/server/email/templates/layout.server";
import {
  renderMailingEmail,
  TRACKING_TOKEN,
  UNSUBSCRIBE_URL,
} from "~/server/email/templates/mailing.server";
import { sanitizeMailingHtml } from "./mailing-html.server";

/**
 * The mailing core shared by Newsletters and Email campaigns: who a mailing goes to (an audience
 * of people who consented, never anyone who unsubscribed) and queueing one outbox row per recipient
 * in the caller's transaction. The rows of one send share a mailing_id (returned), so its
 * progress can be followed (sent, failed, pending).
 *
 * After the transaction commits, the caller wakes the worker (wakeWorker() in
 * ~/server/email/worker.server) so sending starts at once instead of at the next poll.
 *
 * Placeholders in bodyHtml, filled in per recipient:
 * - {{tracking_token}}: the row's own tracking token (64 lower-case hex characters, unguessable,
 *   also stored in email_outbox.tracking_token), for an open pixel or tracked links;
 * - {{unsubscribe_url}}: PUBLIC_URL/unsubscribe/<the subscriber's token>; the layout's footer
 *   always carries it, and the row's list_unsubscribe holds it for the List-Unsubscribe header.
 */

export type Audience =
  | { kind: "subscribers" } // every address with consent, not unsubscribed
  | { kind: "ordered-within"; days: number } // …and who has an order placed in the last N days
  | { kind: "never-ordered" }; // …and who has never placed an order

export type MailingKind = "newsletter" | "campaign";

/** Longest segment window, in days (ten years). */
export const MAX_AUDIENCE_DAYS = 3650;

/** The unsubscribe link of a test message sent to an address that is not subscribed. */
export const TEST_UNSUBSCRIBE_TOKEN = "test";

function checkDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > MAX_AUDIENCE_DAYS)
    throw new RangeError(`audience days must be a whole number from 1 to ${MAX_AUDIENCE_DAYS}`);
  return days;
}

/** Orders of the subscriber `s`: by the order's email, or by the email of its customer record. */
function hasOrder(since: SQL | undefined): SQL {
  const byOrderEmail = since
    ? sql`o.created_at >= ${since} and lower(o.email) = lower(s.email)`
    : sql`lower(o.email) = lower(s.email)`;
  const recent = since ? sql` and o.created_at >= ${since}` : sql``;
  return sql`(exists (select 1 from orders o where ${byOrderEmail})
    or exists (select 1 from customers c join orders o on o.customer_id = c.id
      where lower(c.email) = lower(s.email)${recent}))`;
}

/** The condition on newsletter_subscribers `s` that selects an audience. */
function audienceWhere(audience: Audience): SQL {
  // Not unsubscribed, and not implied consent past its two years (CASL; issue 15).
  const consented = sql`s.unsubscribed_at is null and (s.consent_expires_at is null or s.consent_expires_at > now())`;
  switch (audience.kind) {
    case "subscribers":
      return consented;
    case "ordered-within": {
      const since = sql`now() - make_interval(days => ${checkDays(audience.days)}::integer)`;
      return sql`${consented} and ${hasOrder(since)}`;
    }
    case "never-ordered":
      return sql`${consented} and not ${hasOrder(undefined)}`;
    default:
      throw new RangeError(`unknown audience ${JSON.stringify(audience)}`);
  }
}

/** How many people an audience reaches right now. */
export async function countAudience(
  audience: Audience,
  executor: Executor = db(),
): Promise<number> {
  return countOf(
    await executor.execute(
      sql`select count(*)::integer as n from newsletter_subscribers s where ${audienceWhere(audience)}`,
    ),
  );
}

/** The single count of a `select count(*) as n` (both drivers return { rows }). */
function countOf(result: unknown): number {
  return Number((result as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

function unsubscribeBase(): string {
  return `${config().publicUrl}/unsubscribe/`;
}

async function renderMailing(subject: string, bodyHtml: string) {
  const cleanSubject = oneLine(subject);
  if (!cleanSubject) throw new RangeError("a mailing needs a subject");
  const body = sanitizeMailingHtml(bodyHtml);
  const rendered = await renderMailingEmail({ subject: cleanSubject, bodyHtml: body });
  return { subject: cleanSubject, ...rendered };
}

/**
 * Queues a newsletter or campaign for its audience: one outbox row per consenting address (one
 * set-based INSERT … SELECT, so 10,000 recipients queue in well under a second or two), each with
 * its own tracking token and unsubscribe link. Run it in the caller's transaction; wake the
 * worker after commit.
 */
export async function queueMailing(
  tx: Executor,
  input: {
    kind: MailingKind;
    campaignId?: string | null;
    subject: string;
    bodyHtml: string;
    audience: Audience;
  },
): Promise<{ queued: number; mailingId: string }> {
  const { subject, html, text } = await renderMailing(input.subject, input.bodyHtml);
  const mailingId = crypto.randomUUID();
  const base = unsubscribeBase();
  const personal = (part: string) =>
    sql`replace(replace(${part}::text, ${TRACKING_TOKEN}::text, r.token), ${UNSUBSCRIBE_URL}::text, ${base}::text || r.unsubscribe_token)`;
  // MATERIALIZED: the token is drawn once per recipient and the same value is used in the HTML,
  // the text and the tracking_token column (an inlined CTE would draw it once per reference).
  const result = await tx.execute(sql`
    with r as materialized (
      select s.email, s.unsubscribe_token,
        replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as token
      from newsletter_subscribers s
      where ${audienceWhere(input.audience)}
    ), queued as (
      insert into email_outbox
        (kind, to_address, subject, html, text, campaign_id, mailing_id, tracking_token,
          list_unsubscribe)
      select ${input.kind}::text, r.email, ${subject}::text, ${personal(html)}, ${personal(text)},
        ${input.campaignId ?? null}::uuid, ${mailingId}::uuid, r.token,
        ${base}::text || r.unsubscribe_token
      from r
      returning 1
    )
    select count(*)::integer as n from queued`);
  return { queued: countOf(result), mailingId };
}

/**
 * Queues one test message of a mailing to `to` with the subject '[TEST] …' (SPEC §2). Its
 * unsubscribe link is the address's own when it is subscribed, else a page that explains it is a
 * test. Kind is 'newsletter_test' or 'campaign_test', so tests never count in a mailing's figures.
 */
export async function queueTestMailing(
  tx: Executor,
  input: { kind: MailingKind; to: string; subject: string; bodyHtml: string },
): Promise<{ id: string }> {
  const { subject, html, text } = await renderMailing(`[TEST] ${input.subject}`, input.bodyHtml);
  const [subscriber] = await tx
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(sql`lower(${newsletterSubscribers.email})`, input.to.trim().toLowerCase()),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    );
  const token = subscriber?.token ?? TEST_UNSUBSCRIBE_TOKEN;
  const unsubscribeUrl = `${unsubscribeBase()}${token}`;
  const trackingToken = newTrackingToken();
  const personal = (part: string) =>
    part.replaceAll(TRACKING_TOKEN, trackingToken).replaceAll(UNSUBSCRIBE_URL, unsubscribeUrl);
  return enqueueEmail(tx, {
    kind: `${input.kind}_test`,
    to: input.to,
    subject,
    html: personal(html),
    text: personal(text),
    trackingToken,
    listUnsubscribe: unsubscribeUrl,
  });
}
