import { and, eq, isNull, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { zonedParts } from "~/lib/dates";
import { Refusal, refusalFailure, type Result } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import {
  DELIVERY_DAYS,
  TRACKING_NUMBER_HELP,
  invoiceStatusFor,
  normalizeTrackingNumber,
  statusName,
  transitionRefusal,
  type OrderStatus,
} from "~/lib/order-status";
import { stripControlCharacters } from "~/schemas/text";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { recordMovements, type NewMovement } from "../inventory/stock-ledger.server";
import { config } from "../config.server";
import { db, type Transaction } from "../db.server";
import { queueOrderEmail } from "./order-emails.server";
import {
  renderOrderStatusEmail,
  type OrderEmailKind,
} from "../email/templates/order-status.server";
import { wakeWorker } from "../email/worker.server";
import { logger } from "../logger.server";
import { releaseCouponUse } from "../marketing/coupons.server";
import { releaseWindow } from "../fulfilment/choices.server";
import { recordParcel } from "./parcel.server";
import {
  invoices,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  productVariations,
  products,
  shipments,
} from "../db-tables";
import { invalidatePageCache } from "../storefront/page-invalidation.server";

/** What the staff (or the system) asks an order to become, with what that step needs. */

export const LABEL_TO_VOID_FIRST =
  "This order has a Canada Post label: void it on the Shipping screen first, so it is refunded, then cancel the order.";

export type StatusChange =
  | {
      to: "paid";
      reference: string;
      amountReceivedCents: number;
      /** Required, with acceptDifferentAmount, when the amount is not the order total. */
      note?: string;
      acceptDifferentAmount?: boolean;
    }
  | {
      to: "cancelled";
      reason: string;
      /**
       * A cancel made with its refund (refunds.server.ts): the refund, said in the history note
       * after the reason. The shopper then gets the refund's own email, which says both.
       */
      refund?: { note: string };
    }
  | { to: "shipped"; trackingNumber: string; note?: string }
  | {
      to: "delivered";
      note?: string;
      /** A delivery's or pickup's handover (app/server/shipping/handover.server.ts), its note. */
      handover?: { note: string };
    }
  | { to: "processing" | "completed"; note?: string };

/** The step taken, or why not (`errors` names the field at fault, for the step's dialog). */
type StatusChangeResult = Result<{
  orderNumber: string;
  from: OrderStatus;
  to: OrderStatus;
}>;

const EMAIL_FOR: Partial<Record<OrderStatus, OrderEmailKind>> = {
  paid: "payment_received",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
};

/**
 * Moves an order one step along the order's status machine, as ONE transaction with the order row
 * locked: the step's own effects (payment recorded, stock and coupon use given back, shipment
 * written), the invoice status, a history row and the shopper's email all commit together or not
 * at all. `expectedStatus` is the status the person saw: when the order moved since (another
 * staff member, the unpaid-order job), the change is refused instead of applied to a new state,
 * so a cancel racing a payment ends in exactly one of the two.
 */
export async function changeOrderStatus(options: {
  orderId: string;
  expectedStatus: string;
  change: StatusChange;
  /** An admin (the change is audited) or the store itself, by the name its history shows. */
  actor: AuditActor | string;
  now?: Date;
}): Promise<StatusChangeResult> {
  const now = options.now ?? new Date();
  try {
    const result = await db().transaction((tx) => applyChange(tx, options, now));
    wakeWorker();
    if (result.to === "cancelled") await invalidatePageCache("order cancelled: stock back");
    logger.info(
      { ...result, actor: typeof options.actor === "string" ? options.actor : options.actor.name },
      "order status changed",
    );
    return { ok: true, ...result };
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

/**
 * The same step inside the caller's transaction (a cancel made with its refund). A refusal is
 * thrown, rolling the caller's transaction back: `refusalFailure` turns it into its Failure. The
 * caller wakes the email worker and drops cached pages once it has committed.
 */
export function changeOrderStatusIn(
  tx: Transaction,
  options: Parameters<typeof applyChange>[1],
  now: Date,
) {
  return applyChange(tx, options, now);
}

async function applyChange(
  tx: Transaction,
  options: {
    orderId: string;
    expectedStatus: string;
    change: StatusChange;
    actor: AuditActor | string;
  },
  now: Date,
) {
  const { change } = options;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, options.orderId))
    .for("update");
  if (!order) throw new Refusal(404, "This order does not exist.");
  const from = order.status as OrderStatus;
  if (from !== options.expectedStatus)
    throw new Refusal(
      409,
      `Order ${order.orderNumber} changed while you were looking at it: it is now ${statusName(from)}. Nothing was changed; check it and try again.`,
    );
  const method = order.fulfilmentMethod;
  const refusal = transitionRefusal(from, change.to, method);
  if (refusal) throw new Refusal(400, refusal);
  const handedOver = method !== "parcel";
  if (change.to === "delivered" && handedOver && !change.handover)
    throw new Refusal(
      400,
      `Order ${order.orderNumber} is a ${method === "pickup" ? "pickup" : "local delivery"}: record its handover, with the ID check, to mark it delivered.`,
    );

  const orderUpdate: Partial<typeof orders.$inferInsert> = { status: change.to, updatedAt: now };
  let note: string | null = "note" in change ? clean(change.note) : null;
  let shipment: { trackingNumber: string; estimatedDelivery: string } | null = null;

  switch (change.to) {
    case "paid": {
      const reference = clean(change.reference);
      if (!reference) throw new Refusal(400, "Enter the e-Transfer reference number.", "reference");
      const amount = change.amountReceivedCents;
      // A part-paid order owes what is left of its total.
      const received = order.paymentReceivedCents ?? 0;
      const owing = order.totalAmountCents - received;
      if (amount !== owing && !(change.acceptDifferentAmount && note))
        throw new Refusal(
          400,
          `The amount received (${formatMoney(amount)}) is not ${received > 0 ? "what the order still owes" : "the order total"} (${formatMoney(owing)}). To accept it anyway, tick "Accept a different amount" and explain why in the note.`,
          "amountReceived",
        );
      // Every paid order has its payment record.
      await tx.insert(payments).values({
        source: "manual",
        bankReference: reference,
        amountCents: amount,
        receivedAt: now,
        state: "applied",
        orderId: order.id,
        note,
        resolvedBy: typeof options.actor === "string" ? options.actor : options.actor.name,
        resolvedAt: now,
      });
      Object.assign(orderUpdate, {
        paymentReference: reference,
        paymentReceivedCents: received + amount,
        paidAt: now,
      });
      note = [`e-Transfer ${reference}, ${formatMoney(amount)} received`, note]
        .filter(Boolean)
        .join(". ");
      break;
    }
    case "cancelled": {
      const reason = clean(change.reason);
      if (!reason) throw new Refusal(400, "Give a reason for cancelling.", "reason");
      // A bought label is paid for at Canada Post: it is voided (refunded) before the order goes.
      const [labelled] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(
          and(
            eq(shipments.orderId, order.id),
            sql`${shipments.labelShipmentId} is not null and ${shipments.labelState} in ('bought', 'failed')`,
          ),
        );
      if (labelled) throw new Refusal(409, LABEL_TO_VOID_FIRST);
      Object.assign(orderUpdate, { cancelReason: reason, cancelledAt: now });
      note = change.refund ? `${reason}. ${change.refund.note}` : reason;
      // A part-paid order's transfers go back to the shopper: listed under Payments → To refund.
      if (from === "pending" && (order.paymentReceivedCents ?? 0) > 0) {
        await tx
          .update(payments)
          .set({ overCents: sql`${payments.amountCents}` })
          .where(and(eq(payments.orderId, order.id), isNull(payments.overSettledAt)));
        note = `${note}. ${formatMoney(order.paymentReceivedCents ?? 0)} received is to send back (Payments → To refund)`;
      }
      await restoreStock(tx, order.id, now);
      await releaseCouponUse(tx, order.id);
      // Its delivery window's place goes back to other shoppers.
      if (order.deliveryWindowId && order.deliveryDate)
        await releaseWindow(tx, order.deliveryWindowId, order.deliveryDate);
      // A parcel that was only being packed is no longer going anywhere.
      await tx
        .delete(shipments)
        .where(and(eq(shipments.orderId, order.id), eq(shipments.status, "preparing")));
      break;
    }
    case "processing":
      // A pickup waits at the counter from now (its hold days count from here); only a parcel
      // has a shipment.
      if (method === "pickup") orderUpdate.readyAt = now;
      if (!handedOver) {
        await tx
          .insert(shipments)
          .values({ orderId: order.id, status: "preparing", createdAt: now, updatedAt: now })
          .onConflictDoNothing();
        await recordParcel(tx, order.id);
      }
      break;
    case "shipped": {
      const trackingNumber = normalizeTrackingNumber(change.trackingNumber);
      if (!trackingNumber) throw new Refusal(400, TRACKING_NUMBER_HELP, "trackingNumber");
      shipment = { trackingNumber, estimatedDelivery: estimatedDelivery(now) };
      const values = {
        carrier: "Canada Post",
        trackingNumber,
        status: "shipped",
        shippedDate: now,
        estimatedDelivery: shipment.estimatedDelivery,
        updatedAt: now,
      };
      await tx
        .insert(shipments)
        .values({ orderId: order.id, ...values, createdAt: now })
        .onConflictDoUpdate({ target: shipments.orderId, set: values });
      await recordParcel(tx, order.id);
      note = [`Canada Post ${trackingNumber}`, note].filter(Boolean).join(". ");
      break;
    }
    case "delivered":
      if (change.handover) note = [change.handover.note, note].filter(Boolean).join(". ");
      await tx
        .update(shipments)
        .set({ status: "delivered", deliveredDate: now, updatedAt: now })
        .where(eq(shipments.orderId, order.id));
      break;
    case "completed":
      break;
  }

  // The status guard repeats the lock's promise in SQL: nothing moves an order twice. The version
  // moves with every staff change, so a form opened before this one (a refund) is refused.
  const moved = await tx
    .update(orders)
    .set({ ...orderUpdate, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw new Refusal(409, "This order changed at the same moment.");
  await tx
    .update(invoices)
    .set({ status: invoiceStatusFor(change.to) })
    .where(eq(invoices.orderId, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: change.to,
    changedBy: typeof options.actor === "string" ? options.actor : options.actor.name,
    note,
    createdAt: now,
  });

  const emailKind =
    change.to === "cancelled" && change.refund
      ? undefined
      : change.to === "processing" && method === "pickup"
        ? "ready_for_pickup"
        : EMAIL_FOR[change.to];
  if (emailKind) {
    const [current] = await tx
      .select({
        trackingNumber: shipments.trackingNumber,
        estimatedDelivery: shipments.estimatedDelivery,
      })
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    await queueOrderStatusEmail(tx, {
      order: { ...order, ...orderUpdate },
      kind: emailKind,
      trackingNumber: shipment?.trackingNumber ?? current?.trackingNumber,
      estimatedDelivery: shipment?.estimatedDelivery ?? current?.estimatedDelivery,
      reason: change.to === "cancelled" ? clean(change.reason) : null,
    });
  }
  if (typeof options.actor !== "string")
    await recordAudit(tx, {
      actor: options.actor,
      area: "orders",
      action: "status",
      record: { type: "order", id: order.orderNumber, label: `Order ${order.orderNumber}` },
      changes: { status: [from, change.to], ...(note ? { note } : {}) },
    });
  return { orderNumber: order.orderNumber, from, to: change.to };
}

/** Queues orders' status emails and lists each on its order (order_emails_sent), one statement. */
export async function queueOrderStatusEmail(
  tx: Transaction,
  ...inputs: {
    order: typeof orders.$inferSelect;
    kind: OrderEmailKind;
    trackingNumber?: string | null;
    estimatedDelivery?: string | null;
    reason?: string | null;
  }[]
) {
  await queueOrderEmail(
    tx,
    ...inputs.map(({ order, ...input }) => ({
      order: { id: order.id, kind: input.kind },
      email: {
        kind: `order_${input.kind}`,
        to: order.email,
        ...renderOrderStatusEmail({
          kind: input.kind,
          orderNumber: order.orderNumber,
          shippingName: order.shippingName,
          totalAmountCents: order.totalAmountCents,
          accessToken: order.accessToken,
          trackingNumber: input.trackingNumber,
          estimatedDelivery: input.estimatedDelivery,
          reason: input.reason,
          placedAt: order.createdAt,
          fulfilment: order,
          readyAt: order.readyAt,
        }),
      },
    })),
  );
}

/**
 * Puts every item of a cancelled order back on its size and its product, each a "cancelled"
 * movement. A size removed since (or a product that has had sizes since) has nowhere to take its
 * items back, so they stay out. Units already refunded are not put back again: a refund either
 * restocked them (its own movement) or kept them out (damaged, kept by the shopper).
 */
async function restoreStock(tx: Transaction, orderId: string, now: Date) {
  const rows = await tx
    .select({
      productId: orderItems.productId,
      variationId: orderItems.variationId,
      sizeLabel: orderItems.sizeLabel,
      quantity: orderItems.quantity,
      // Qualified by hand: in a one-table select drizzle prints the bare column name.
      refunded: sql<number>`(select coalesce(sum(rl.quantity), 0)::int from refund_lines rl where rl.order_item_id = "order_items"."id")`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const items = rows
    .map(({ refunded, ...item }) => ({ ...item, quantity: item.quantity - refunded }))
    .filter((item) => item.quantity > 0);
  // Same lock order as checkout (each product's sizes, then the product, by id) so a cancel and an
  // order never deadlock.
  items.sort(
    (a, b) =>
      a.productId.localeCompare(b.productId) ||
      (a.variationId ?? "").localeCompare(b.variationId ?? ""),
  );
  const movements: NewMovement[] = [];
  for (const productId of new Set(items.map((item) => item.productId))) {
    const group = items.filter((item) => item.productId === productId);
    let sizesBack = 0;
    for (const item of group) {
      if (!item.variationId) continue;
      const [size] = await tx
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} + ${item.quantity}` })
        .where(
          and(eq(productVariations.id, item.variationId), isNull(productVariations.archivedAt)),
        )
        .returning({ stock: productVariations.stock });
      if (!size) continue;
      sizesBack += item.quantity;
      movements.push(cancelled(item, size.stock));
    }
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${sizesBack}`, updatedAt: now })
      .where(eq(products.id, productId))
      .returning({ stock: products.stock });
    const whole = group.find((item) => !item.variationId && item.sizeLabel === null);
    if (!product || !whole) continue;
    const [back] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${whole.quantity}` })
      .where(
        and(
          eq(products.id, productId),
          sql`not exists (select 1 from product_variations v where v.product_id = ${productId} and v.archived_at is null)`,
        ),
      )
      .returning({ stock: products.stock });
    if (back) movements.push(cancelled(whole, back.stock));
  }
  await recordMovements(tx, movements);
  // A size back in stock can change the price the listings show.
  await refreshListedPrice(tx, [...new Set(items.map((item) => item.productId))]);

  function cancelled(
    item: { productId: string; variationId: string | null; quantity: number },
    stockAfter: number,
  ): NewMovement {
    return {
      productId: item.productId,
      variationId: item.variationId,
      quantity: item.quantity,
      stockAfter,
      reason: "cancelled",
      orderId,
    };
  }
}

/** Canada Post's estimate is 3 days after shipping (a date in the store's time zone). */
export function estimatedDelivery(shippedAt: Date): string {
  const { year, month, day } = zonedParts(shippedAt, config().STORE_TIMEZONE);
  const date = new Date(Date.UTC(year, month - 1, day + DELIVERY_DAYS));
  return date.toISOString().slice(0, 10);
}

function clean(value: string | null | undefined): string | null {
  const text = value && stripControlCharacters(value).replace(/\s+/g, " ").trim();
  return text ? text.slice(0, 500) : null;
}
