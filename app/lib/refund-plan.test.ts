import { describe, expect, it } from "vitest";
import { NOTHING_REFUNDED } from "./refund-math";
import { planRefund, refundWords, wasPaid, type RefundPlanBasis } from "./refund-plan";

/**
 * Order R-1001, paid: 2 × Pink Kush 3.5g at $30.00 and 1 × Mango Gummies at $12.50 ($72.50), $20.00
 * shipping, GST 5% on $92.50: $97.13.
 */
function basis(overrides: Partial<RefundPlanBasis["order"]> = {}): RefundPlanBasis {
  const items = [
    {
      id: "kush",
      productId: "p-kush",
      variationId: "v-small",
      productName: "Pink Kush",
      sizeLabel: "3.5g",
      quantity: 2,
      priceCents: 3000,
    },
    {
      id: "gummies",
      productId: "p-gummies",
      variationId: null,
      productName: "Mango Gummies",
      sizeLabel: null,
      quantity: 1,
      priceCents: 1250,
    },
  ];
  return {
    order: {
      orderNumber: "R-1001",
      status: "paid",
      paidAt: new Date("2026-11-20T18:00:00Z"),
      totalAmountCents: 9713,
      refundedCents: 0,
      ...overrides,
    },
    items,
    refundable: {
      totalCents: 9713,
      discountCents: 0,
      shippingCents: 2000,
      lines: items.map((i) => ({ id: i.id, quantity: i.quantity, priceCents: i.priceCents })),
      taxLines: [{ id: "gst", label: "GST 5%", taxableCents: 9250, amountCents: 463 }],
    },
    refunded: NOTHING_REFUNDED,
  };
}

const oneKush = {
  kind: "items" as const,
  lines: [{ id: "kush", quantity: 1, restock: true }],
  shippingCents: 0,
};

describe("planning a refund (no database)", () => {
  it("refunds what was asked, with its share of each tax line", () => {
    expect(planRefund(basis(), { request: oneKush })).toEqual({
      ok: true,
      split: {
        goodsCents: 3000,
        shippingCents: 0,
        taxCents: 150,
        amountCents: 3150,
        lines: [{ id: "kush", quantity: 1, amountCents: 3000, restock: true }],
        taxLines: [{ id: "gst", label: "GST 5%", amountCents: 150 }],
      },
    });
  });

  it("refuses an order never paid (a pending one is cancelled instead) and a line not the order's", () => {
    expect(planRefund(basis({ status: "pending", paidAt: null }), { request: oneKush })).toEqual({
      ok: false,
      status: 422,
      message:
        "Order R-1001 has not been paid (it is Pending): there is nothing to refund. Cancel it instead: its stock goes back and nothing is owed.",
    });
    const message = "An item of this refund is not on order R-1001. Reload the page and try again.";
    expect(
      planRefund(basis(), {
        request: { ...oneKush, lines: [{ id: "other", quantity: 1, restock: true }] },
      }),
    ).toEqual({
      ok: false,
      status: 400,
      message,
      errors: { "lines.0.quantity": message, form: message },
    });
  });

  it("a cancellation refunds everything left, keeping the restock the form chose per line", () => {
    const plan = planRefund(basis(), {
      request: { ...oneKush, lines: [{ id: "gummies", quantity: 0, restock: false }] },
      cancel: { from: "paid" },
    });
    expect(plan).toMatchObject({
      ok: true,
      split: {
        amountCents: 9713,
        shippingCents: 2000,
        lines: [
          { id: "kush", quantity: 2, restock: true },
          { id: "gummies", quantity: 1, restock: false },
        ],
      },
    });
  });

  it("a cancellation of an order refunded in full refunds nothing; one that moved since is refused", () => {
    expect(
      planRefund(basis({ refundedCents: 9713 }), { request: oneKush, cancel: { from: "paid" } }),
    ).toEqual({ ok: true, split: null });
    expect(
      planRefund(basis({ status: "shipped" }), { request: oneKush, cancel: { from: "paid" } }),
    ).toMatchObject({
      ok: false,
      status: 409,
      message:
        "Order R-1001 changed while you were looking at it: it is now Shipped. Nothing was changed; check it and try again.",
    });
  });

  it("counts a cancelled order as paid only when money was taken", () => {
    expect(wasPaid({ status: "cancelled", paidAt: new Date() })).toBe(true);
    expect(wasPaid({ status: "cancelled", paidAt: null })).toBe(false);
    expect(wasPaid({ status: "delivered", paidAt: null })).toBe(true);
  });
});

describe("what a refund made says of itself", () => {
  const plan = planRefund(basis(), {
    request: {
      kind: "items",
      lines: [
        { id: "kush", quantity: 2, restock: true },
        { id: "gummies", quantity: 1, restock: true },
      ],
      shippingCents: 2000,
    },
  });
  const split = plan.ok ? plan.split! : undefined;

  it("names each item (restocked or not), the shipping and each tax line", () => {
    const words = refundWords({
      split: split!,
      items: basis().items,
      restocked: new Set(["kush"]),
      creditNoteNumber: "R-1001-R1",
      method: "etransfer",
      reference: "CA1234",
      note: "Damaged in transit",
      refundedCents: [0, 9713],
    });
    expect(words.historyNote).toBe(
      "Refund R-1001-R1: $97.13 by Interac e-Transfer CA1234 (2 × Pink Kush (3.5g), restocked, 1 × Mango Gummies, shipping). Damaged in transit",
    );
    expect(words.emailRows).toEqual([
      { label: "2 × Pink Kush (3.5g)", amountCents: 6000 },
      { label: "1 × Mango Gummies", amountCents: 1250 },
      { label: "Shipping", amountCents: 2000 },
      { label: "GST 5%", amountCents: 463 },
    ]);
    expect(words.auditChanges).toEqual({
      creditNote: "R-1001-R1",
      amount: "$97.13",
      goods: "$72.50",
      shipping: "$20.00",
      tax: { "GST 5%": "$4.63" },
      items: ["2 × Pink Kush (3.5g), restocked", "1 × Mango Gummies"],
      method: "Interac e-Transfer",
      reference: "CA1234",
      note: "Damaged in transit",
      refunded: ["$0.00", "$97.13"],
    });
  });

  it("a cancellation's note leaves the staff note out (the cancellation says its reason)", () => {
    const words = refundWords({
      split: split!,
      items: basis().items,
      restocked: new Set(),
      creditNoteNumber: "R-1001-R1",
      method: "other",
      reference: null,
      note: "Damaged in transit",
      cancel: { reason: "Out of stock" },
      refundedCents: [0, 9713],
    });
    expect(words.historyNote).toBe(
      "Refund R-1001-R1: $97.13 by Other (2 × Pink Kush (3.5g), 1 × Mango Gummies, shipping)",
    );
    expect(words.auditChanges).toMatchObject({ cancelled: "Out of stock" });
  });
});
