import { inArray } from "drizzle-orm";
import { db, type Executor } from "~/server/db.server";
import { emailMailings } from "~/server/db-tables";
import type { OutboxMessage, OutboxRow } from "./outbox.server";

/**
 * The bodies of newsletter and campaign messages. A mailing is rendered once and stored once
 * (email_mailings) with two placeholders left in it; each recipient's outbox row holds only what
 * differs (address, tracking token, unsubscribe link), and the message is put together when it is
 * sent or shown. The result depends on nothing but the row and the mailing, which never change,
 * so a message sent again after a crash is the same message.
 */

/** Replaced by PUBLIC_URL/unsubscribe/<the subscriber's token> (the row's list_unsubscribe). */
export const UNSUBSCRIBE_URL = "{{unsubscribe_url}}";
/** Replaced by the row's tracking token (open pixel, tracked links). */
export const TRACKING_TOKEN = "{{tracking_token}}";

interface MailingBody {
  html: string;
  text: string;
}

/** One recipient's copy of a mailing's bodies. */
export function personaliseMailing(
  body: MailingBody,
  recipient: { trackingToken: string; unsubscribeUrl: string },
): MailingBody {
  const fill = (part: string) =>
    part
      .replaceAll(TRACKING_TOKEN, recipient.trackingToken)
      .replaceAll(UNSUBSCRIBE_URL, recipient.unsubscribeUrl);
  return { html: fill(body.html), text: fill(body.text) };
}

/** Mailing bodies already read, by mailing id (they never change, so they never go stale). */
export type MailingBodyCache = Map<string, MailingBody>;

/** A worker keeps the bodies of the last few mailings it sent; far more than run at once. */
const CACHE_LIMIT = 20;

/**
 * The rows as complete messages: a row with its own bodies as it is, a mailing's row with the
 * mailing's bodies personalised. The mailings not in `cache` are read in one query.
 */
export async function composeMessages(
  rows: OutboxRow[],
  options: { cache?: MailingBodyCache; executor?: Executor } = {},
): Promise<OutboxMessage[]> {
  const cache = options.cache ?? new Map<string, MailingBody>();
  const bodies = new Map<string, MailingBody>();
  const missing = new Set<string>();
  for (const { html, mailingId } of rows) {
    if (html !== null || !mailingId || bodies.has(mailingId)) continue;
    const cached = cache.get(mailingId);
    if (cached) bodies.set(mailingId, cached);
    else missing.add(mailingId);
  }
  if (missing.size > 0) {
    const found = await (options.executor ?? db())
      .select({ id: emailMailings.id, html: emailMailings.html, text: emailMailings.text })
      .from(emailMailings)
      .where(inArray(emailMailings.id, [...missing]));
    if (cache.size + found.length > CACHE_LIMIT) cache.clear();
    for (const { id, ...body } of found) {
      bodies.set(id, body);
      cache.set(id, body);
    }
  }
  return rows.map((row) => {
    if (row.html !== null && row.text !== null) return { ...row, html: row.html, text: row.text };
    const body = row.mailingId ? bodies.get(row.mailingId) : undefined;
    // The schema's check (email_outbox_body_check) makes both impossible.
    if (!body || row.listUnsubscribe === null)
      throw new Error(`outbox row ${row.id} has no body and no mailing to take it from`);
    return {
      ...row,
      ...personaliseMailing(body, {
        trackingToken: row.trackingToken,
        unsubscribeUrl: row.listUnsubscribe,
      }),
    };
  });
}
