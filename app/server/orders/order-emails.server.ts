import { sql } from "drizzle-orm";
import type { Executor } from "../db.server";
import { outboxInsert, type NewEmail } from "../email/outbox.server";

/**
 * Queues emails about orders and lists each among its order's emails (order_emails_sent), in one
 * statement inside the caller's transaction, however many. `kind` is the order's own name for it
 * ("confirmation", "shipped"…).
 */
export async function queueOrderEmail(
  executor: Executor,
  ...emails: { order: { id: string; kind: string }; email: NewEmail }[]
) {
  if (emails.length === 0) return;
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
