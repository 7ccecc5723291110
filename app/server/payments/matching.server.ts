import { and, eq, inArray, sql } from "drizzle-orm";
import { readReferences } from "~/lib/payment-reference";
import {
  PAYMENT_SOURCE_LABELS,
  QUEUE_REASON_LABELS,
  sameShopper,
  type PaymentSource,
  type QueueReason,
} from "~/lib/payments";
import { formatMoney } from "~/lib/money";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Transaction } from "../db.server";
import { invoices, orderStatusHistory, orders, payments } from "../db-tables";
import { wakeWorker } from "../email/worker.server";
import { queueOrderStatusEmail } from "../orders/order-status.server";

/**
 * Matching e-Transfers to orders (docs/product/payments.md): each payment is stored once, with
 * what became of it. A valid payment reference to an order waiting for payment pays it (part pays
 * it when short; flags the difference when over); a reference one character off, or a sender and
 * amount that fit exactly one unpaid order, is a suggestion; everything else waits for staff.
 */

/** A transfer read from the payments mailbox or a bank export. */
export interface IncomingPayment {
  source: Exclude<PaymentSource, "manual">;
  bankReference: string;
  amountCents: number;
  senderName: string | null;
  message: string | null;
  receivedAt: Date;
  importId?: string | null;
}

export interface MatchSummary {
  /** Payments applied to an order, and of those the orders now paid in full. */
  applied: number;
  paid: number;
  suggested: number;
  queued: number;
  /** Already stored (the same transfer read before): nothing done. */
  duplicates: number;
}

/** What became of one payment (a bank export's preview lists them). */
export interface PaymentOutcome {
  bankReference: string;
  state: "applied" | "suggested" | "queued" | "duplicate";
  /** The order paid or pointed to. */
  orderNumber: string | null;
  /** Why it waits; for an applied payment, what it did ("Part paid…", "…send it back"). */
  detail: string | null;
}

/** The store itself, as the activity log and order history name it. */
const MATCHING_ACTOR: AuditActor = { adminId: null, name: "Payment matching", ip: null };

const BATCH = 500;
/** Transfers the store read itself: their bank references are unique (the table's index). */
const READ_BY_THE_STORE = sql`source <> 'manual'`;

/** Stores and matches payments, a batch per transaction (or all in the caller's). */
export async function recordIncomingPayments(
  incoming: IncomingPayment[],
  options: { tx?: Transaction; now?: Date; outcomes?: PaymentOutcome[] } = {},
): Promise<MatchSummary> {
  const now = options.now ?? new Date();
  const summary: MatchSummary = { applied: 0, paid: 0, suggested: 0, queued: 0, duplicates: 0 };
  const seen = new Set<string>();
  const unique = incoming.filter((payment) => {
    const first = !seen.has(payment.bankReference);
    seen.add(payment.bankReference);
    return first;
  });
  summary.duplicates += incoming.length - unique.length;
  const outcomes = options.outcomes ?? [];
  for (let start = 0; start < unique.length; start += BATCH) {
    const batch = unique.slice(start, start + BATCH);
    const add = (result: MatchSummary) => {
      for (const key of Object.keys(summary) as (keyof MatchSummary)[]) summary[key] += result[key];
    };
    add(
      options.tx
        ? await matchBatch(options.tx, batch, now, outcomes)
        : await db().transaction((tx) => matchBatch(tx, batch, now, outcomes)),
    );
  }
  if (summary.paid > 0) wakeWorker();
  return summary;
}

/** An order as matching sees it; `received` and `status` follow the batch's own payments. */
interface OrderState {
  id: string;
  orderNumber: string;
  status: string;
  totalAmountCents: number;
  received: number;
  shippingName: string;
}

const ORDER_FIELDS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  totalAmountCents: orders.totalAmountCents,
  received: sql<number>`coalesce(${orders.paymentReceivedCents}, 0)`.mapWith(Number),
  shippingName: orders.shippingName,
};

const owing = (order: OrderState) => order.totalAmountCents - order.received;

