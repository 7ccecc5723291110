import { desc, eq } from "drizzle-orm";
import { zonedParts } from "~/lib/dates";
import { Refusal, refusalFailure, type Result } from "~/lib/errors";
import { LONGEST_RECORD_YEARS, PROVINCE_LAW, normalizePickupCode } from "~/lib/fulfilment";
import {
  ID_KIND_NAMES,
  REFUSAL_REASON_NAMES,
  ageCheck,
  type IdKind,
  type RefusalReason,
} from "~/lib/handover";
import { isProvinceCode } from "~/lib/address";
import { addYears } from "~/lib/report-period";
import { dayOf } from "~/lib/coupons";
import { normalizeOrderNumber, statusName } from "~/lib/order-status";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { config } from "../config.server";
import { db, type Transaction } from "../db.server";
import { handovers, orders } from "../db-tables";
import { wakeWorker } from "../email/worker.server";
import { stockChanged } from "../inventory/stock-ledger.server";
import { logger } from "../logger.server";
import {
  itemsByOrder,
  orderRecipientColumns,
  orderFulfilmentColumns,
} from "../orders/order-lines.server";
import { changeOrderStatusIn } from "../orders/order-status.server";
import { createRefundIn } from "../orders/refunds.server";
import { getProvinceRule } from "../taxes/taxes.server";

