import { fail, type Failure } from "./errors";
import { formatMoney } from "./money";

/**
 * The arithmetic of refunds, pure and in integer cents (docs/decisions/refunds.md). The browser
 * previews a refund with it and the server writes what it computes, so both always agree.
 *
 * Rounding rule: every part is computed CUMULATIVELY and rounded half up: a line's goods refunded
 * so far are its net price (price × quantity less its share of the order's discount) × units
 * refunded so far ÷ units ordered, and a tax line's refunded tax is its amount × the part of its
 * taxable base refunded so far ÷ that base. Each refund takes the difference from what earlier
 * refunds took, so the refund that takes the last unit of a line, or the last of a tax line's base,
 * gets exactly its remainder: an order refunded in any number of pieces returns exactly its total,
 * tax lines included. An amount (no items) is split over what remains of goods, shipping and each
 * tax line, in proportion to each remainder (largest remainder gets the odd cent).
 */

/** The money of an order as charged: its lines, discount, shipping and tax lines. */
export interface RefundableOrder {
  totalCents: number;
  discountCents: number;
  shippingCents: number;
  lines: { id: string; quantity: number; priceCents: number; label?: string }[];
  taxLines: { id: string; label: string; taxableCents: number; amountCents: number }[];
}

/** What the order's earlier refunds took (all zero before the first). */
export interface RefundedSoFar {
  totalCents: number;
  goodsCents: number;
  shippingCents: number;
  /** Per order line: units refunded and the goods money they took. */
  lines: Record<string, { quantity: number; amountCents: number }>;
  /** Per order tax line: the tax refunded. */
  taxLines: Record<string, number>;
}

export const NOTHING_REFUNDED: RefundedSoFar = {
  totalCents: 0,
  goodsCents: 0,
  shippingCents: 0,
  lines: {},
  taxLines: {},
};

/** Items (each with how many units and whether they go back to stock) and shipping, or an amount. */
export type RefundRequest =
  | {
      kind: "items";
      lines: { id: string; quantity: number; restock: boolean }[];
      shippingCents: number;
    }
  | { kind: "amount"; amountCents: number };

/** One refund's money, part by part; amountCents is their sum. */
export interface RefundSplit {
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  amountCents: number;
  lines: { id: string; quantity: number; amountCents: number; restock: boolean }[];
  taxLines: { id: string; label: string; amountCents: number }[];
}

/** What is left to refund of an order, in total and part by part. */
export interface Remaining {
  totalCents: number;
  goodsCents: number;
  shippingCents: number;
  lines: Record<string, { quantity: number; amountCents: number }>;
  taxLines: Record<string, number>;
}

