import { and, count, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { Refusal, refusalFailure, type Result } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { queueReasonLabel, type PaymentSource, type PaymentTab } from "~/lib/payments";
import { stripControlCharacters } from "~/schemas/text";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Transaction } from "../db.server";
import { orders, payments } from "../db-tables";
import { wakeWorker } from "../email/worker.server";
import { creditNote, creditOrder, lockOrder, writeCredits } from "./matching.server";

/** The Payments screen (docs/product/payments.md): what waits for staff, and what they do with it. */

export const PAYMENTS_PAGE_SIZE = 25;

const WAITING = inArray(payments.state, ["suggested", "queued"]);
const TAB_FILTERS: Record<PaymentTab, SQL | undefined> = {
  waiting: WAITING,
  "part-paid": and(eq(payments.state, "applied"), eq(orders.status, "pending")),
  "to-refund": and(gt(payments.overCents, 0), isNull(payments.overSettledAt)),
  all: undefined,
};

export interface PaymentRow {
  id: string;
  source: string;
  bankReference: string | null;
  amountCents: number;
  senderName: string | null;
  message: string | null;
  receivedAt: Date;
  state: string;
  reason: string;
  orderNumber: string | null;
  orderTotalCents: number | null;
  orderReceivedCents: number | null;
  orderStatus: string | null;
  matchedOrderNumber: string | null;
  overCents: number;
  note: string | null;
  resolvedBy: string | null;
}

const matched = sql`(select o2.order_number from orders o2 where o2.id = ${payments.matchedOrderId})`;

