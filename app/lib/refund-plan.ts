import { fail, type Failure } from "./errors";
import { formatMoney } from "./money";
import type { OrderLine } from "./order-edit";
import { REFUND_NOTE_PREFIX, statusName } from "./order-status";
import {
  fullRefundRequest,
  splitRefund,
  type RefundRequest,
  type RefundSplit,
  type RefundableOrder,
  type RefundedSoFar,
} from "./refund-math";
import { REFUND_METHOD_LABELS, type RefundMethod } from "./refunds";
import { SALE_STATUSES } from "./report-period";

/**
 * A refund, planned without a database: whether the order can be refunded (or cancelled with its
 * refund), what the refund gives back (`splitRefund`, app/lib/refund-math.ts), and, once its stock
 * is back, the words its records say (the history note, the email's rows, the audit entry). The
 * order service (app/server/orders/refunds.server.ts) reads the order, locks it, checks its
 * version, and writes what these plan.
 */

/** Whether money was taken for the order: a sale (paid … completed), or cancelled after payment. */
export function wasPaid(order: { status: string; paidAt: Date | null }): boolean {
  return (
    (SALE_STATUSES as readonly string[]).includes(order.status) ||
    (order.status === "cancelled" && order.paidAt !== null)
  );
}

/** "Pink Kush (3.5g)". */
export function itemLabel(item: { productName: string; sizeLabel: string | null }): string {
  return item.sizeLabel ? `${item.productName} (${item.sizeLabel})` : item.productName;
}

/** What a refund of an order is planned from: the order, its lines, what was refunded of them. */
export interface RefundPlanBasis {
  order: {
    orderNumber: string;
    status: string;
    paidAt: Date | null;
    totalAmountCents: number;
    refundedCents: number;
  };
  items: OrderLine[];
  refundable: RefundableOrder;
  refunded: RefundedSoFar;
}

/**
 * A refund to make (its parts), or a cancellation with nothing left to refund (refunded in full
 * before), or why not: an unpaid order, a line not the order's, a cancellation of an order that
 * moved since the page was opened, or what `splitRefund` refuses. `cancel.from` is the status the
 * person saw; a cancellation refunds everything that remains (restocked unless `request`'s line
 * says not, and the shipping left).
 */
export function planRefund(
  basis: RefundPlanBasis,
  input: { request: RefundRequest; cancel?: { from: string } },
): { ok: true; split: RefundSplit | null } | Failure {
  const { order } = basis;
  const n = order.orderNumber;
  if (!wasPaid(order))
    return fail(
      422,
      `Order ${n} has not been paid (it is ${statusName(order.status)}): there is nothing to refund.${order.status === "pending" ? " Cancel it instead: its stock goes back and nothing is owed." : ""}`,
    );

  // Another order's lines (or a line twice) are refused before anything is computed.
  const own = new Set(basis.items.map((i) => i.id));
  const asked = input.request.kind === "items" ? input.request.lines : [];
  for (const [i, line] of asked.entries())
    if (!own.has(line.id)) {
      const message = `An item of this refund is not on order ${n}. Reload the page and try again.`;
      return fail(400, message, { [`lines.${i}.quantity`]: message, form: message });
    }

  let request = input.request;
  if (input.cancel) {
    if (order.status !== input.cancel.from)
      return fail(
        409,
        `Order ${n} changed while you were looking at it: it is now ${statusName(order.status)}. Nothing was changed; check it and try again.`,
      );
    // Nothing left to give back (refunded in full before): a cancellation like an unpaid one's.
    if (order.refundedCents >= order.totalAmountCents) return { ok: true, split: null };
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
  }

  const split = splitRefund(basis.refundable, basis.refunded, request);
  if (!split.ok) return split;
  const { ok: _ok, ...parts } = split;
  return { ok: true, split: parts };
}

/** What a refund made says of itself, once its stock is back (or kept out). */
interface RefundWords {
  /** The order's history note: "Refund R-1001-R1: $33.60 by Interac e-Transfer (2 × …, shipping)". */
  historyNote: string;
  /** The refund email's rows: each item, shipping, an amount, each tax line. */
  emailRows: { label: string; amountCents: number }[];
  /** The audit entry's changes. */
  auditChanges: Record<string, unknown>;
}

export function refundWords(input: {
  split: RefundSplit;
  items: OrderLine[];
  /** The order lines whose units went back to stock. */
  restocked: Set<string>;
  creditNoteNumber: string;
  method: RefundMethod;
  reference: string | null;
  note: string | null;
  /** A cancellation made with the refund: its note goes with the cancellation's history entry. */
  cancel?: { reason: string };
  /** The order's refunded amount before this refund and after it. */
  refundedCents: [number, number];
}): RefundWords {
  const { split, restocked } = input;
  const items = new Map(input.items.map((i) => [i.id, i]));
  const what = split.lines.map(
    (l) =>
      `${l.quantity} × ${itemLabel(items.get(l.id)!)}${restocked.has(l.id) ? ", restocked" : ""}`,
  );
  if (split.lines.length === 0 && split.goodsCents > 0) what.push("an amount");
  if (split.shippingCents > 0) what.push("shipping");
  const how = `${REFUND_METHOD_LABELS[input.method]}${input.reference ? ` ${input.reference}` : ""}`;
  const refundNote = `${REFUND_NOTE_PREFIX}${input.creditNoteNumber}: ${formatMoney(split.amountCents)} by ${how} (${what.join(", ")})`;

  const emailRows = split.lines.map((l) => ({
    label: `${l.quantity} × ${itemLabel(items.get(l.id)!)}`,
    amountCents: l.amountCents,
  }));
  if (split.lines.length === 0 && split.goodsCents > 0)
    emailRows.push({ label: "Amount (before tax)", amountCents: split.goodsCents });
  if (split.shippingCents > 0)
    emailRows.push({ label: "Shipping", amountCents: split.shippingCents });
  const taxes = split.taxLines.filter((t) => t.amountCents > 0);
  for (const t of taxes) emailRows.push({ label: t.label, amountCents: t.amountCents });

  return {
    historyNote: input.cancel ? refundNote : [refundNote, input.note].filter(Boolean).join(". "),
    emailRows,
    auditChanges: {
      creditNote: input.creditNoteNumber,
      amount: formatMoney(split.amountCents),
      goods: formatMoney(split.goodsCents),
      shipping: formatMoney(split.shippingCents),
      tax: Object.fromEntries(taxes.map((t) => [t.label, formatMoney(t.amountCents)])),
      items: what.filter((w) => w !== "shipping" && w !== "an amount"),
      method: REFUND_METHOD_LABELS[input.method],
      ...(input.reference ? { reference: input.reference } : {}),
      ...(input.note ? { note: input.note } : {}),
      refunded: input.refundedCents.map((cents) => formatMoney(cents)),
      ...(input.cancel ? { cancelled: input.cancel.reason } : {}),
    },
  };
}
