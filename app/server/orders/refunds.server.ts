import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Refusal, refusalFailure, type Result } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import type { OrderLine } from "~/lib/order-edit";
import type { RefundRequest, RefundSplit, RefundableOrder, RefundedSoFar } from "~/lib/refund-math";
import { itemLabel, planRefund, refundWords, wasPaid } from "~/lib/refund-plan";
import type { RefundMethod } from "~/lib/refunds";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { db, type Executor, type Transaction } from "../db.server";
import { queueOrderEmail } from "./order-emails.server";
import { renderRefundEmail, type RefundEmailInput } from "../email/templates/refund.server";
import { wakeWorker } from "../email/worker.server";
import { moveStock, stockChanged } from "../inventory/stock-ledger.server";
import { logger } from "../logger.server";
import {
  orderItems,
  orderStatusHistory,
  orderTaxLines,
  orders,
  refundLines,
  refundTaxLines,
  refunds,
} from "../db-tables";
import { orderLineColumns } from "./order-lines.server";
import { changeOrderStatusIn } from "./order-status.server";

/**
 * Refunds (docs/decisions/refunds.md): money given back on a paid order, by items (with or
 * without restocking), shipping or an amount, each a credit note numbered from its order. The
 * refund is planned without a database (`planRefund` and `refundWords`, app/lib/refund-plan.ts);
 * one transaction writes the refund, its lines and tax lines, the stock given back, the order's
 * history entry, the shopper's email and the audit entry, behind one guarded update of the order
 * that refuses a stale form (409) and anything past what remains (422).
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
async function listRefundsOfOrders(
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

/** Everything a refund of an order is computed from, read in the caller's executor. */
interface RefundBasis {
  order: typeof orders.$inferSelect;
  items: OrderLine[];
  /** The pure arithmetic's view of the order and of its earlier refunds. */
  refundable: RefundableOrder;
  refunded: RefundedSoFar;
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
    .select(orderLineColumns)
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

interface RefundInput {
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
  /** The restocked units' movement: "returned" when a refused delivery came back. */
  restockReason?: "refund_restock" | "returned";
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

/**
 * The same refund inside the caller's transaction (a refused handover cancels and refunds with its
 * record). A refusal is thrown; the caller wakes the email worker and refreshes stock once it commits.
 */
export function createRefundIn(tx: Transaction, input: RefundInput, now: Date) {
  return applyRefund(tx, input, now);
}

async function applyRefund(tx: Transaction, input: RefundInput, now: Date) {
  const basis = await readRefundBasis(input.orderId, tx, { lockOrder: true });
  if (!basis) throw new Refusal(404, "This order does not exist.");
  const { order } = basis;
  const n = order.orderNumber;
  if (order.version !== input.version) throw new Refusal(409, staleMessage(n));
  const plan = planRefund(basis, input);
  if (!plan.ok) throw Refusal.of(plan);
  const { split } = plan;
  /** The cancellation, in this transaction (its history note says the refund, when there is one). */
  const cancelOrder = (cancel: NonNullable<RefundInput["cancel"]>, refund?: { note: string }) =>
    changeOrderStatusIn(
      tx,
      {
        orderId: order.id,
        expectedStatus: cancel.from,
        change: { to: "cancelled", reason: cancel.reason, refund },
        actor: input.actor,
      },
      now,
    );

  if (!split) {
    // Refunded in full before: a cancellation like an unpaid one's.
    await cancelOrder(input.cancel!);
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

  const moved = await moveRefunded(tx, order, {
    amountCents: split.amountCents,
    version: input.version,
    now,
  });
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
    reason: input.restockReason ?? "refund_restock",
  });
  await insertRefund(tx, {
    orderId: order.id,
    position,
    creditNoteNumber,
    split,
    restocked,
    input,
    now,
  });

  const words = refundWords({
    split,
    items: basis.items,
    restocked,
    creditNoteNumber,
    method: input.method,
    reference: input.reference,
    note: input.note,
    cancel: input.cancel,
    refundedCents: [order.refundedCents, moved.refundedCents],
  });
  // A cancellation's own history entry says the refund; its stock step finds every unit already
  // refunded (restocked or kept out above) and puts nothing back twice.
  if (input.cancel) await cancelOrder(input.cancel, { note: words.historyNote });
  else
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      changedBy: input.actor.name,
      note: words.historyNote,
      createdAt: now,
    });

  await queueRefundEmail(tx, order, {
    orderNumber: n,
    shippingName: order.shippingName,
    accessToken: order.accessToken,
    creditNoteNumber,
    amountCents: split.amountCents,
    rows: words.emailRows,
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
    changes: words.auditChanges,
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
 * The guard: the form's version, and never past the total, in the one statement that moves the
 * refunded amount (a second refund at once waited on the order's row lock and was refused as
 * stale; this statement holds even so).
 */
async function moveRefunded(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  { amountCents, version, now }: { amountCents: number; version: number; now: Date },
) {
  const [moved] = await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${amountCents}`,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.version, version),
        sql`${orders.refundedCents} + ${amountCents} <= ${orders.totalAmountCents}`,
      ),
    )
    .returning({
      refundedCents: orders.refundedCents,
      totalAmountCents: orders.totalAmountCents,
    });
  if (moved) return moved;
  const [current] = await tx
    .select({ version: orders.version, refundedCents: orders.refundedCents })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!current || current.version !== version)
    throw new Refusal(409, staleMessage(order.orderNumber));
  throw new Refusal(
    422,
    `The refund (${formatMoney(amountCents)}) is more than what remains to refund (${formatMoney(order.totalAmountCents - current.refundedCents)}).`,
  );
}

/** The refund's row (its credit note), its lines and its tax lines. */
async function insertRefund(
  tx: Transaction,
  values: {
    orderId: string;
    position: number;
    creditNoteNumber: string;
    split: RefundSplit;
    restocked: Set<string>;
    input: RefundInput;
    now: Date;
  },
) {
  const { split, input } = values;
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: values.orderId,
      position: values.position,
      creditNoteNumber: values.creditNoteNumber,
      goodsCents: split.goodsCents,
      shippingCents: split.shippingCents,
      taxCents: split.taxCents,
      amountCents: split.amountCents,
      method: input.method,
      reference: input.reference,
      note: input.note,
      adminId: input.actor.adminId,
      adminName: input.actor.name,
      createdAt: values.now,
    })
    .returning({ id: refunds.id });
  if (split.lines.length > 0)
    await tx.insert(refundLines).values(
      split.lines.map((l) => ({
        refundId: refund!.id,
        orderItemId: l.id,
        quantity: l.quantity,
        amountCents: l.amountCents,
        restocked: values.restocked.has(l.id),
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
  movement: {
    creditNoteNumber: string;
    orderId: string;
    adminId: string | null;
    reason: "refund_restock" | "returned";
  },
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
          reason: movement.reason,
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

/** Queues the refund's email (a cancellation's says both) and lists it on the order. */
async function queueRefundEmail(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  input: RefundEmailInput,
) {
  const kind = input.cancelled ? "cancelled" : "refund";
  const email = renderRefundEmail(input);
  await queueOrderEmail(tx, {
    order: { id: order.id, kind },
    email: { kind: `order_${kind}`, to: order.email, ...email },
  });
}
