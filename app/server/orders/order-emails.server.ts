import { inArray, sql } from "drizzle-orm";
import { isLocale, type Locale } from "~/lib/i18n/locale";
import type { Executor } from "../db.server";
import { orders } from "../db-tables";
import { outboxInsert, type NewEmail } from "../email/outbox.server";
import { RENDER_IN_LOCALE, type LocalizableEmail } from "../email/templates/layout.server";

/** An order email to queue: a template's (LocalizableEmail) can be rendered in another language. */
type OrderEmail = NewEmail & Partial<Pick<LocalizableEmail, typeof RENDER_IN_LOCALE>>;

/**
 * Every email about an order is in the language the order was placed in (orders.locale): an email
 * a template rendered in another (its caller did not pass the order's) is rendered again in it.
 * The orders' languages are read in one query, in the caller's transaction.
 */
async function inOrderLocales(
  executor: Executor,
  emails: { order: { id: string; kind: string }; email: OrderEmail }[],
): Promise<{ order: { id: string; kind: string }; email: NewEmail }[]> {
  const ids = [
    ...new Set(emails.filter(({ email }) => email[RENDER_IN_LOCALE]).map(({ order }) => order.id)),
  ];
  if (ids.length === 0) return emails;
  const rows = await executor
    .select({ id: orders.id, locale: orders.locale })
    .from(orders)
    .where(inArray(orders.id, ids));
  const locales = new Map<string, Locale>(
    rows.map((row) => [row.id, isLocale(row.locale) ? row.locale : "en"]),
  );
  return emails.map(({ order, email }) => {
    const renderer = email[RENDER_IN_LOCALE];
    const locale = locales.get(order.id);
    if (!renderer || !locale || locale === renderer.locale) return { order, email };
    const { subject, html, text } = renderer.render(locale);
    return { order, email: { ...email, subject, html, text } };
  });
}

/**
 * Queues emails about orders and lists each among its order's emails (order_emails_sent), in one
 * statement inside the caller's transaction, however many. `kind` is the order's own name for it
 * ("confirmation", "shipped"…). Each is in its order's language (inOrderLocales).
 */
export async function queueOrderEmail(
  executor: Executor,
  ...queued: { order: { id: string; kind: string }; email: OrderEmail }[]
) {
  if (queued.length === 0) return;
  const emails = await inOrderLocales(executor, queued);
  const inserted = outboxInsert(
    executor,
    emails.map(({ email }) => email),
  );
  // Each outbox row is found again by its tracking token (unique, made in the code).
  const listed = sql.join(
    emails.map(
      ({ order, email }, i) =>
        sql`(${inserted.tokens[i]!}, ${order.id}::uuid, ${order.kind}, ${email.to.trim()})`,
    ),
    sql`, `,
  );
  await executor.execute(sql`
    with queued as (${inserted.query.getSQL()})
    insert into order_emails_sent (order_id, outbox_id, kind, sent_to)
    select v.order_id, queued.id, v.kind, v.sent_to
    from queued join (values ${listed}) as v(token, order_id, kind, sent_to)
      on v.token = queued.tracking_token`);
}
