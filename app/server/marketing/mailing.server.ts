import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { config } from "~/server/config.server";
import { db, type Executor } from "~/server/db.server";
import { emailMailings, newsletterSubscribers } from "~/server/db-tables";
import { personaliseMailing } from "~/server/email/mailing-body.server";
import { enqueueEmail, newTrackingToken } from "~/server/email/outbox.server";
import { oneLine } from "~/server/email/templates/layout.server";
import { renderMailingEmail } from "~/server/email/templates/mailing.server";
import { CONSENT_IN_FORCE_SQL } from "./consent.server";
import { sanitizeMailingHtml } from "./mailing-html.server";

/**
 * The mailing core shared by Newsletters and Email campaigns: who a mailing goes to (an audience
 * of people who consented, never anyone who unsubscribed) and queueing it in the caller's
 * transaction: the rendered message once (email_mailings), then one small outbox row per
 * recipient sharing its mailing_id (returned), so its progress can be followed (sent, failed,
 * pending). The worker personalises each row's copy when it sends it
 * (~/server/email/mailing-body.server).
 *
 * After the transaction commits, the caller wakes the worker (wakeWorker() in
 * ~/server/email/worker.server) so sending starts at once instead of at the next poll.
 *
 * Placeholders in bodyHtml, filled in per recipient when the message is sent:
 * - {{tracking_token}}: the row's own tracking token (64 lower-case hex characters, unguessable,
 *   also stored in email_outbox.tracking_token), for an open pixel or tracked links;
 * - {{unsubscribe_url}}: PUBLIC_URL/unsubscribe/<the subscriber's token>; the layout's footer
 *   always carries it, and the row's list_unsubscribe holds it for the List-Unsubscribe header.
 */

export type Audience =
  | { kind: "subscribers" } // every address with consent, not unsubscribed
  | { kind: "ordered-within"; days: number } // …and who has an order placed in the last N days
  | { kind: "never-ordered" }; // …and who has never placed an order

type MailingKind = "newsletter" | "campaign";

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
  switch (audience.kind) {
    case "subscribers":
      return CONSENT_IN_FORCE_SQL;
    case "ordered-within": {
      const since = sql`now() - make_interval(days => ${checkDays(audience.days)}::integer)`;
      return sql`${CONSENT_IN_FORCE_SQL} and ${hasOrder(since)}`;
    }
    case "never-ordered":
      return sql`${CONSENT_IN_FORCE_SQL} and not ${hasOrder(undefined)}`;
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

function renderMailing(subject: string, bodyHtml: string) {
  const cleanSubject = oneLine(subject);
  if (!cleanSubject) throw new RangeError("a mailing needs a subject");
  return renderMailingEmail({ subject: cleanSubject, bodyHtml: sanitizeMailingHtml(bodyHtml) });
}

/**
 * Queues a newsletter or campaign for its audience: the rendered message once, then one outbox
 * row per consenting address (one set-based INSERT … SELECT of a few hundred bytes a row, so
 * 10,000 recipients queue in about a second), each with its own tracking token and unsubscribe
 * link. Run it in the caller's transaction; wake the worker after commit.
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
  const { subject, html, text } = renderMailing(input.subject, input.bodyHtml);
  const campaignId = input.campaignId ?? null;
  const [mailing] = await tx
    .insert(emailMailings)
    .values({ kind: input.kind, campaignId, subject, html, text })
    .returning({ id: emailMailings.id });
  const mailingId = mailing!.id;
  const base = unsubscribeBase();
  // The tracking token: 64 lower-case hex characters from two random UUIDs.
  const result = await tx.execute(sql`
    with queued as (
      insert into email_outbox
        (kind, to_address, subject, campaign_id, mailing_id, tracking_token, list_unsubscribe)
      select ${input.kind}::text, s.email, ${subject}::text, ${campaignId}::uuid,
        ${mailingId}::uuid, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
        ${base}::text || s.unsubscribe_token
      from newsletter_subscribers s
      where ${audienceWhere(input.audience)}
      returning 1
    )
    select count(*)::integer as n from queued`);
  // Fresh statistics for the thousands of new pending rows (PGlite has no autovacuum, and
  // PostgreSQL's may take a minute): without them the worker's claim sorts every pending row each
  // time instead of reading the first few from email_outbox_due_idx. It counts this
  // transaction's own rows, and blocks no reads or writes.
  await tx.execute(sql`analyze email_outbox`);
  return { queued: countOf(result), mailingId };
}

/**
 * Queues one test message of a mailing to `to` with the subject '[TEST] …'. Its
 * unsubscribe link is the address's own when it is subscribed, else a page that explains it is a
 * test. Kind is 'newsletter_test' or 'campaign_test', so tests never count in a mailing's figures.
 */
export async function queueTestMailing(
  tx: Executor,
  input: { kind: MailingKind; to: string; subject: string; bodyHtml: string },
): Promise<{ id: string }> {
  const { subject, html, text } = renderMailing(`[TEST] ${input.subject}`, input.bodyHtml);
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
  return enqueueEmail(tx, {
    kind: `${input.kind}_test`,
    to: input.to,
    subject,
    ...personaliseMailing({ html, text }, { trackingToken, unsubscribeUrl }),
    trackingToken,
    listUnsubscribe: unsubscribeUrl,
  });
}