/** What the handover page shows of an order: who, where, what, and what was recorded so far. */
export async function handoverView(orderNumber: string) {
  const [order] = await db()
    .select({
      ...orderRecipientColumns,
      totalCents: orders.totalAmountCents,
      refundedCents: orders.refundedCents,
      paidAt: orders.paidAt,
      ...orderFulfilmentColumns,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const rule = isProvinceCode(order.province) ? await getProvinceRule(order.province) : null;
  const [items, records] = await Promise.all([
    itemsByOrder([order.id]),
    db()
      .select({
        id: handovers.id,
        result: handovers.result,
        reason: handovers.reason,
        idKind: handovers.idKind,
        birthYear: handovers.birthYear,
        staffName: handovers.staffName,
        createdAt: handovers.createdAt,
      })
      .from(handovers)
      .where(eq(handovers.orderId, order.id))
      .orderBy(desc(handovers.createdAt)),
  ]);
  return {
    order,
    items: items.get(order.id) ?? [],
    legalAge: rule?.minimumAge ?? 19,
    canHandOver: order.fulfilmentMethod !== "parcel" && HANDOVER_FROM.includes(order.status),
    records,
  };
}

/** An order by its pickup code or its number (the counter types either), or null. */
export async function findHandoverOrder(typed: string): Promise<string | null> {
  const code = normalizePickupCode(typed);
  const number = normalizeOrderNumber(typed);
  if (!code && !number) return null;
  const [row] = await db()
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(code ? eq(orders.pickupCode, code) : eq(orders.orderNumber, number!));
  return row?.orderNumber ?? null;
}

/** What the driver (or the counter) records: handed over after the ID check, or why not. */
export type Handover =
  | { result: "delivered"; idKind: IdKind; birthYear: number; birthdayPassed: boolean }
  | { result: "refused"; reason: RefusalReason };

/** The statuses an order can be handed over from: paid, whether or not it was packed first. */
const HANDOVER_FROM = ["paid", "processing"];

/**
 * Records a delivery's or a pickup's handover (docs/product/fulfilment.md#handing-over) as ONE
 * transaction with the order row locked: the delivery record, and
 * - handed over: the ID checked against the province's age, the order delivered (its history
 *   entry and email);
 * - refused: the order cancelled with its refund of everything (stock back as "returned"), the
 *   refund email saying why.
 * `expectedStatus` is the status the person saw: a change since refuses the record (409).
 */
export async function recordHandover(options: {
  orderNumber: string;
  expectedStatus: string;
  handover: Handover;
  actor: AuditActor;
  now?: Date;
}): Promise<Result<{ orderNumber: string; result: Handover["result"]; refunded: number }>> {
  const now = options.now ?? new Date();
  try {
    const result = await db().transaction((tx) => applyHandover(tx, options, now));
    wakeWorker();
    if (result.result === "refused") await stockChanged("refused handover: stock back");
    logger.info({ ...result, actor: options.actor.name }, "order handover recorded");
    return { ok: true, ...result };
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

async function applyHandover(
  tx: Transaction,
  options: Parameters<typeof recordHandover>[0],
  now: Date,
) {
  const { handover, actor } = options;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, options.orderNumber))
    .for("update");
  if (!order) throw new Refusal(404, "This order does not exist.");
  const n = order.orderNumber;
  const method = order.fulfilmentMethod;
  if (method !== "delivery" && method !== "pickup")
    throw new Refusal(
      400,
      `Order ${n} is a Canada Post parcel: Canada Post checks the ID (Proof of Age) when it delivers.`,
    );
  if (order.status !== options.expectedStatus)
    throw new Refusal(
      409,
      `Order ${n} changed while you were looking at it: it is now ${statusName(order.status)}. Nothing was recorded; check it and try again.`,
    );
  if (!HANDOVER_FROM.includes(order.status))
    throw new Refusal(
      409,
      order.status === "pending"
        ? `Order ${n} is not paid yet: it cannot be handed over.`
        : `Order ${n} is ${statusName(order.status)}: there is nothing to hand over.`,
    );

  const zone = config().STORE_TIMEZONE;
  const province = isProvinceCode(order.shippingProvince) ? order.shippingProvince : null;
  const verb = method === "pickup" ? "Picked up" : "Delivered";
  let note: string;
  let refunded = 0;
  if (handover.result === "delivered") {
    const rule = province ? await getProvinceRule(province, tx) : null;
    const check = ageCheck({
      birthYear: handover.birthYear,
      legalAge: rule?.minimumAge ?? 19,
      currentYear: zonedParts(now, zone).year,
      birthdayPassed: handover.birthdayPassed,
    });
    if (!check.ok) throw new Refusal(422, check.message, check.field);
    note = `${verb}: ID checked (${ID_KIND_NAMES[handover.idKind]}, born ${handover.birthYear})`;
    await changeOrderStatusIn(
      tx,
      {
        orderId: order.id,
        expectedStatus: order.status,
        change: { to: "delivered", handover: { note } },
        actor,
      },
      now,
    );
  } else {
    const why = REFUSAL_REASON_NAMES[handover.reason];
    const reason = `${method === "pickup" ? "Pickup" : "Delivery"} refused: ${why.toLowerCase()}`;
    note = reason;
    // Handed over only once paid (HANDOVER_FROM): everything not yet refunded goes back.
    ({ amountCents: refunded } = await createRefundIn(
      tx,
      {
        orderId: order.id,
        version: order.version,
        request: { kind: "items", lines: [], shippingCents: 0 },
        method: "etransfer",
        reference: null,
        note: "Refund to send by e-Transfer: the order came back.",
        actor,
        cancel: { reason, from: order.status },
        restockReason: "returned",
      },
      now,
    ));
  }

  const today = dayOf(now, zone);
  const years = province ? PROVINCE_LAW[province].recordYears : LONGEST_RECORD_YEARS;
  const record = {
    orderId: order.id,
    orderNumber: n,
    method,
    result: handover.result,
    reason: handover.result === "refused" ? handover.reason : null,
    idKind: handover.result === "delivered" ? handover.idKind : null,
    birthYear: handover.result === "delivered" ? handover.birthYear : null,
    staffId: actor.adminId,
    staffName: actor.name,
    recipientName: order.shippingName,
    address:
      method === "pickup"
        ? "At the store"
        : `${order.shippingStreet}, ${order.shippingCity} ${order.shippingProvince} ${order.shippingPostalCode}`,
    province: order.shippingProvince,
    keepUntil: addYears(today, years),
    createdAt: now,
  };
  await tx.insert(handovers).values(record);
  await recordAudit(tx, {
    actor,
    area: "deliveries",
    action: "handover",
    record: { type: "order", id: n, label: `Order ${n}` },
    changes: {
      result: handover.result,
      note,
      ...(record.idKind ? { idKind: record.idKind, birthYear: record.birthYear } : {}),
    },
  });
  return { orderNumber: n, result: handover.result, refunded };
}