async function matchBatch(
  tx: Transaction,
  batch: IncomingPayment[],
  now: Date,
  outcomes: PaymentOutcome[],
): Promise<MatchSummary> {
  const readings = new Map(batch.map((p) => [p.bankReference, readReferences(p.message)]));
  const numbers = [
    ...new Set([...readings.values()].flatMap((r) => [...r.exact, ...r.nearMisses])),
  ];
  // The orders named are locked (by id, one order for every reader) before the stored payments
  // are looked at: a second reader of the same notice waits here, then finds it stored.
  const named: OrderState[] =
    numbers.length === 0
      ? []
      : await tx
          .select(ORDER_FIELDS)
          .from(orders)
          .where(inArray(orders.orderNumber, numbers))
          .orderBy(orders.id)
          .for("update");
  const byNumber = new Map(named.map((order) => [order.orderNumber, order]));

  const stored = await tx
    .select({ bankReference: payments.bankReference })
    .from(payments)
    .where(
      and(
        inArray(
          payments.bankReference,
          batch.map((p) => p.bankReference),
        ),
        READ_BY_THE_STORE,
      ),
    );
  const known = new Set(stored.map((row) => row.bankReference));
  // Decided in the order the money arrived (a part payment before the rest).
  const fresh = batch
    .filter((p) => !known.has(p.bankReference))
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  const duplicate = (bankReference: string): PaymentOutcome => ({
    bankReference,
    state: "duplicate",
    orderNumber: null,
    detail: "Already recorded",
  });
  for (const reference of known) outcomes.push(duplicate(reference!));

  // Unpaid orders owing exactly the amount of a transfer that names no order.
  const unnamedAmounts = [
    ...new Set(
      fresh
        .filter((p) => readings.get(p.bankReference)!.exact.length === 0)
        .map((p) => p.amountCents),
    ),
  ];
  const owingOrders: OrderState[] =
    unnamedAmounts.length === 0
      ? []
      : await tx
          .select(ORDER_FIELDS)
          .from(orders)
          .where(
            and(
              eq(orders.status, "pending"),
              inArray(
                sql`${orders.totalAmountCents} - coalesce(${orders.paymentReceivedCents}, 0)`,
                unnamedAmounts,
              ),
            ),
          );
  for (const order of owingOrders)
    if (!byNumber.has(order.orderNumber)) byNumber.set(order.orderNumber, order);
  const owingByAmount = new Map<number, OrderState[]>();
  for (const order of byNumber.values())
    owingByAmount.set(owing(order), [...(owingByAmount.get(owing(order)) ?? []), order]);

  const rows: (typeof payments.$inferInsert)[] = [];
  const credits: Credit[] = [];
  const summary: MatchSummary = { applied: 0, paid: 0, suggested: 0, queued: 0, duplicates: 0 };
  summary.duplicates = batch.length - fresh.length;
  for (const payment of fresh) {
    const decision = decide(payment, readings.get(payment.bankReference)!, byNumber, owingByAmount);
    const row: typeof payments.$inferInsert = {
      source: payment.source,
      bankReference: payment.bankReference,
      amountCents: payment.amountCents,
      senderName: payment.senderName,
      message: payment.message,
      receivedAt: payment.receivedAt,
      importId: payment.importId ?? null,
      createdAt: now,
      state: decision.state,
      reason: decision.state === "applied" ? null : decision.reason,
      orderId: decision.state === "applied" ? decision.order.id : null,
      matchedOrderId: decision.state === "applied" ? null : (decision.order?.id ?? null),
    };
    rows.push(row);
    const outcome: PaymentOutcome = {
      bankReference: payment.bankReference,
      state: decision.state,
      orderNumber: decision.order?.orderNumber ?? null,
      detail: decision.state === "applied" ? null : QUEUE_REASON_LABELS[decision.reason],
    };
    outcomes.push(outcome);
    if (decision.state === "applied") {
      const credit = creditOrder(decision.order, payment, row);
      outcome.detail = creditNote(credit).split(". ").slice(1).join(". ") || "Paid in full";
      credits.push(credit);
      summary.applied++;
      if (credit.paidInFull) summary.paid++;
    } else summary[decision.state]++;
  }
  if (rows.length === 0) return summary;
  // Inserted in one order whoever reads: two readers of overlapping sets never wait on each other
  // in a circle over the unique index.
  rows.sort((a, b) => (a.bankReference! < b.bankReference! ? -1 : 1));
  const inserted = await tx
    .insert(payments)
    .values(rows)
    .onConflictDoNothing({ target: payments.bankReference, where: READ_BY_THE_STORE })
    .returning({ id: payments.id, bankReference: payments.bankReference });
  const ids = new Map(inserted.map((row) => [row.bankReference, row.id]));
  for (const credit of credits) {
    const id = ids.get(credit.bankReference);
    // Its order was locked before the check: no other reader can have stored it meanwhile.
    if (!id) throw new Error(`payment ${credit.bankReference} was stored by another reader`);
    credit.paymentId = id;
  }
  // Another reader stored a waiting payment first: it is theirs.
  for (const row of rows)
    if (!ids.has(row.bankReference!)) {
      summary.duplicates++;
      summary[row.state as "suggested" | "queued"]--;
      Object.assign(
        outcomes.find((o) => o.bankReference === row.bankReference)!,
        duplicate(row.bankReference!),
      );
    }
  await writeCredits(tx, credits, MATCHING_ACTOR, now);
  return summary;
}

