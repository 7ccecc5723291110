import { describe, expect, it } from "vitest";
import { NO_LINE_LEFT } from "./order-edit";
import { planOrderEdit, type OrderEditBasis, type OrderEditChange } from "./order-edit-plan";
import { DEFAULT_PROVINCE_RULES, DEFAULT_TAX_RATES } from "./taxes";

const rule = (province: string) => DEFAULT_PROVINCE_RULES.find((r) => r.province === province)!;

const ADDRESS = {
  name: "Jane Doe",
  street: "123 Main St",
  city: "Vancouver",
  province: "BC",
  postalCode: "V6B 1A1",
};

// Blue Dream in two sizes (3.5g at $30.00, 7g at $55.00) and gummies sold without sizes.
const DREAM = "p-dream";
const GUMMIES = "p-gummies";

/**
 * Order R-1001: 2 × Blue Dream 3.5g and 1 × Blue Dream 7g, shipped to BC: $115.00 + $20.00 shipping
 * = $135.00, GST $6.75 and PST $9.45 (both on the shipping too): $151.20.
 */
function basis(overrides: Partial<OrderEditBasis> = {}): OrderEditBasis {
  return {
    order: {
      orderNumber: "R-1001",
      address: ADDRESS,
      subtotalCents: 11500,
      discountCents: 0,
      shippingCents: 2000,
      taxCents: 1620,
      totalCents: 15120,
      method: "parcel",
      inDeliveryZone: true,
    },
    items: [
      {
        id: "line-small",
        productId: DREAM,
        variationId: "v-small",
        productName: "Blue Dream",
        sizeLabel: "3.5g",
        quantity: 2,
        priceCents: 3000,
      },
      {
        id: "line-large",
        productId: DREAM,
        variationId: "v-large",
        productName: "Blue Dream",
        sizeLabel: "7g",
        quantity: 1,
        priceCents: 5500,
      },
    ],
    products: [
      {
        id: DREAM,
        status: "active",
        stock: 20,
        category: "flower",
        cannabisKind: "dried",
        netAmountMilli: null,
      },
    ],
    sizes: [
      {
        id: "v-small",
        productId: DREAM,
        size: "3.5",
        sizeUnit: "g",
        stock: 10,
        netAmountMilli: null,
      },
      {
        id: "v-large",
        productId: DREAM,
        size: "7",
        sizeUnit: "g",
        stock: 10,
        netAmountMilli: null,
      },
    ],
    added: [],
    coupon: null,
    rates: { flatFeeCents: 2000, freeThresholdCents: 20000 },
    rules: { before: rule("BC"), after: rule("BC") },
    taxRates: DEFAULT_TAX_RATES.filter((r) => r.province === "BC"),
    taxDay: "2026-11-20",
    ...overrides,
  };
}

const GUMMIES_TO_ADD = {
  status: "ok" as const,
  id: GUMMIES,
  productId: GUMMIES,
  variationId: null,
  productName: "Mango Gummies",
  sizeLabel: null,
  priceCents: 1250,
  available: 5,
  driedMg: 0,
};

function change(overrides: Partial<OrderEditChange> = {}): OrderEditChange {
  return { lines: [], add: [], address: ADDRESS, ...overrides };
}

function refusal(result: ReturnType<typeof planOrderEdit>) {
  if (result.ok) throw new Error("the edit was not refused");
  return result;
}

