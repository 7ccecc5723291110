import { sql } from "drizzle-orm";
import type { Executor } from "../db.server";
import { outboxInsert, type NewEmail } from "../email/outbox.server";

/**
 * Queues an email about an order and lists it among the order's emails (order_emails_sent), in one
 * statement inside the caller's transaction. `kind` is the order's own name for it ("confirmation",
 * "shipped"…).
 */
export async function queueOrderEmail(
  executor: Executor,
  order: { id: string; kind: string },
  email: NewEmail,
) {
  await executor.execute(sql`
    with queued as (${outboxInsert(executor, email).getSQL()})
    insert into order_emails_sent (order_id, outbox_id, kind, sent_to)
    select ${order.id}::uuid, id, ${order.kind}, ${email.to.trim()} from queued`);
}