type Decision =
  | { state: "applied"; order: OrderState }
  | { state: "suggested" | "queued"; reason: QueueReason; order: OrderState | null };

function decide(
  payment: IncomingPayment,
  reading: ReturnType<typeof readReferences>,
  byNumber: Map<string, OrderState>,
  owingByAmount: Map<number, OrderState[]>,
): Decision {
  if (reading.exact.length > 0) {
    const order = reading.exact.map((number) => byNumber.get(number)).find(Boolean);
    if (!order) return { state: "queued", reason: "unknown_reference", order: null };
    if (order.status === "pending") return { state: "applied", order };
    return {
      state: "queued",
      reason: order.status === "cancelled" ? "order_cancelled" : "order_paid",
      order,
    };
  }
  const near = reading.nearMisses
    .map((number) => byNumber.get(number))
    .filter((order) => order?.status === "pending") as OrderState[];
  const typo =
    near.length === 1
      ? near[0]
      : only(near.filter((order) => owing(order) === payment.amountCents));
  if (typo) return { state: "suggested", reason: "typo", order: typo };
  const sameName = only(
    (owingByAmount.get(payment.amountCents) ?? []).filter(
      (order) =>
        order.status === "pending" &&
        owing(order) === payment.amountCents &&
        sameShopper(payment.senderName, order.shippingName),
    ),
  );
  if (sameName) return { state: "suggested", reason: "name_amount", order: sameName };
  return {
    state: "queued",
    reason: reading.nearMisses.length > 0 ? "unknown_reference" : "no_reference",
    order: null,
  };
}

const only = <T>(list: T[]): T | undefined => (list.length === 1 ? list[0] : undefined);

/** A payment applied to an order: what it does to the order. */
export interface Credit {
  paymentId?: string;
  bankReference: string;
  source: PaymentSource;
  amountCents: number;
  senderName: string | null;
  order: { id: string; orderNumber: string };
  /** The order's amount received after this payment, and whether that pays it in full. */
  receivedAfter: number;
  paidInFull: boolean;
  overCents: number;
  owingAfter: number;
}

/**
 * Applies a payment to an order waiting for payment (its state moves with it, for the next
 * payment of the same batch) and sets the payment row's difference to refund.
 */
export function creditOrder(
  order: OrderState,
  payment: {
    bankReference: string | null;
    source: PaymentSource;
    amountCents: number;
    senderName: string | null;
  },
  row?: { overCents?: number },
): Credit {
  const owed = owing(order);
  const overCents = Math.max(0, payment.amountCents - owed);
  order.received += payment.amountCents;
  const paidInFull = order.received >= order.totalAmountCents;
  if (paidInFull) order.status = "paid";
  if (row) row.overCents = overCents;
  return {
    bankReference: payment.bankReference ?? "",
    source: payment.source,
    amountCents: payment.amountCents,
    senderName: payment.senderName,
    order: { id: order.id, orderNumber: order.orderNumber },
    receivedAfter: order.received,
    paidInFull,
    overCents,
    owingAfter: Math.max(0, order.totalAmountCents - order.received),
  };
}

