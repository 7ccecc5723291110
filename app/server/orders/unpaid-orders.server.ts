import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { storeSettings } from "../settings/store-settings.server";
import { db } from "../db.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { orders } from "../db-tables";
import { changeOrderStatus, queueOrderStatusEmail } from "./order-status.server";
import { unpaidCancelAt, unpaidCancelCutoff } from "~/lib/payment-deadline";

/** Who the order history names for what the store does by itself. */
const SYSTEM_ACTOR = "system";
const BATCH = 50;

// The cancellation rule (placed + the delay; the shopper is told its day): app/lib/payment-deadline.
export { unpaidCancelAt, unpaidCancelCutoff };

/**
 * Unpaid orders hold stock and a coupon use. After the reminder delay (Settings → Payments) the
 * shopper gets one reminder; after the cancellation delay the order is cancelled (stock and coupon use released by the
 * status machine). Safe with several instances: the reminder is claimed by a guarded update and the
 * cancel by the status machine's locked, status-checked transaction, so each happens once.
 */
export async function processUnpaidOrders(now = new Date()) {
  const { payments } = await storeSettings();
  const UNPAID_REMINDER_HOURS = payments.unpaidReminderHours;
  const UNPAID_CANCEL_DAYS = payments.unpaidCancelDays;
  const cancelBefore = unpaidCancelCutoff(now, UNPAID_CANCEL_DAYS);
  const remindBefore = new Date(now.getTime() - UNPAID_REMINDER_HOURS * 3_600_000);

  let cancelled = 0;
  const overdue = await db()
    .select({ id: orders.id })
    .from(orders)
    // A part-paid order holds the shopper's money: staff settle it (Payments → Part paid).
    .where(
      and(
        eq(orders.status, "pending"),
        lte(orders.createdAt, cancelBefore),
        isNull(orders.paymentReceivedCents),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  for (const { id } of overdue) {
    const result = await changeOrderStatus({
      orderId: id,
      expectedStatus: "pending",
      change: {
        to: "cancelled",
        reason: `Payment not received within ${UNPAID_CANCEL_DAYS} days`,
      },
      actor: SYSTEM_ACTOR,
      now,
    });
    if (result.ok) cancelled++;
  }

  let reminded = 0;
  const due = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        isNull(orders.reminderSentAt),
        lte(orders.createdAt, remindBefore),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  for (const { id } of due) {
    const sent = await db().transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({ reminderSentAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, "pending"), isNull(orders.reminderSentAt)))
        .returning();
      if (!claimed) return false;
      await queueOrderStatusEmail(tx, { order: claimed, kind: "unpaid_reminder" });
      return true;
    });
    if (sent) reminded++;
  }
  if (reminded > 0) wakeWorker();
  if (cancelled + reminded > 0) logger.info({ cancelled, reminded }, "unpaid orders processed");
  return { cancelled, reminded };
}
