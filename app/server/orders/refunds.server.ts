import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Refusal, refusalFailure, type Result } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { REFUND_NOTE_PREFIX, statusName } from "~/lib/order-status";
import {
  fullRefundRequest,
  splitRefund,
  type RefundRequest,
  type RefundSplit,
  type RefundableOrder,
  type RefundedSoFar,
} from "~/lib/refund-math";
import { REFUND_METHOD_LABELS, type RefundMethod } from "~/lib/refunds";
import { SALE_STATUSES } from "~/lib/report-period";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { refreshListedPrice } from "../catalog/listed-price.server";
import { db, type Executor, type Transaction } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderRefundEmail, type RefundEmailInput } from "../email/templates/refund.server";
import { wakeWorker } from "../email/worker.server";
import { moveStock, stockChanged } from "../inventory/stock-ledger.server";
import { logger } from "../logger.server";
import {
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orderTaxLines,
  orders,
  refundLines,
  refundTaxLines,
  refunds,
} from "../schema";
import { changeOrderStatusIn } from "./order-status.server";

/**
 * Refunds (docs/decisions/refunds.md): money given back on a paid order, by items (with or
 * without restocking), shipping or an amount, each a credit note numbered from its order. One
 * transaction writes the refund, its lines and tax lines, the stock given back, the order's history
 * entry, the shopper's email and the audit entry, behind one guarded update of the order that
 * refuses a stale form (409) and anything past what remains (422).
 */

/** A refund as stored, with what it gave back line by line and tax line by tax line. */
export interface OrderRefund {
  id: string;
  position: number;
  creditNoteNumber: string;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  amountCents: number;
  method: RefundMethod;
  reference: string | null;
  note: string | null;
  adminName: string;
  createdAt: Date;
  lines: {
    orderItemId: string;
    productName: string;
    sizeLabel: string | null;
    quantity: number;
    amountCents: number;
    restocked: boolean;
  }[];
  taxLines: { orderTaxLineId: string; label: string; amountCents: number }[];
}

/**
 * An order's refunds, oldest first (R1, R2, …), each with its lines and tax lines: three
 * statements whatever their number. For the order page, credit notes, invoices and reports.
 */
export async function listOrderRefunds(
  orderId: string,
  executor: Executor = db(),
): Promise<OrderRefund[]> {
  return (await listRefundsOfOrders([orderId], executor)).get(orderId) ?? [];
}

/** The refunds of several orders, by order id (the invoices' batch reads them in one go). */
export async function listRefundsOfOrders(
  orderIds: string[],
  executor: Executor = db(),
): Promise<Map<string, OrderRefund[]>> {
  const byOrder = new Map<string, OrderRefund[]>();
  if (orderIds.length === 0) return byOrder;
  const heads = await executor
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.orderId), asc(refunds.position));
  if (heads.length === 0) return byOrder;
  const ids = heads.map((h) => h.id);
  const [lines, taxes] = await Promise.all([
    executor
      .select({
        refundId: refundLines.refundId,
        orderItemId: refundLines.orderItemId,
        productName: orderItems.productName,
        sizeLabel: orderItems.sizeLabel,
        quantity: refundLines.quantity,
        amountCents: refundLines.amountCents,
        restocked: refundLines.restocked,
      })
      .from(refundLines)
      .innerJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
      .where(inArray(refundLines.refundId, ids))
      .orderBy(asc(orderItems.productName), asc(orderItems.id)),
    executor
      .select({
        refundId: refundTaxLines.refundId,
        orderTaxLineId: refundTaxLines.orderTaxLineId,
        label: refundTaxLines.label,
        amountCents: refundTaxLines.amountCents,
      })
      .from(refundTaxLines)
      .innerJoin(orderTaxLines, eq(orderTaxLines.id, refundTaxLines.orderTaxLineId))
      .where(inArray(refundTaxLines.refundId, ids))
      .orderBy(asc(orderTaxLines.position)),
  ]);
  for (const head of heads) {
    const refund: OrderRefund = {
      id: head.id,
      position: head.position,
      creditNoteNumber: head.creditNoteNumber,
      goodsCents: head.goodsCents,
      shippingCents: head.shippingCents,
      taxCents: head.taxCents,
      amountCents: head.amountCents,
      method: head.method as RefundMethod,
      reference: head.reference,
      note: head.note,
      adminName: head.adminName,
      createdAt: head.createdAt,
      lines: lines.filter((l) => l.refundId === head.id).map(({ refundId: _, ...l }) => l),
      taxLines: taxes.filter((t) => t.refundId === head.id).map(({ refundId: _, ...t }) => t),
    };
    byOrder.set(head.orderId, [...(byOrder.get(head.orderId) ?? []), refund]);
  }
  return byOrder;
}

