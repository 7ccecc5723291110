import { desc, eq, sql } from "drizzle-orm";
import { fail, refusalFailure, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import type { Locale } from "~/lib/i18n/locale";
import { lotLabel } from "~/lib/lots";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db } from "../db.server";
import { emailOutbox, lotRecallNotices, orders, stockMovements } from "../db-tables";
import { enqueueEmail, isOutboxAddress } from "../email/outbox.server";
import { renderRecallNotice } from "../email/templates/lot-recall.server";
import { getLot, LOT_NOT_FOUND } from "./lot-recall.server";

/**
 * Recall notices: one email per customer address (case-insensitive) whose order still holds units
 * of the recalled lot and is not cancelled, queued through the outbox, once ever per lot and
 * address (lot_recall_notices' unique index).
 */

/**
 * The addresses to notify: each distinct address of an order with units still out (taken by its
 * sales, less those given back; the "recalled" pieces of a return are not the order's), not
 * cancelled, with its most recent such order (the notice names it, in that order's language).
 */
function recipientsQuery(lotId: string) {
  return sql`
    select distinct on (lower(o.email)) o.id as "orderId", o.email, o.order_number as "orderNumber",
      o.shipping_name as "customerName", o.locale
    from (
      select order_id,
        coalesce(-sum(quantity) filter (where quantity < 0 and reason <> 'recalled'), 0)
          - coalesce(sum(quantity) filter (where quantity > 0), 0) as out
      from ${stockMovements}
      where lot_id = ${lotId} and order_id is not null
      group by order_id
    ) u
    join ${orders} o on o.id = u.order_id
    where u.out > 0 and o.status <> 'cancelled'
    order by lower(o.email), o.created_at desc, o.id desc`;
}

/**
 * Queues the recall notices of a recalled lot not sent yet. Each address is claimed first (insert
 * … on conflict do nothing, in this transaction): a second press, a double click or two staff at
 * once queue each address once; the email is queued only for the addresses this call claimed.
 */
export async function sendRecallNotices(input: {
  lotId: string;
  actor: AuditActor;
}): Promise<Result<{ queued: number; alreadyNotified: number }>> {
  if (!isUuid(input.lotId)) return fail(404, LOT_NOT_FOUND);
  const lot = await getLot(input.lotId);
  if (!lot) return fail(404, LOT_NOT_FOUND);
  if (!lot.recalledAt || !lot.recallNoticeNumber || !lot.recallNoticeText)
    return fail(409, "Recall this lot before sending its recall notices.");
  const { recallNoticeNumber, recallNoticeText } = lot;
  try {
    return await db().transaction(async (tx) => {
      const recipients = (
        (await tx.execute(recipientsQuery(lot.id))) as unknown as {
          rows: {
            orderId: string;
            email: string;
            orderNumber: string;
            customerName: string;
            locale: Locale;
          }[];
        }
      ).rows.filter((r) => isOutboxAddress(r.email));
      if (recipients.length === 0) return { ok: true as const, queued: 0, alreadyNotified: 0 };
      const claimed = await tx
        .insert(lotRecallNotices)
        .values(
          recipients.map((r) => ({ lotId: lot.id, email: r.email.trim(), orderId: r.orderId })),
        )
        .onConflictDoNothing()
        .returning({ id: lotRecallNotices.id, orderId: lotRecallNotices.orderId });
      const byOrder = new Map(recipients.map((r) => [r.orderId, r]));
      const queued: { id: string; outboxId: string }[] = [];
      for (const notice of claimed) {
        const to = byOrder.get(notice.orderId!)!;
        const email = renderRecallNotice({
          customerName: to.customerName,
          orderNumber: to.orderNumber,
          productName: lot.productName,
          sizeLabel: lot.sizeLabel,
          lotNumber: lotLabel(lot.lotNumber),
          noticeNumber: recallNoticeNumber,
          noticeText: recallNoticeText,
          locale: to.locale,
        });
        const outbox = await enqueueEmail(tx, { kind: "lot_recall", to: to.email, ...email });
        queued.push({ id: notice.id, outboxId: outbox.id });
      }
      if (queued.length > 0) {
        await tx.execute(sql`
          update ${lotRecallNotices} n set outbox_id = x.outbox_id
          from jsonb_to_recordset(${JSON.stringify(queued.map((q) => ({ id: q.id, outbox_id: q.outboxId })))}::jsonb)
            as x(id uuid, outbox_id uuid)
          where n.id = x.id`);
        await recordAudit(tx, {
          actor: input.actor,
          area: "lots",
          action: "send",
          record: {
            type: "lot",
            id: lot.id,
            label: `${lot.productName}: lot ${lotLabel(lot.lotNumber)}`,
          },
          changes: { notice: recallNoticeNumber, notices: queued.length },
        });
      }
      return {
        ok: true as const,
        queued: queued.length,
        alreadyNotified: recipients.length - queued.length,
      };
    });
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

/** The notices sent for a lot, newest first, with their outbox state (queued, sent, failed). */
export async function listRecallNotices(lotId: string) {
  if (!isUuid(lotId)) return [];
  return db()
    .select({
      id: lotRecallNotices.id,
      email: lotRecallNotices.email,
      orderNumber: orders.orderNumber,
      createdAt: lotRecallNotices.createdAt,
      status: emailOutbox.status,
      sentAt: emailOutbox.sentAt,
      lastError: emailOutbox.lastError,
    })
    .from(lotRecallNotices)
    .leftJoin(orders, eq(orders.id, lotRecallNotices.orderId))
    .leftJoin(emailOutbox, eq(emailOutbox.id, lotRecallNotices.outboxId))
    .where(eq(lotRecallNotices.lotId, lotId))
    .orderBy(desc(lotRecallNotices.createdAt), desc(lotRecallNotices.id));
}

/** How many addresses a press of Send recall notices would queue now (not notified yet). */
export async function pendingRecallNotices(lotId: string): Promise<number> {
  if (!isUuid(lotId)) return 0;
  const result = (await db().execute(sql`
    select count(*)::int as n from (${recipientsQuery(lotId)}) r
    where not exists (
      select 1 from ${lotRecallNotices} n
      where n.lot_id = ${lotId} and lower(n.email) = lower(trim(r.email))
    )`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
