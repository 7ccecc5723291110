import { and, asc, eq, lt, lte } from "drizzle-orm";
import { dayOf } from "~/lib/coupons";
import { pickupLastDay } from "~/lib/fulfilment";
import { config } from "../config.server";
import { db } from "../db.server";
import { handovers, orders } from "../db-tables";
import { logger } from "../logger.server";
import { createRefund } from "../orders/refunds.server";
import { storeSettings } from "../settings/store-settings.server";

const BATCH = 50;
/** Who the history and the activity log name for what the store does by itself. */
const STORE = { adminId: null, name: "system", ip: null };

/**
 * The store's own fulfilment chores (docs/product/fulfilment.md), run often by the email worker and
 * safe on several instances:
 * - a pickup not collected by the last day of its hold is cancelled and refunded, its stock back
 *   (the cancellation is a refund's guarded, version-checked transaction: it happens once);
 * - delivery records past their keep-until day are deleted.
 */
export async function processPickupHolds(now = new Date()) {
  const zone = config().STORE_TIMEZONE;
  const today = dayOf(now, zone);
  const { fulfilment } = await storeSettings();
  const holdDays = fulfilment.pickupHoldDays;
  // Ready at least holdDays days ago; the calendar day decides below.
  const readyBefore = new Date(now.getTime() - holdDays * 86_400_000);
  const waiting = await db()
    .select({ id: orders.id, version: orders.version, readyAt: orders.readyAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, "processing"),
        eq(orders.fulfilmentMethod, "pickup"),
        lte(orders.readyAt, readyBefore),
      ),
    )
    .orderBy(asc(orders.readyAt))
    .limit(BATCH);
  let cancelled = 0;
  for (const order of waiting) {
    if (!order.readyAt || pickupLastDay(order.readyAt, holdDays, zone) >= today) continue;
    const result = await createRefund({
      orderId: order.id,
      version: order.version,
      request: { kind: "items", lines: [], shippingCents: 0 },
      method: "etransfer",
      reference: null,
      note: "Refund to send by e-Transfer: the order was not picked up.",
      cancel: { reason: `Not picked up within ${holdDays} days`, from: "processing" },
      actor: STORE,
      now,
    });
    if (result.ok) cancelled++;
  }
  const expired = await db()
    .delete(handovers)
    .where(lt(handovers.keepUntil, today))
    .returning({ id: handovers.id });
  if (cancelled + expired.length > 0)
    logger.info({ cancelled, expiredRecords: expired.length }, "pickup holds processed");
  return { cancelled, expiredRecords: expired.length };
}
