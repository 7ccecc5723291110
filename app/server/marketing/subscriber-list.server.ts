import { and, count, desc, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import type { SubscriberListQuery } from "~/schemas/newsletters";
import { escapeLike } from "../sql-like.server";
import { db } from "../db.server";
import { newsletterSubscribers } from "../db-tables";

interface SubscriberRow {
  id: string;
  email: string;
  source: string;
  consentedAt: Date;
  unsubscribedAt: Date | null;
  consentType: string;
  consentExpiresAt: Date | null;
}

/**
 * The newsletter's people, newest first, paged on the server: search by the start of the email
 * address (newsletter_subscribers_email_prefix_idx), subscribed / unsubscribed / all.
 */
export async function listSubscribers(
  query: SubscriberListQuery,
): Promise<ListResult<SubscriberRow>> {
  const filters: SQL[] = [];
  // Implied consent past its two years counts as no longer subscribed.
  const lapsed = sql`${newsletterSubscribers.consentExpiresAt} <= now()`;
  if (query.who === "subscribed")
    filters.push(
      isNull(newsletterSubscribers.unsubscribedAt),
      or(isNull(newsletterSubscribers.consentExpiresAt), sql`not ${lapsed}`)!,
    );
  if (query.who === "unsubscribed")
    filters.push(or(isNotNull(newsletterSubscribers.unsubscribedAt), lapsed)!);
  if (query.q)
    filters.push(
      sql`lower(${newsletterSubscribers.email}) like ${`${escapeLike(query.q.toLowerCase())}%`}`,
    );
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(newsletterSubscribers)
    .where(where);
  const pages = pageCount(total);
  const page = Math.min(query.page, pages);
  const rows = await db()
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      source: newsletterSubscribers.source,
      consentedAt: newsletterSubscribers.consentedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      consentType: newsletterSubscribers.consentType,
      consentExpiresAt: newsletterSubscribers.consentExpiresAt,
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, total, page, pageCount: pages, pageSize: ADMIN_PAGE_SIZE };
}