/** An order line as a refund sees it: what was ordered and where its stock goes back to. */
interface RefundableLine {
  id: string;
  productId: string;
  variationId: string | null;
  productName: string;
  sizeLabel: string | null;
  quantity: number;
  priceCents: number;
}

/** Everything a refund of an order is computed from, read in the caller's executor. */
export interface RefundBasis {
  order: typeof orders.$inferSelect;
  items: RefundableLine[];
  /** The pure arithmetic's view of the order and of its earlier refunds. */
  refundable: RefundableOrder;
  refunded: RefundedSoFar;
}

/** "Pink Kush (3.5g)". */
export function itemLabel(item: { productName: string; sizeLabel: string | null }): string {
  return item.sizeLabel ? `${item.productName} (${item.sizeLabel})` : item.productName;
}

/**
 * The order, its lines and what was refunded of them. Inside a refund's transaction pass
 * `lockOrder`: the order's row is locked first, so a refund committed meanwhile is either wholly
 * seen (its version and its lines) or waited for, never half of it.
 */
export async function readRefundBasis(
  orderId: string,
  executor: Executor = db(),
  options: { lockOrder?: boolean } = {},
): Promise<RefundBasis | null> {
  const select = executor.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await (options.lockOrder ? select.for("update") : select);
  if (!order) return null;
  // One after another: a transaction runs one query at a time.
  const items = await executor
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variationId: orderItems.variationId,
      productName: orderItems.productName,
      sizeLabel: orderItems.sizeLabel,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceAtPurchaseCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const taxes = await executor
    .select({
      id: orderTaxLines.id,
      label: orderTaxLines.label,
      taxableCents: orderTaxLines.taxableCents,
      amountCents: orderTaxLines.amountCents,
    })
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.position));
  const lineSums = await executor
    .select({
      id: refundLines.orderItemId,
      quantity: sql<number>`sum(${refundLines.quantity})::int`,
      amountCents: sql<number>`sum(${refundLines.amountCents})::int`,
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(eq(refunds.orderId, orderId))
    .groupBy(refundLines.orderItemId);
  const taxSums = await executor
    .select({
      id: refundTaxLines.orderTaxLineId,
      amountCents: sql<number>`sum(${refundTaxLines.amountCents})::int`,
    })
    .from(refundTaxLines)
    .innerJoin(refunds, eq(refunds.id, refundTaxLines.refundId))
    .where(eq(refunds.orderId, orderId))
    .groupBy(refundTaxLines.orderTaxLineId);
  const totals = await executor
    .select({
      goodsCents: sql<number>`coalesce(sum(${refunds.goodsCents}), 0)::int`,
      shippingCents: sql<number>`coalesce(sum(${refunds.shippingCents}), 0)::int`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return {
    order,
    items,
    refundable: {
      totalCents: order.totalAmountCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCostCents,
      lines: items.map((i) => ({
        id: i.id,
        quantity: i.quantity,
        priceCents: i.priceCents,
        label: itemLabel(i),
      })),
      taxLines: taxes,
    },
    refunded: {
      totalCents: order.refundedCents,
      goodsCents: totals[0]?.goodsCents ?? 0,
      shippingCents: totals[0]?.shippingCents ?? 0,
      lines: Object.fromEntries(
        lineSums.map((l) => [l.id, { quantity: l.quantity, amountCents: l.amountCents }]),
      ),
      taxLines: Object.fromEntries(taxSums.map((t) => [t.id, t.amountCents])),
    },
  };
}

/**
 * What the order page shows of refunds: the refunds made (credit notes), whether the order was
 * paid, and the arithmetic's view of the order for the Refund dialog's preview.
 */
export async function orderRefundPanel(orderId: string) {
  const [basis, made] = await Promise.all([readRefundBasis(orderId), listOrderRefunds(orderId)]);
  if (!basis) return null;
  return {
    paid: wasPaid(basis.order),
    refundable: basis.refundable,
    refunded: basis.refunded,
    refunds: made,
  };
}

/**
 * Why a paid order cannot simply be cancelled (its money would be left with the store): the order
 * page's Cancel order refunds it in the same step. Null when a plain cancel is fine.
 */
export async function plainCancelRefusal(orderId: string): Promise<string | null> {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order || !wasPaid(order) || order.refundedCents >= order.totalAmountCents) return null;
  return `Order ${order.orderNumber} was paid: cancelling it refunds what remains (${formatMoney(order.totalAmountCents - order.refundedCents)}). Use Cancel order on the order's page (owners and managers), which cancels and refunds in one step.`;
}

/** Whether money was taken for the order: a sale (paid … completed), or cancelled after payment. */
export function wasPaid(order: { status: string; paidAt: Date | null }): boolean {
  return (
    (SALE_STATUSES as readonly string[]).includes(order.status) ||
    (order.status === "cancelled" && order.paidAt !== null)
  );
}

/** Statuses a paid order is cancelled from with its refund (DESIGN.md's machine). */
export const CANCELLABLE_PAID = ["paid", "processing"] as const;

export interface RefundInput {
  orderId: string;
  /** The order's version the form was opened at: a change since refuses it (409). */
  version: number;
  /** Items and shipping, or an amount. A cancellation refunds everything left instead. */
  request: RefundRequest;
  method: RefundMethod;
  reference: string | null;
  note: string | null;
  actor: AuditActor;
  /**
   * Cancel the order in the same transaction, refunding everything that remains (every unit left,
   * restocked unless `request`'s line says not, and the shipping left). `from` is the status the
   * person saw.
   */
  cancel?: { reason: string; from: string };
  now?: Date;
}

export type RefundResult = Result<{
  orderNumber: string;
  /** Null when a cancellation found nothing left to refund. */
  creditNoteNumber: string | null;
  amountCents: number;
  refundedCents: number;
  totalAmountCents: number;
  cancelled: boolean;
  /** Items that could not go back to stock (their size was removed since). */
  notRestocked: string[];
}>;

const refuse = (...args: ConstructorParameters<typeof Refusal>): never => {
  throw new Refusal(...args);
};

export function staleMessage(orderNumber: string): string {
  return `Order ${orderNumber} changed while you were looking at it (another refund or a status change). Nothing was refunded: reload the page, check what remains and try again.`;
}

/**
 * Makes one refund (or a cancellation with its refund) as ONE transaction: see the module's
 * comment. Wakes the email worker and refreshes the storefront's stock after it commits.
 */
export async function createRefund(input: RefundInput): Promise<RefundResult> {
  const now = input.now ?? new Date();
  try {
    const result = await db().transaction((tx) => applyRefund(tx, input, now));
    wakeWorker();
    if (result.restocked || result.cancelled) await stockChanged("refund: stock back");
    logger.info(
      {
        orderNumber: result.orderNumber,
        creditNoteNumber: result.creditNoteNumber,
        amountCents: result.amountCents,
        cancelled: result.cancelled,
        actor: input.actor.name,
      },
      "order refunded",
    );
    const { restocked: _, ...answer } = result;
    return { ok: true, ...answer };
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

async function applyRefund(tx: Transaction, input: RefundInput, now: Date) {
  const basis = await readRefundBasis(input.orderId, tx, { lockOrder: true });
  if (!basis) return refuse(404, "This order does not exist.");
  const { order } = basis;
  const n = order.orderNumber;
  if (order.version !== input.version) return refuse(409, staleMessage(n));
  if (!wasPaid(order))
    return refuse(
      422,
      `Order ${n} has not been paid (it is ${statusName(order.status)}): there is nothing to refund.${order.status === "pending" ? " Cancel it instead: its stock goes back and nothing is owed." : ""}`,
    );

  // Another order's lines (or a line twice) are refused before anything is computed.
  const own = new Set(basis.items.map((i) => i.id));
  const asked = input.request.kind === "items" ? input.request.lines : [];
  for (const [i, line] of asked.entries())
    if (!own.has(line.id)) {
      const message = `An item of this refund is not on order ${n}. Reload the page and try again.`;
      return refuse(400, message, { [`lines.${i}.quantity`]: message, form: message });
    }

  let request = input.request;
  if (input.cancel) {
    if (order.status !== input.cancel.from)
      return refuse(
        409,
        `Order ${n} changed while you were looking at it: it is now ${statusName(order.status)}. Nothing was changed; check it and try again.`,
      );
    const keep = new Map(asked.map((l) => [l.id, l.restock]));
    const everything = fullRefundRequest(basis.refundable, basis.refunded);
    request =
      everything.lines.length > 0 || everything.shippingCents > 0
        ? {
            ...everything,
            lines: everything.lines.map((l) => ({ ...l, restock: keep.get(l.id) ?? true })),
          }
        : // Every unit and the shipping refunded, money left over (an amount refunded less):
          // the rest, as an amount.
          { kind: "amount", amountCents: order.totalAmountCents - order.refundedCents };
    // Nothing left to give back (refunded in full before): a cancellation like an unpaid one's.
    if (order.refundedCents >= order.totalAmountCents) {
      await changeOrderStatusIn(
        tx,
        {
          orderId: order.id,
          expectedStatus: input.cancel.from,
          change: { to: "cancelled", reason: input.cancel.reason },
          actor: input.actor,
        },
        now,
      );
      return {
        orderNumber: n,
        creditNoteNumber: null,
        amountCents: 0,
        refundedCents: order.refundedCents,
        totalAmountCents: order.totalAmountCents,
        cancelled: true,
        notRestocked: [],
        restocked: false,
      };
    }
  }

  const split = splitRefund(basis.refundable, basis.refunded, request);
  if (!split.ok) throw Refusal.of(split);

  // The guard: the form's version, and never past the total, in the one statement that moves the
  // refunded amount (a second refund at once waited on the order's row lock above and was refused
  // there as stale; this statement holds even so).
  const [moved] = await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${split.amountCents}`,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.version, input.version),
        sql`${orders.refundedCents} + ${split.amountCents} <= ${orders.totalAmountCents}`,
      ),
    )
    .returning({
      refundedCents: orders.refundedCents,
      totalAmountCents: orders.totalAmountCents,
    });
  if (!moved) {
    const [current] = await tx
      .select({ version: orders.version, refundedCents: orders.refundedCents })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (!current || current.version !== input.version) return refuse(409, staleMessage(n));
    return refuse(
      422,
      `The refund (${formatMoney(split.amountCents)}) is more than what remains to refund (${formatMoney(order.totalAmountCents - current.refundedCents)}).`,
    );
  }

  const [{ position } = { position: 1 }] = await tx
    .select({ position: sql<number>`coalesce(max(${refunds.position}), 0)::int + 1` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  const creditNoteNumber = `${n}-R${position}`;

  // Stock back first: a line whose size was removed since cannot be restocked (it says so).
  const { restocked, notRestocked } = await restock(tx, basis, split, {
    creditNoteNumber,
    orderId: order.id,
    adminId: input.actor.adminId,
  });

  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      position,
      creditNoteNumber,
      goodsCents: split.goodsCents,
      shippingCents: split.shippingCents,
      taxCents: split.taxCents,
      amountCents: split.amountCents,
      method: input.method,
      reference: input.reference,
      note: input.note,
      adminId: input.actor.adminId,
      adminName: input.actor.name,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  if (split.lines.length > 0)
    await tx.insert(refundLines).values(
      split.lines.map((l) => ({
        refundId: refund!.id,
        orderItemId: l.id,
        quantity: l.quantity,
        amountCents: l.amountCents,
        restocked: restocked.has(l.id),
      })),
    );
  const taxes = split.taxLines.filter((t) => t.amountCents > 0);
  if (taxes.length > 0)
    await tx.insert(refundTaxLines).values(
      taxes.map((t) => ({
        refundId: refund!.id,
        orderTaxLineId: t.id,
        label: t.label,
        amountCents: t.amountCents,
      })),
    );

  const items = new Map(basis.items.map((i) => [i.id, i]));
  const what = describe(split, items, restocked);
  const how = `${REFUND_METHOD_LABELS[input.method]}${input.reference ? ` ${input.reference}` : ""}`;
  const summary = `${REFUND_NOTE_PREFIX}${creditNoteNumber}: ${formatMoney(split.amountCents)} by ${how}`;
  if (input.cancel) {
    // The cancellation's own history entry says the refund; its stock step finds every unit
    // already refunded (restocked or kept out above) and puts nothing back twice.
    await changeOrderStatusIn(
      tx,
      {
        orderId: order.id,
        expectedStatus: input.cancel.from,
        change: {
          to: "cancelled",
          reason: input.cancel.reason,
          refund: { note: `${summary} (${what.join(", ")})` },
        },
        actor: input.actor,
      },
      now,
    );
  } else {
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      changedBy: input.actor.name,
      note: [`${summary} (${what.join(", ")})`, input.note].filter(Boolean).join(". "),
      createdAt: now,
    });
  }

  await queueRefundEmail(tx, order, {
    orderNumber: n,
    shippingName: order.shippingName,
    accessToken: order.accessToken,
    creditNoteNumber,
    amountCents: split.amountCents,
    rows: emailRows(split, items),
    method: input.method,
    sentTo: order.email,
    reference: input.reference,
    cancelled: input.cancel
      ? { reason: input.cancel.reason, totalAmountCents: order.totalAmountCents }
      : undefined,
  });

  await recordAudit(tx, {
    actor: input.actor,
    area: "refunds",
    action: "create",
    // The order is the record (its page's Activity panel lists its refunds); the label and the
    // changes name the credit note, which the Activity screen's search finds by its label.
    record: { type: "order", id: n, label: `Credit note ${creditNoteNumber}` },
    changes: {
      creditNote: creditNoteNumber,
      amount: formatMoney(split.amountCents),
      goods: formatMoney(split.goodsCents),
      shipping: formatMoney(split.shippingCents),
      tax: Object.fromEntries(taxes.map((t) => [t.label, formatMoney(t.amountCents)])),
      items: what.filter((w) => w !== "shipping" && w !== "an amount"),
      method: REFUND_METHOD_LABELS[input.method],
      ...(input.reference ? { reference: input.reference } : {}),
      ...(input.note ? { note: input.note } : {}),
      refunded: [formatMoney(order.refundedCents), formatMoney(moved.refundedCents)],
      ...(input.cancel ? { cancelled: input.cancel.reason } : {}),
    },
  });

  return {
    orderNumber: n,
    creditNoteNumber,
    amountCents: split.amountCents,
    refundedCents: moved.refundedCents,
    totalAmountCents: moved.totalAmountCents,
    cancelled: Boolean(input.cancel),
    notRestocked,
    restocked: restocked.size > 0,
  };
}

/**
 * Puts the refunded units marked "restock" back on their size (or sizeless product), each a
 * "refund_restock" movement naming the order and the credit note, in checkout's lock order. A size
 * removed since, or a product that has had sizes since, has nowhere to take them: they stay out.
 */
async function restock(
  tx: Transaction,
  basis: RefundBasis,
  split: RefundSplit,
  movement: { creditNoteNumber: string; orderId: string; adminId: string | null },
) {
  const items = new Map(basis.items.map((i) => [i.id, i]));
  const wanted = split.lines
    .filter((l) => l.restock)
    .map((l) => ({ line: l, item: items.get(l.id)! }))
    .sort(
      (a, b) =>
        a.item.productId.localeCompare(b.item.productId) ||
        (a.item.variationId ?? "").localeCompare(b.item.variationId ?? ""),
    );
  const restocked = new Set<string>();
  const notRestocked: string[] = [];
  for (const { line, item } of wanted) {
    const sizeRemoved = item.variationId === null && item.sizeLabel !== null;
    const moved = sizeRemoved
      ? null
      : await moveStock(tx, {
          productId: item.productId,
          variationId: item.variationId,
          change: { by: line.quantity },
          reason: "refund_restock",
          note: `Credit note ${movement.creditNoteNumber}`,
          orderId: movement.orderId,
          adminId: movement.adminId,
        });
    if (moved?.ok) restocked.add(line.id);
    else notRestocked.push(itemLabel(item));
  }
  if (restocked.size > 0)
    await refreshListedPrice(tx, [
      ...new Set(wanted.filter((w) => restocked.has(w.line.id)).map((w) => w.item.productId)),
    ]);
  return { restocked, notRestocked };
}

/** "2 × Pink Kush (3.5g), restocked", "shipping", "an amount". */
function describe(
  split: RefundSplit,
  items: Map<string, RefundableLine>,
  restocked: Set<string>,
): string[] {
  const parts = split.lines.map(
    (l) =>
      `${l.quantity} × ${itemLabel(items.get(l.id)!)}${restocked.has(l.id) ? ", restocked" : ""}`,
  );
  if (split.lines.length === 0 && split.goodsCents > 0) parts.push("an amount");
  if (split.shippingCents > 0) parts.push("shipping");
  return parts;
}

/** The refund email's rows: each item, shipping, an amount, each tax line. */
function emailRows(split: RefundSplit, items: Map<string, RefundableLine>) {
  const rows = split.lines.map((l) => ({
    label: `${l.quantity} × ${itemLabel(items.get(l.id)!)}`,
    amountCents: l.amountCents,
  }));
  if (split.lines.length === 0 && split.goodsCents > 0)
    rows.push({ label: "Amount (before tax)", amountCents: split.goodsCents });
  if (split.shippingCents > 0) rows.push({ label: "Shipping", amountCents: split.shippingCents });
  for (const t of split.taxLines)
    if (t.amountCents > 0) rows.push({ label: t.label, amountCents: t.amountCents });
  return rows;
}

/** Queues the refund's email (a cancellation's says both) and lists it on the order. */
async function queueRefundEmail(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  input: RefundEmailInput,
) {
  const kind = input.cancelled ? "cancelled" : "refund";
  const email = renderRefundEmail(input);
  const queued = await enqueueEmail(tx, { kind: `order_${kind}`, to: order.email, ...email });
  await tx
    .insert(orderEmailsSent)
    .values({ orderId: order.id, outboxId: queued.id, kind, sentTo: order.email });
}