/** a ÷ b rounded down, for integers a ≥ 0 and b > 0, exactly (no floating-point quotient). */
function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** a × b ÷ c rounded half up, for integers a, b ≥ 0 and c > 0, exactly (BigInt past 2^53). */
export function mulDivRound(a: number, b: number, c: number): number {
  const twice = 2 * a * b;
  if (Number.isSafeInteger(twice + c)) return floorDiv(twice + c, 2 * c);
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * Each line's net goods: price × quantity less its share of the order's discount. The discount is
 * shared in proportion to each line's price × quantity, rounded down, and the cents left over go
 * one each to the lines with the largest remainders (ties: the line whose id sorts first), so the
 * shares always add up to the discount exactly.
 */
export function lineNetCents(order: Pick<RefundableOrder, "lines" | "discountCents">) {
  const lines = [...order.lines].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const gross = lines.map((l) => l.priceCents * l.quantity);
  const subtotal = gross.reduce((sum, g) => sum + g, 0);
  const discount = Math.max(0, Math.min(order.discountCents, subtotal));
  const shares = gross.map((g) => (subtotal > 0 ? floorDiv(discount * g, subtotal) : 0));
  let left = discount - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = gross
    .map((g, i) => ({ i, remainder: subtotal > 0 ? (discount * g) % subtotal : 0 }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return new Map(lines.map((l, i) => [l.id, gross[i]! - shares[i]!]));
}

/** The goods of the order after its discount (the sum of the lines' net goods). */
function goodsTotal(net: Map<string, number>): number {
  let sum = 0;
  for (const value of net.values()) sum += value;
  return sum;
}

/** Whether a tax line taxed the shipping too (its base is more than the goods). */
function taxesShipping(taxableCents: number, goodsCents: number, shippingCents: number): boolean {
  return shippingCents > 0 && taxableCents > goodsCents;
}

export function remainingOf(order: RefundableOrder, refunded: RefundedSoFar): Remaining {
  const net = lineNetCents(order);
  return {
    totalCents: Math.max(0, order.totalCents - refunded.totalCents),
    goodsCents: Math.max(0, goodsTotal(net) - refunded.goodsCents),
    shippingCents: Math.max(0, order.shippingCents - refunded.shippingCents),
    lines: Object.fromEntries(
      order.lines.map((l) => {
        const done = refunded.lines[l.id];
        return [
          l.id,
          {
            quantity: Math.max(0, l.quantity - (done?.quantity ?? 0)),
            amountCents: Math.max(0, net.get(l.id)! - (done?.amountCents ?? 0)),
          },
        ];
      }),
    ),
    taxLines: Object.fromEntries(
      order.taxLines.map((t) => [
        t.id,
        Math.max(0, t.amountCents - (refunded.taxLines[t.id] ?? 0)),
      ]),
    ),
  };
}

/** Refund everything that remains: every unit left of every line, and the shipping left. */
export function fullRefundRequest(
  order: RefundableOrder,
  refunded: RefundedSoFar,
  restock = true,
): Extract<RefundRequest, { kind: "items" }> {
  const remaining = remainingOf(order, refunded);
  return {
    kind: "items",
    lines: order.lines
      .filter((l) => remaining.lines[l.id]!.quantity > 0)
      .map((l) => ({ id: l.id, quantity: remaining.lines[l.id]!.quantity, restock })),
    shippingCents: remaining.shippingCents,
  };
}

export const NOTHING_CHOSEN =
  "Choose what to refund: a quantity of an item, the shipping, or an amount.";

function unitsLeft(n: number) {
  return n === 0 ? "none is" : n === 1 ? "only 1 is" : `only ${n} are`;
}

/**
 * One refund's parts, or why it cannot be made: a line that is not the order's (400), more units
 * than are left of a line, more shipping than is left, more than remains of the order, or nothing
 * at all (422). Field errors name the form's fields: `lines.<i>.quantity`, `shipping`, `amount`.
 */
export function splitRefund(
  order: RefundableOrder,
  refunded: RefundedSoFar,
  request: RefundRequest,
): ({ ok: true } & RefundSplit) | Failure {
  const remaining = remainingOf(order, refunded);
  if (remaining.totalCents <= 0)
    return fail(422, "This order has been refunded in full: nothing remains to refund.");
  return request.kind === "amount"
    ? splitAmount(order, remaining, request.amountCents)
    : splitItems(order, refunded, remaining, request);
}

function splitItems(
  order: RefundableOrder,
  refunded: RefundedSoFar,
  remaining: Remaining,
  request: Extract<RefundRequest, { kind: "items" }>,
): ({ ok: true } & RefundSplit) | Failure {
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  for (const [i, line] of request.lines.entries()) {
    if (!byId.has(line.id) || seen.has(line.id)) {
      const message = "An item of this refund is not on this order. Reload the page and try again.";
      return fail(400, message, { [`lines.${i}.quantity`]: message });
    }
    seen.add(line.id);
  }
  const errors: Record<string, string> = {};
  for (const [i, line] of request.lines.entries()) {
    const left = remaining.lines[line.id]!.quantity;
    if (line.quantity < 0 || !Number.isInteger(line.quantity))
      errors[`lines.${i}.quantity`] = "Enter a whole number of units, 0 or more.";
    else if (line.quantity > left) {
      const what = byId.get(line.id)!.label ?? "this item";
      errors[`lines.${i}.quantity`] =
        `You can refund at most ${left} of ${what}: ${unitsLeft(left)} left to refund.`;
    }
  }
  if (request.shippingCents < 0 || !Number.isInteger(request.shippingCents))
    errors.shipping = "Enter the shipping to refund, $0.00 or more.";
  else if (request.shippingCents > remaining.shippingCents)
    errors.shipping =
      remaining.shippingCents === 0
        ? "No shipping is left to refund."
        : `At most ${formatMoney(remaining.shippingCents)} of shipping is left to refund.`;
  if (Object.keys(errors).length > 0) return fail(422, Object.values(errors)[0]!, errors);

  const chosen = request.lines.filter((l) => l.quantity > 0);
  if (chosen.length === 0 && request.shippingCents === 0)
    return fail(400, NOTHING_CHOSEN, { form: NOTHING_CHOSEN });

  // Goods, line by line (cumulative: see the rule above), never more than the order's goods left.
  const net = lineNetCents(order);
  const lines = chosen.map((l) => {
    const ordered = byId.get(l.id)!;
    const done = refunded.lines[l.id] ?? { quantity: 0, amountCents: 0 };
    const upTo = mulDivRound(net.get(l.id)!, done.quantity + l.quantity, ordered.quantity);
    const amount = Math.min(
      Math.max(0, upTo - done.amountCents),
      remaining.lines[l.id]!.amountCents,
    );
    return { id: l.id, quantity: l.quantity, amountCents: amount, restock: l.restock };
  });
  let over = lines.reduce((sum, l) => sum + l.amountCents, 0) - remaining.goodsCents;
  for (let i = lines.length - 1; over > 0 && i >= 0; i--) {
    const cut = Math.min(over, lines[i]!.amountCents);
    lines[i]!.amountCents -= cut;
    over -= cut;
  }
  const goodsCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const shippingCents = request.shippingCents;

  // Tax, per tax line, on the part of its base this refund gives back.
  const goods = goodsTotal(net);
  const taxLines = order.taxLines.map((t) => {
    const withShipping = taxesShipping(t.taxableCents, goods, order.shippingCents);
    const added = goodsCents + (withShipping ? shippingCents : 0);
    const left = remaining.taxLines[t.id]!;
    if (added === 0 || t.taxableCents <= 0) return { id: t.id, label: t.label, amountCents: 0 };
    const before = refunded.goodsCents + (withShipping ? refunded.shippingCents : 0);
    const base = before + added;
    const upTo =
      base >= t.taxableCents ? t.amountCents : mulDivRound(t.amountCents, base, t.taxableCents);
    const amount = Math.min(left, Math.max(0, upTo - (refunded.taxLines[t.id] ?? 0)));
    return { id: t.id, label: t.label, amountCents: amount };
  });
  return finish(remaining, { goodsCents, shippingCents, lines, taxLines });
}

function splitAmount(
  order: RefundableOrder,
  remaining: Remaining,
  amountCents: number,
): ({ ok: true } & RefundSplit) | Failure {
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    const message = "Enter an amount above $0.00.";
    return fail(400, message, { amount: message });
  }
  // Each part's share of the amount, in proportion to what remains of it.
  const parts = [
    remaining.goodsCents,
    remaining.shippingCents,
    ...order.taxLines.map((t) => remaining.taxLines[t.id]!),
  ];
  const left = Math.min(
    remaining.totalCents,
    parts.reduce((sum, p) => sum + p, 0),
  );
  if (amountCents > left) {
    const message = `The refund (${formatMoney(amountCents)}) is more than what remains to refund (${formatMoney(left)}).`;
    return fail(422, message, { amount: message });
  }
  const whole = parts.reduce((sum, p) => sum + p, 0);
  const shares = parts.map((p) => floorDiv(amountCents * p, whole));
  let extra = amountCents - shares.reduce((sum, s) => sum + s, 0);
  const ranked = parts
    .map((p, i) => ({ i, remainder: (amountCents * p) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of ranked) {
    if (extra <= 0) break;
    if (shares[i]! < parts[i]!) {
      shares[i]! += 1;
      extra -= 1;
    }
  }
  return finish(remaining, {
    goodsCents: shares[0]!,
    shippingCents: shares[1]!,
    lines: [],
    taxLines: order.taxLines.map((t, i) => ({
      id: t.id,
      label: t.label,
      amountCents: shares[2 + i]!,
    })),
  });
}

function finish(
  remaining: Remaining,
  parts: Omit<RefundSplit, "taxCents" | "amountCents">,
): ({ ok: true } & RefundSplit) | Failure {
  const taxCents = parts.taxLines.reduce((sum, t) => sum + t.amountCents, 0);
  const amountCents = parts.goodsCents + parts.shippingCents + taxCents;
  if (amountCents <= 0) {
    const message =
      "What you chose adds up to $0.00: there is no money left to refund for it. Choose something else.";
    return fail(422, message, { form: message });
  }
  if (amountCents > remaining.totalCents) {
    const message = `The refund (${formatMoney(amountCents)}) is more than what remains to refund (${formatMoney(remaining.totalCents)}).`;
    return fail(422, message, { form: message });
  }
  return { ok: true, ...parts, taxCents, amountCents };
}

/** Whether an order is refunded in full, in part, or not at all (derived, never stored). */
type RefundState = "refunded" | "partly_refunded" | null;

export function refundState(order: {
  totalAmountCents: number;
  refundedCents: number;
}): RefundState {
  if (order.refundedCents <= 0) return null;
  return order.refundedCents >= order.totalAmountCents ? "refunded" : "partly_refunded";
}

export const REFUND_STATE_LABELS: Record<Exclude<RefundState, null>, string> = {
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
};
