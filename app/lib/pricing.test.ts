import { describe, expect, it } from "vitest";
import { computeTotals, discountCents, freeShippingNudge, shippingCents } from "./pricing";
import { DEFAULT_SHIPPING } from "./store-settings";

const rates = DEFAULT_SHIPPING;
const SHIPPING_COST_CENTS = rates.flatFeeCents;

describe("discountCents", () => {
  it("takes a whole percent of the subtotal, rounded to the cent", () => {
    expect(discountCents({ type: "percentage", value: 20 }, 10000)).toBe(2000);
    expect(discountCents({ type: "percentage", value: 15 }, 3333)).toBe(500); // 499.95 → 500
    expect(discountCents({ type: "percentage", value: 100 }, 4599)).toBe(4599);
  });

  it("takes a fixed amount but never more than the subtotal", () => {
    expect(discountCents({ type: "fixed", value: 2000 }, 25000)).toBe(2000);
    expect(discountCents({ type: "fixed", value: 5000 }, 3000)).toBe(3000);
  });

  it("is zero without a coupon or without items", () => {
    expect(discountCents(null, 10000)).toBe(0);
    expect(discountCents({ type: "fixed", value: 2000 }, 0)).toBe(0);
  });
});

describe("shippingCents", () => {
  it("charges $20 below $200 after discount and nothing from $200", () => {
    expect(shippingCents(19999, 0, rates)).toBe(SHIPPING_COST_CENTS);
    expect(shippingCents(20000, 0, rates)).toBe(0);
    expect(shippingCents(21000, 1000, rates)).toBe(0);
    expect(shippingCents(21000, 1001, rates)).toBe(SHIPPING_COST_CENTS);
  });

  it("charges $20 on a $0 cart too: only $200 after discount makes it free (issue 8)", () => {
    expect(shippingCents(0, 0, rates)).toBe(SHIPPING_COST_CENTS);
    expect(computeTotals([{ priceCents: 0, quantity: 3 }], null, rates)).toMatchObject({
      subtotalCents: 0,
      shippingCents: SHIPPING_COST_CENTS,
      totalCents: SHIPPING_COST_CENTS,
    });
  });
});

describe("computeTotals", () => {
  it("is subtotal - discount + shipping", () => {
    const totals = computeTotals(
      [
        { priceCents: 4500, quantity: 2 },
        { priceCents: 1299, quantity: 1 },
      ],
      { type: "percentage", value: 20 },
      rates,
    );
    expect(totals).toEqual({
      subtotalCents: 10299,
      discountCents: 2060,
      shippingCents: 2000,
      totalCents: 10239,
      freeShippingRemainingCents: 11761,
    });
  });

  it("frees shipping once the discounted amount reaches $200", () => {
    const totals = computeTotals(
      [{ priceCents: 22000, quantity: 1 }],
      { type: "fixed", value: 2000 },
      rates,
    );
    expect(totals.shippingCents).toBe(0);
    expect(totals.totalCents).toBe(20000);
    expect(freeShippingNudge(totals)).toBeNull();
  });

  it("nudges with what is missing for free shipping", () => {
    const totals = computeTotals([{ priceCents: 15550, quantity: 1 }], null, rates);
    expect(freeShippingNudge(totals)).toBe("Add $44.50 more for free shipping!");
  });
});
