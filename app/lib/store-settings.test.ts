import { describe, expect, it } from "vitest";
import { StoreFormSchema, ShippingFormSchema, PaymentsFormSchema } from "~/schemas/settings";
import { computeTotals } from "./pricing";
import {
  addressHasPostalCode,
  fillStoreFields,
  freeShippingBadge,
  normalizeGstNumber,
  parseAmountToCents,
  phoneE164,
  shippingTermsLine,
  DEFAULT_SHIPPING,
  splitEmailList,
} from "./store-settings";

describe("shipping promises", () => {
  it("say the store's own fee and threshold", () => {
    const own = { ...DEFAULT_SHIPPING, flatFeeCents: 1500, freeThresholdCents: 15000 };
    expect(freeShippingBadge(own)).toBe("Free shipping from $150");
    expect(shippingTermsLine(own)).toBe("Canada Post shipping $15, free on orders of $150 or more");
    expect(
      shippingTermsLine({ ...DEFAULT_SHIPPING, flatFeeCents: 1250, freeThresholdCents: 9999 }),
    ).toBe("Canada Post shipping $12.50, free on orders of $99.99 or more");
  });

  it("say the rate table's cheapest fee", () => {
    const table = {
      ...DEFAULT_SHIPPING,
      parcelPricing: "table" as const,
      rateTable: {
        bandLimitsGrams: [500],
        zones: [{ name: "BC", prefixes: ["V"], feesCents: [900, 1400] }],
        elsewhereFeesCents: [1200, 1800],
      },
    };
    expect(shippingTermsLine(table)).toBe(
      "Canada Post shipping from $9, free on orders of $200 or more",
    );
  });

  it("say free when there is no fee or no threshold", () => {
    for (const free of [
      { ...DEFAULT_SHIPPING, flatFeeCents: 0, freeThresholdCents: 15000 },
      { ...DEFAULT_SHIPPING, flatFeeCents: 1500, freeThresholdCents: 0 },
    ]) {
      expect(freeShippingBadge(free)).toBe("Free shipping");
      expect(shippingTermsLine(free)).toBe("Free Canada Post shipping");
    }
  });
});

describe("store settings formats", () => {
  it("reads a GST/HST registration number as 123456789 RT 0001", () => {
    expect(normalizeGstNumber("123456789 RT 0001")).toBe("123456789 RT 0001");
    expect(normalizeGstNumber(" 123456789rt0001 ")).toBe("123456789 RT 0001");
    for (const bad of ["12345678 RT 0001", "123456789 RC 0001", "123456789 RT 001", "RT"])
      expect(normalizeGstNumber(bad)).toBeNull();
  });

  it("finds a Canadian postal code in an address", () => {
    expect(addressHasPostalCode("77 Harbour Road\nVictoria BC V8W 1A1")).toBe(true);
    expect(addressHasPostalCode("1 Main St, Toronto ON m5v2t6")).toBe(true);
    expect(addressHasPostalCode("1 Main St, Springfield 90210")).toBe(false);
    // Canada Post never uses D, F, I, O, Q or U.
    expect(addressHasPostalCode("1 Main St D1A 1A1")).toBe(false);
  });

  it("reads amounts in dollars to cents, at most 2 decimals", () => {
    expect(parseAmountToCents("20")).toBe(2000);
    expect(parseAmountToCents("$1,250.5")).toBe(125050);
    for (const bad of ["", "ten", "-5", "1.234"]) expect(parseAmountToCents(bad)).toBeNull();
  });

  it("splits address lists and makes tel: links", () => {
    expect(splitEmailList("a@b.ca, c@d.ca;\ne@f.ca,,")).toEqual(["a@b.ca", "c@d.ca", "e@f.ca"]);
    expect(phoneE164("604-555-0199")).toBe("+16045550199");
  });
});

describe("the settings forms", () => {
  it("normalise what was typed and leave blank details unset", () => {
    expect(
      StoreFormSchema.parse({
        intent: "store",
        name: " Shop ",
        email: "",
        phone: "1 (604) 555 0100",
        hours: " ",
        address: "",
        gstNumber: "",
      }),
    ).toEqual({
      intent: "store",
      name: "Shop",
      email: null,
      phone: "604-555-0100",
      hours: null,
      address: null,
      gstNumber: null,
      logoUrl: null,
    });
  });

  it("refuse hours and days out of range or not whole", () => {
    const result = PaymentsFormSchema.safeParse({
      intent: "payments",
      etransferEmail: "pay@shop.ca",
      unpaidReminderHours: "0",
      unpaidCancelDays: "2.5",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Reminder delay must be a whole number of hours from 1 to 720",
      "Cancellation delay must be a whole number of days from 1 to 60",
    ]);
  });

  it("give the shipping fee and threshold that the totals use", () => {
    const rates = ShippingFormSchema.parse({
      intent: "shipping",
      flatFeeCents: "12.50",
      freeThresholdCents: "100",
    });
    expect(computeTotals([{ priceCents: 9999, quantity: 1 }], null, rates)).toMatchObject({
      shippingCents: 1250,
      freeShippingRemainingCents: 1,
    });
    expect(computeTotals([{ priceCents: 10000, quantity: 1 }], null, rates).shippingCents).toBe(0);
  });
});

describe("store fields in pages and the announcement", () => {
  const settings = {
    store: { name: "Leaf & Co <West>" } as never,
    shipping: { ...DEFAULT_SHIPPING, flatFeeCents: 1550, freeThresholdCents: 20000 },
  };

  it("fills the fee and threshold as prose writes money, and the name escaped in HTML", () => {
    expect(
      fillStoreFields("{{shipping_fee}}, free from {{ free_shipping_from }}", settings, {
        html: true,
      }),
    ).toBe("$15.50, free from $200");
    expect(fillStoreFields("<p>{{store_name}}</p>", settings, { html: true })).toBe(
      "<p>Leaf &amp; Co &lt;West&gt;</p>",
    );
    expect(fillStoreFields("{{store_name}}", settings, { html: false })).toBe("Leaf & Co <West>");
  });

  it("leaves unknown names and single braces alone", () => {
    expect(fillStoreFields("{{phone}} {shipping_fee}", settings, { html: true })).toBe(
      "{{phone}} {shipping_fee}",
    );
  });
});