describe("planning an edit of a pending order (no database)", () => {
  it("lowers a quantity: amounts as checkout would make them, the rows, the stock given back", () => {
    const plan = planOrderEdit(
      basis(),
      change({ lines: [{ id: "line-small", quantity: 1, remove: false }] }),
    );
    expect(plan).toMatchObject({
      ok: true,
      summary: "Qty of Blue Dream 3.5g 2 → 1; taxes $16.20 → $12.60; total $151.20 → $117.60",
      totals: { subtotalCents: 8500, discountCents: 0, shippingCents: 2000, totalCents: 11760 },
      removedIds: [],
      changedQuantities: [{ id: "line-small", quantity: 1 }],
      additions: [],
      moves: [
        {
          productId: DREAM,
          variationId: "v-small",
          by: 1,
          name: "Blue Dream 3.5g",
          field: "lines.0.quantity",
        },
      ],
    });
    if (!plan.ok) return;
    expect(plan.totals.taxLines.map((t) => [t.label, t.amountCents])).toEqual([
      ["GST 5%", 525],
      ["PST 7%", 735],
    ]);
  });

  it("adds a size at today's price and removes a line, moving stock in lock order", () => {
    const plan = planOrderEdit(
      basis({ added: [GUMMIES_TO_ADD] }),
      change({
        lines: [{ id: "line-large", quantity: 1, remove: true }],
        add: [{ item: GUMMIES, quantity: 2 }],
      }),
    );
    expect(plan).toMatchObject({
      ok: true,
      summary:
        "Removed Blue Dream 7g × 1; added Mango Gummies × 2 at $12.50; taxes $16.20 → $12.60; total $151.20 → $117.60",
      removedIds: ["line-large"],
      additions: [{ id: "new:0", productId: GUMMIES, quantity: 2, priceCents: 1250, added: true }],
      moves: [
        { productId: DREAM, variationId: "v-large", by: 1 },
        { productId: GUMMIES, variationId: null, by: -2, field: "add.0.quantity" },
      ],
    });
  });

  it("changes nothing when the form is the order as it is", () => {
    const plan = planOrderEdit(
      basis(),
      change({ lines: [{ id: "line-small", quantity: 2, remove: false }] }),
    );
    expect(plan).toMatchObject({ ok: true, summary: "", moves: [], changedQuantities: [] });
  });

  it("keeps the goods' amounts on an address-only edit; the taxes follow the new province", () => {
    // Prices are the order's own: a subtotal the lines do not add up to stays as it was.
    const plan = planOrderEdit(
      basis({
        order: { ...basis().order, subtotalCents: 11000, totalCents: 14560 },
        rules: { before: rule("BC"), after: rule("AB") },
        taxRates: DEFAULT_TAX_RATES.filter((r) => r.province === "AB"),
      }),
      change({ address: { ...ADDRESS, city: "Calgary", province: "AB", postalCode: "T2P 1J9" } }),
    );
    expect(plan).toMatchObject({
      ok: true,
      totals: { subtotalCents: 11000, shippingCents: 2000, totalCents: 13650 },
      moves: [],
    });
    if (plan.ok)
      expect(plan.summary).toMatch(/^Ship to Jane Doe, 123 Main St, Calgary, AB T2P 1J9/);
  });

  it("refuses lines that are not the order's, or sent twice, and an order left without a line", () => {
    const edit = (...lines: OrderEditChange["lines"]) =>
      refusal(planOrderEdit(basis(), change({ lines })));
    expect(edit({ id: "x", quantity: 1, remove: false })).toMatchObject({
      status: 400,
      message: "A line of this form is not on order R-1001. Reload the page and try again.",
    });
    expect(
      edit(
        { id: "line-small", quantity: 1, remove: false },
        { id: "line-small", quantity: 2, remove: false },
      ).message,
    ).toBe("A line of the order was sent twice. Reload the page and try again.");
    expect(
      edit(
        { id: "line-small", quantity: 2, remove: true },
        { id: "line-large", quantity: 1, remove: true },
      ),
    ).toMatchObject({ status: 422, message: NO_LINE_LEFT });
  });

  it("refuses more of what is no longer sold or not in stock, on the line's field", () => {
    const archived = basis({ products: [{ ...basis().products[0]!, status: "archived" }] });
    expect(
      refusal(
        planOrderEdit(
          archived,
          change({ lines: [{ id: "line-small", quantity: 3, remove: false }] }),
        ),
      ),
    ).toEqual({
      ok: false,
      status: 422,
      message: "Blue Dream 3.5g is no longer sold, so its quantity can't go up. Keep or lower it.",
      errors: {
        "lines.0.quantity":
          "Blue Dream 3.5g is no longer sold, so its quantity can't go up. Keep or lower it.",
      },
    });
    // Less of it is fine.
    expect(
      planOrderEdit(archived, change({ lines: [{ id: "line-small", quantity: 1, remove: false }] }))
        .ok,
    ).toBe(true);
    expect(
      refusal(
        planOrderEdit(
          basis(),
          change({ lines: [{ id: "line-large", quantity: 12, remove: false }] }),
        ),
      ),
    ).toMatchObject({
      status: 409,
      message: "Not enough Blue Dream 7g in stock: this needs 11 more, only 10 are left.",
    });
  });

  it("refuses a size added twice, not sold, at $0.00, already on the order, or out of stock", () => {
    const add = (added: OrderEditBasis["added"], items: OrderEditChange["add"]) =>
      refusal(planOrderEdit(basis({ added }), change({ add: items })));
    expect(
      add(
        [GUMMIES_TO_ADD],
        [
          { item: GUMMIES, quantity: 1 },
          { item: GUMMIES, quantity: 1 },
        ],
      ).errors,
    ).toEqual({
      "add.1.item": "The same size is added twice: add it once with the quantity you want.",
    });
    expect(
      add([{ status: "unavailable", id: GUMMIES }], [{ item: GUMMIES, quantity: 1 }]),
    ).toMatchObject({
      status: 400,
      errors: { "add.0.item": expect.stringMatching(/^This product or size is not sold/) },
    });
    expect(
      add(
        [{ ...GUMMIES_TO_ADD, status: "unpriced", priceCents: 0 }],
        [{ item: GUMMIES, quantity: 1 }],
      ).message,
    ).toBe("Mango Gummies has no price yet ($0.00) and can't be sold.");
    const small = {
      ...GUMMIES_TO_ADD,
      id: `${DREAM}_v-small`,
      productId: DREAM,
      variationId: "v-small",
      productName: "Blue Dream",
      sizeLabel: "3.5g",
    };
    expect(add([small], [{ item: small.id, quantity: 1 }]).message).toBe(
      "Blue Dream 3.5g is already on this order: change that line's quantity instead.",
    );
    expect(
      add([{ ...GUMMIES_TO_ADD, available: 0 }], [{ item: GUMMIES, quantity: 2 }]),
    ).toMatchObject({
      status: 409,
      errors: { "add.0.quantity": "Mango Gummies is out of stock: 2 more can't be added." },
    });
  });

  it("checks the 30 g limit only when there is more of something", () => {
    const over = change({ lines: [{ id: "line-large", quantity: 4, remove: false }] });
    // 2 × 3.5 g + 4 × 7 g = 35 g.
    expect(refusal(planOrderEdit(basis(), over)).message).toBe(
      "This order would hold 35 g of dried cannabis or its equivalent, over the legal limit of 30 g per order. Lower a quantity or remove an item.",
    );
    const heavy = basis({
      items: basis().items.map((item) => ({ ...item, quantity: 5 })),
    });
    // 52.5 g already ordered: lowering one line is fine even though the order stays over.
    expect(
      planOrderEdit(heavy, change({ lines: [{ id: "line-large", quantity: 4, remove: false }] }))
        .ok,
    ).toBe(true);
  });

  it("refuses a coupon's minimum no longer reached, and a province not served or asking an older age", () => {
    const withCoupon = basis({
      order: { ...basis().order, discountCents: 1000, totalCents: 14000 },
      coupon: { code: "SAVE10", type: "fixed", value: 1000, minOrderCents: 10000 },
    });
    expect(
      refusal(
        planOrderEdit(
          withCoupon,
          change({ lines: [{ id: "line-large", quantity: 1, remove: true }] }),
        ),
      ).message,
    ).toBe(
      "Coupon SAVE10 needs an order of at least $100.00; after this change the subtotal would be $60.00. Keep the subtotal at $100.00 or more, or cancel the order instead.",
    );
    const toQuebec = change({ address: { ...ADDRESS, province: "QC" } });
    expect(
      refusal(
        planOrderEdit(
          basis({ rules: { before: rule("BC"), after: { ...rule("QC"), ships: false } } }),
          toQuebec,
        ),
      ).errors,
    ).toEqual({ province: "The store doesn't ship to Quebec (Provinces & Taxes)." });
    // No method may reach a Quebec address (docs/product/fulfilment.md).
    expect(
      refusal(planOrderEdit(basis({ rules: { before: rule("BC"), after: rule("QC") } }), toQuebec))
        .message,
    ).toBe(
      "Canada Post parcel is not allowed in Quebec. Ask the shopper to place a new order instead.",
    );
    const toOntario = change({ address: { ...ADDRESS, province: "ON", postalCode: "M5V 2T6" } });
    expect(
      refusal(planOrderEdit(basis({ rules: { before: rule("BC"), after: rule("ON") } }), toOntario))
        .message,
    ).toBe(
      "Canada Post parcel is not allowed in Ontario. Ask the shopper to place a new order instead.",
    );
    const olderAlberta = { ...rule("AB"), minimumAge: 21 };
    const toAlberta = change({ address: { ...ADDRESS, province: "AB", postalCode: "T2P 1J9" } });
    expect(
      refusal(
        planOrderEdit(basis({ rules: { before: rule("BC"), after: olderAlberta } }), toAlberta),
      ).message,
    ).toBe(
      "Shipping to Alberta needs the shopper to confirm they are 21 or older, which they did not do for this order. Ask them to place a new order instead.",
    );
    const outsideZones = basis({
      order: { ...basis().order, method: "delivery", inDeliveryZone: false },
    });
    expect(refusal(planOrderEdit(outsideZones, change({}))).errors).toEqual({
      postalCode:
        "This address is outside every delivery zone (Settings, Delivery zones & windows): a local delivery cannot go there.",
    });
  });

  it("leaves out items given back to a size removed since: they stay out", () => {
    const plan = planOrderEdit(
      basis({
        items: [
          ...basis().items,
          {
            id: "line-gone",
            productId: DREAM,
            variationId: null,
            productName: "Blue Dream",
            sizeLabel: "14g",
            quantity: 1,
            priceCents: 9000,
          },
        ],
      }),
      change({ lines: [{ id: "line-gone", quantity: 1, remove: true }] }),
    );
    expect(plan).toMatchObject({ ok: true, removedIds: ["line-gone"], moves: [] });
  });
});
