import { formatMoney } from "./money";

/**
 * The flat fee and the amount (after discount) from which shipping is free: always the store's own
 * Shipping settings (`storeSettings().shipping`), passed in by the server; never a fixed figure.
 */
export interface ShippingRates {
  flatFeeCents: number;
  /** Null: the fee is never waived (a delivery zone's fee). */
  freeThresholdCents: number | null;
}

export type CouponType = "percentage" | "fixed";

/** value is whole percent for 'percentage' and cents for 'fixed'. */
export interface CouponTerms {
  type: CouponType;
  value: number;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** How much more (after discount) would make shipping free; 0 when it already is. */
  freeShippingRemainingCents: number;
}

export function lineTotalCents(line: { priceCents: number; quantity: number }): number {
  return line.priceCents * line.quantity;
}

export function subtotalCents(lines: { priceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** Percentage of the subtotal (rounded to the cent), or the fixed amount but never above the subtotal. */
export function discountCents(coupon: CouponTerms | null | undefined, subtotal: number): number {
  if (!coupon || subtotal <= 0) return 0;
  const amount =
    coupon.type === "percentage" ? Math.round((subtotal * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(amount, subtotal));
}

/** A fee never waived by the free-shipping threshold (a delivery zone's, or one already charged). */
export function fixedFee(cents: number): ShippingRates {
  return { flatFeeCents: cents, freeThresholdCents: null };
}

/**
 * The flat fee ($20 by default) unless subtotal - discount reaches the threshold ($200 by default),
 * so a $0 cart still pays the fee (docs/product/cart-and-checkout.md#shipping).
 */
export function shippingCents(subtotal: number, discount: number, rates: ShippingRates): number {
  const free = rates.freeThresholdCents !== null && subtotal - discount >= rates.freeThresholdCents;
  return free ? 0 : rates.flatFeeCents;
}

/** total = subtotal - discount + shipping (docs/product/cart-and-checkout.md#totals). */
export function computeTotals(
  lines: { priceCents: number; quantity: number }[],
  coupon: CouponTerms | null,
  rates: ShippingRates,
): Totals {
  const subtotal = subtotalCents(lines);
  const discount = discountCents(coupon, subtotal);
  const shipping = shippingCents(subtotal, discount, rates);
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: shipping,
    totalCents: subtotal - discount + shipping,
    freeShippingRemainingCents:
      shipping > 0 && rates.freeThresholdCents !== null
        ? Math.max(0, rates.freeThresholdCents - (subtotal - discount))
        : 0,
  };
}

/** The cart's free-shipping nudge, or null when shipping is already free. */
export function freeShippingNudge(totals: Totals): string | null {
  return totals.freeShippingRemainingCents > 0
    ? `Add ${formatMoney(totals.freeShippingRemainingCents)} more for free shipping!`
    : null;
}