function selectRows() {
  return db()
    .select({
      id: payments.id,
      source: payments.source,
      bankReference: payments.bankReference,
      amountCents: payments.amountCents,
      senderName: payments.senderName,
      message: payments.message,
      receivedAt: payments.receivedAt,
      state: payments.state,
      reason: payments.reason,
      orderNumber: orders.orderNumber,
      orderTotalCents: orders.totalAmountCents,
      orderReceivedCents: orders.paymentReceivedCents,
      orderStatus: orders.status,
      matchedOrderNumber: sql<string | null>`${matched}`,
      overCents: payments.overCents,
      note: payments.note,
      resolvedBy: payments.resolvedBy,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>["execute"]>>[number];
const asRow = (row: SelectedRow): PaymentRow => ({ ...row, reason: queueReasonLabel(row.reason) });

/** A tab's page of payments, newest first, with every tab's count. */
export async function paymentQueue(tab: PaymentTab, page: number) {
  const [rows, counts] = await Promise.all([
    selectRows()
      .where(TAB_FILTERS[tab])
      .orderBy(desc(payments.receivedAt), desc(payments.id))
      .limit(PAYMENTS_PAGE_SIZE)
      .offset((page - 1) * PAYMENTS_PAGE_SIZE),
    paymentTabCounts(),
  ]);
  return { rows: rows.map(asRow), counts };
}

/** One payment, for the dialog open on it. */
export async function paymentById(id: string): Promise<PaymentRow | null> {
  const [row] = await selectRows().where(eq(payments.id, id));
  return row ? asRow(row) : null;
}

/** How many payments each tab holds (the menu's badge is `waiting` + `to-refund`). */
async function paymentTabCounts(): Promise<Record<PaymentTab, number>> {
  const counted = async (where: SQL | undefined, join = false) => {
    const query = db().select({ n: count() }).from(payments);
    const [row] = await (
      join ? query.innerJoin(orders, eq(orders.id, payments.orderId)) : query
    ).where(where);
    return row?.n ?? 0;
  };
  const [waiting, partPaid, toRefund, all] = await Promise.all([
    counted(TAB_FILTERS.waiting),
    counted(TAB_FILTERS["part-paid"], true),
    counted(TAB_FILTERS["to-refund"]),
    counted(undefined),
  ]);
  return { waiting, "part-paid": partPaid, "to-refund": toRefund, all };
}

type Done = Result<{ message: string }>;

async function staffAction(work: (tx: Transaction) => Promise<string>): Promise<Done> {
  try {
    const message = await db().transaction(work);
    wakeWorker();
    return { ok: true, message };
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

async function lockPayment(tx: Transaction, id: string, states: string[]) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
  if (!payment) throw new Refusal(404, "This payment does not exist.");
  if (!states.includes(payment.state))
    throw new Refusal(409, "This payment was already dealt with: the list shows it now.");
  return payment;
}

/**
 * Applies a waiting payment to an order: its suggestion (no order number given) or the order
 * staff name. The order must be waiting for payment; the payment is applied as the matching does.
 */
export async function assignPayment(input: {
  paymentId: string;
  orderNumber?: string;
  actor: AuditActor;
}): Promise<Done> {
  return staffAction(async (tx) => {
    const payment = await lockPayment(tx, input.paymentId, ["suggested", "queued"]);
    const wanted = input.orderNumber?.trim().toUpperCase();
    if (!wanted && !payment.matchedOrderId)
      throw new Refusal(400, "Enter the order number this payment is for.", "orderNumber");
    const order = await lockOrder(
      tx,
      wanted ? { orderNumber: wanted } : { id: payment.matchedOrderId! },
    );
    if (!order) throw new Refusal(404, `No order has the number ${wanted}.`, "orderNumber");
    if (order.status !== "pending")
      throw new Refusal(
        409,
        `Order ${order.orderNumber} is ${order.status === "cancelled" ? "cancelled" : "already paid"}: a payment goes only to an order waiting for payment.`,
        "orderNumber",
      );
    const row: { overCents?: number } = {};
    const credit = creditOrder(order, { ...payment, source: payment.source as PaymentSource }, row);
    credit.paymentId = payment.id;
    const now = new Date();
    await tx
      .update(payments)
      .set({
        state: "applied",
        orderId: order.id,
        matchedOrderId: null,
        overCents: row.overCents ?? 0,
        resolvedBy: input.actor.name,
        resolvedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await writeCredits(tx, [credit], input.actor, now);
    return `${formatMoney(payment.amountCents)} applied to order ${order.orderNumber}. ${creditNote(credit).split(". ").slice(1).join(". ")}`.trim();
  });
}

/** Closes a waiting payment: sent back to its sender, or ignored (both need a note). */
export async function closePayment(input: {
  paymentId: string;
  as: "returned" | "ignored";
  note: string;
  actor: AuditActor;
}): Promise<Done> {
  const note = clean(input.note);
  return staffAction(async (tx) => {
    if (!note)
      throw new Refusal(
        400,
        input.as === "returned"
          ? "Say how the money was sent back (the e-Transfer's reference, say)."
          : "Give a reason for ignoring this payment.",
        "note",
      );
    const payment = await lockPayment(tx, input.paymentId, ["suggested", "queued"]);
    await tx
      .update(payments)
      .set({
        state: input.as,
        matchedOrderId: null,
        note,
        resolvedBy: input.actor.name,
        resolvedAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actor: input.actor,
      area: "payments",
      action: input.as === "returned" ? "return" : "ignore",
      record: paymentRecord(payment),
      changes: { amount: formatMoney(payment.amountCents), sender: payment.senderName, note },
    });
    return input.as === "returned"
      ? `${formatMoney(payment.amountCents)} marked as sent back.`
      : `${formatMoney(payment.amountCents)} ignored.`;
  });
}

/** The difference of an overpayment, sent back: it leaves the To refund list. */
export async function settleOverpayment(input: {
  paymentId: string;
  note: string;
  actor: AuditActor;
}): Promise<Done> {
  const note = clean(input.note);
  return staffAction(async (tx) => {
    if (!note)
      throw new Refusal(
        400,
        "Say how the difference was sent back (its e-Transfer reference, say).",
        "note",
      );
    const [settled] = await tx
      .update(payments)
      .set({ overSettledAt: new Date(), note })
      .where(
        and(
          eq(payments.id, input.paymentId),
          gt(payments.overCents, 0),
          isNull(payments.overSettledAt),
        ),
      )
      .returning();
    if (!settled) throw new Refusal(409, "This difference was already sent back.");
    await recordAudit(tx, {
      actor: input.actor,
      area: "payments",
      action: "return",
      record: paymentRecord(settled),
      changes: { difference: formatMoney(settled.overCents), note },
    });
    return `The ${formatMoney(settled.overCents)} difference is marked as sent back.`;
  });
}

function paymentRecord(payment: { id: string; bankReference: string | null; amountCents: number }) {
  return {
    type: "payment",
    id: payment.bankReference ?? payment.id,
    label: `Payment ${formatMoney(payment.amountCents)}${payment.bankReference ? ` (${payment.bankReference})` : ""}`,
  };
}

function clean(value: string): string {
  return stripControlCharacters(value).replace(/\s+/g, " ").trim().slice(0, 500);
}

/** An order's payments, for its page. */
export async function orderPayments(orderId: string) {
  return db()
    .select({
      id: payments.id,
      source: payments.source,
      bankReference: payments.bankReference,
      amountCents: payments.amountCents,
      senderName: payments.senderName,
      receivedAt: payments.receivedAt,
      overCents: payments.overCents,
      overSettledAt: payments.overSettledAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.receivedAt);
}