/**
 * The orders' side of applied payments, in the caller's transaction: the amount received (and
 * the paid status, with its invoice and email, when it is now paid in full), a history entry and
 * an activity entry per payment. The orders were locked and were waiting for payment.
 */
export async function writeCredits(
  tx: Transaction,
  credits: Credit[],
  actor: AuditActor,
  now: Date,
): Promise<void> {
  if (credits.length === 0) return;
  // Each order's state after the last of its payments.
  const last = new Map(credits.map((credit) => [credit.order.id, credit]));
  const values = sql.join(
    [...last.values()].map(
      (c) =>
        sql`(${c.order.id}::uuid, ${c.receivedAfter}::int, ${c.paidInFull ? "paid" : "pending"}, ${c.bankReference || null})`,
    ),
    sql`, `,
  );
  const moved = (await tx.execute(sql`
    update orders o set
      payment_received_cents = v.received,
      status = v.status,
      paid_at = case when v.status = 'paid' then ${now} else o.paid_at end,
      payment_reference = coalesce(v.reference, o.payment_reference),
      version = o.version + 1,
      updated_at = ${now}
    from (values ${values}) as v(id, received, status, reference)
    where o.id = v.id and o.status = 'pending'
    returning o.id`)) as unknown as { rows: { id: string }[] };
  if (moved.rows.length !== last.size)
    throw new Error("an order moved while its payment was applied");

  const paidIds = [...last.values()].filter((c) => c.paidInFull).map((c) => c.order.id);
  if (paidIds.length > 0) {
    await tx.update(invoices).set({ status: "paid" }).where(inArray(invoices.orderId, paidIds));
    const paidOrders = await tx.select().from(orders).where(inArray(orders.id, paidIds));
    await queueOrderStatusEmail(
      tx,
      ...paidOrders.map((order) => ({ order, kind: "payment_received" as const })),
    );
  }
  await tx.insert(orderStatusHistory).values(
    credits.map((credit) => ({
      orderId: credit.order.id,
      fromStatus: "pending",
      toStatus: credit.paidInFull ? "paid" : "pending",
      changedBy: actor.name,
      note: creditNote(credit),
      createdAt: now,
    })),
  );
  await recordAudit(
    tx,
    credits.map((credit) => ({
      actor,
      area: "payments" as const,
      action: "payment" as const,
      record: {
        type: "order",
        id: credit.order.orderNumber,
        label: `Order ${credit.order.orderNumber}`,
      },
      changes: {
        source: PAYMENT_SOURCE_LABELS[credit.source],
        bankReference: credit.bankReference || null,
        amount: formatMoney(credit.amountCents),
        sender: credit.senderName,
        outcome: creditNote(credit),
      },
    })),
  );
}

/** The order history's line for a payment. */
export function creditNote(credit: Credit): string {
  const from = credit.senderName ? ` from ${credit.senderName}` : "";
  const reference = credit.bankReference ? ` ${credit.bankReference}` : "";
  const received = `e-Transfer${reference}, ${formatMoney(credit.amountCents)} received${from} (${PAYMENT_SOURCE_LABELS[credit.source].toLowerCase()})`;
  if (!credit.paidInFull)
    return `${received}. Part paid: ${formatMoney(credit.owingAfter)} still owing`;
  if (credit.overCents > 0)
    return `${received}. ${formatMoney(credit.overCents)} more than the total: send it back`;
  return received;
}

/** Orders locked for a staff action on payments. */
export async function lockOrder(tx: Transaction, where: { id?: string; orderNumber?: string }) {
  const [order] = await tx
    .select(ORDER_FIELDS)
    .from(orders)
    .where(where.id ? eq(orders.id, where.id) : eq(orders.orderNumber, where.orderNumber ?? ""))
    .for("update");
  return (order as OrderState | undefined) ?? null;
}
export type { OrderState };
