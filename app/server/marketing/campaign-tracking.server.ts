import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "../db.server";
import { emailCampaigns, emailOutbox } from "../db-tables";

/**
 * Opens and clicks of campaign emails, recorded on the recipient's outbox row (found by its
 * unguessable tracking token), each at most once per recipient: the first time is kept.
 */

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Records the first open; false when the token belongs to no message. */
export async function recordEmailOpen(token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const updated = await db()
    .update(emailOutbox)
    .set({ openedAt: sql`now()` })
    .where(and(eq(emailOutbox.trackingToken, token), isNull(emailOutbox.openedAt)))
    .returning({ id: emailOutbox.id });
  if (updated.length > 0) return true;
  const [known] = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.trackingToken, token));
  return Boolean(known);
}

/**
 * Records the first click (and the open, if the pixel was blocked) and returns where link `n` of
 * the message's campaign leads; undefined for an unknown token or a link the campaign does not
 * have, so the redirect can never send anyone anywhere else.
 */
export async function recordEmailClick(token: string, n: string): Promise<string | undefined> {
  if (!TOKEN.test(token) || !/^\d{1,4}$/.test(n)) return undefined;
  const [row] = await db()
    .select({ id: emailOutbox.id, links: emailCampaigns.links })
    .from(emailOutbox)
    .innerJoin(emailCampaigns, eq(emailCampaigns.id, emailOutbox.campaignId))
    .where(eq(emailOutbox.trackingToken, token));
  const target = row?.links[Number(n)];
  if (!row || typeof target !== "string" || !/^https?:\/\//i.test(target)) return undefined;
  await db()
    .update(emailOutbox)
    .set({ clickedAt: sql`now()`, openedAt: sql`coalesce(${emailOutbox.openedAt}, now())` })
    .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.clickedAt)));
  return target;
}
