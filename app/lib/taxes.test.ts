import { DEFAULT_SHIPPING } from "./store-settings";
import { describe, expect, it } from "vitest";
import { PROVINCE_CODES } from "./address";
import { computeTotals } from "./pricing";
import {
  ageConfirmationLabel,
  ageConfirmationMissing,
  ageToConfirm,
  computeTaxLines,
  DEFAULT_PROVINCE_RULES,
  DEFAULT_TAX_RATES,
  formatEffectiveDate,
  formatRate,
  parseRate,
  provinceRefusal,
  ratesInForce,
  taxOn,
  withTaxes,
} from "./taxes";

const TODAY = "2026-11-23";
const lines = (province: string, goodsCents: number, shippingCents: number, day = TODAY) =>
  computeTaxLines({ rates: DEFAULT_TAX_RATES, province, day, goodsCents, shippingCents }).map(
    (l) => [l.label, l.taxableCents, l.amountCents],
  );

describe("tax lines for every province, computed by hand", () => {
  // Example A: $100.00 of goods and $20.00 shipping. Example B: $219.90 less 20 % ($43.98) =
  // $175.92 of goods, plus $20.00 shipping (under $200 after discount) = $195.92.
  const cases: [string, [string, number, number][], [string, number, number][]][] = [
    ["AB", [["GST 5%", 12000, 600]], [["GST 5%", 19592, 980]]], // 979.60 → 980
    [
      "BC",
      [
        ["GST 5%", 12000, 600],
        ["PST 7%", 12000, 840],
      ],
      [
        ["GST 5%", 19592, 980],
        ["PST 7%", 19592, 1371],
      ], // 1371.44 → 1371
    ],
    [
      "MB", // RST is not charged on shipping
      [
        ["GST 5%", 12000, 600],
        ["RST 7%", 10000, 700],
      ],
      [
        ["GST 5%", 19592, 980],
        ["RST 7%", 17592, 1231],
      ], // 1231.44 → 1231
    ],
    ["NB", [["HST 15%", 12000, 1800]], [["HST 15%", 19592, 2939]]], // 2938.80 → 2939
    ["NL", [["HST 15%", 12000, 1800]], [["HST 15%", 19592, 2939]]],
    ["NS", [["HST 14%", 12000, 1680]], [["HST 14%", 19592, 2743]]], // 2742.88 → 2743
    ["NT", [["GST 5%", 12000, 600]], [["GST 5%", 19592, 980]]],
    ["NU", [["GST 5%", 12000, 600]], [["GST 5%", 19592, 980]]],
    ["ON", [["HST 13%", 12000, 1560]], [["HST 13%", 19592, 2547]]], // 2546.96 → 2547
    ["PE", [["HST 15%", 12000, 1800]], [["HST 15%", 19592, 2939]]],
    [
      "QC",
      [
        ["GST 5%", 12000, 600],
        ["QST 9.975%", 12000, 1197],
      ],
      [
        ["GST 5%", 19592, 980],
        ["QST 9.975%", 19592, 1954],
      ], // 1954.302 → 1954
    ],
    [
      "SK",
      [
        ["GST 5%", 12000, 600],
        ["PST 6%", 12000, 720],
      ],
      [
        ["GST 5%", 19592, 980],
        ["PST 6%", 19592, 1176],
      ], // 1175.52 → 1176
    ],
    ["YT", [["GST 5%", 12000, 600]], [["GST 5%", 19592, 980]]],
  ];

  it("covers all 13 provinces and territories", () => {
    expect(cases.map((c) => c[0]).sort()).toEqual([...PROVINCE_CODES].sort());
  });

  for (const [province, a, b] of cases) {
    it(`${province}: $100 + $20 shipping, and $219.90 less 20 % + $20 shipping`, () => {
      expect(lines(province, 10000, 2000)).toEqual(a);
      const totals = computeTotals(
        [{ priceCents: 21990, quantity: 1 }],
        { type: "percentage", value: 20 },
        DEFAULT_SHIPPING,
      );
      expect(totals).toMatchObject({ discountCents: 4398, shippingCents: 2000 });
      expect(
        lines(province, totals.subtotalCents - totals.discountCents, totals.shippingCents),
      ).toEqual(b);
    });
  }

  it("adds the lines to the total: Quebec, $100 + $20 → $138.97", () => {
    const totals = computeTotals([{ priceCents: 5000, quantity: 2 }], null, DEFAULT_SHIPPING);
    const taxed = withTaxes(
      totals,
      computeTaxLines({
        rates: DEFAULT_TAX_RATES,
        province: "QC",
        day: TODAY,
        goodsCents: 10000,
        shippingCents: totals.shippingCents,
      }),
    );
    expect(taxed).toMatchObject({ taxCents: 1797, totalCents: 12000 + 1797 });
  });

  it("taxes free shipping as nothing: Ontario, $250 of goods → HST $32.50", () => {
    expect(lines("ON", 25000, 0)).toEqual([["HST 13%", 25000, 3250]]);
  });
});

describe("rounding: each line half-up to the cent on its own base", () => {
  it("rounds half a cent up and less than half down", () => {
    expect(taxOn(4990, 5000)).toBe(250); // 249.50
    expect(taxOn(4950, 13000)).toBe(644); // 643.50
    expect(taxOn(2000, 9975)).toBe(200); // 199.50
    expect(taxOn(4989, 5000)).toBe(249); // 249.45
    expect(taxOn(1, 15000)).toBe(0); // 0.15
    expect(taxOn(0, 5000)).toBe(0);
  });

  it("rounds each line separately, not their sum (Quebec $49.90 + $20)", () => {
    // 6990 × 5 % = 349.50 → 350; 6990 × 9.975 % = 697.2525 → 697; total 1047 (1046.7525 summed).
    expect(lines("QC", 4990, 2000)).toEqual([
      ["GST 5%", 6990, 350],
      ["QST 9.975%", 6990, 697],
    ]);
  });
});

describe("rates in force on a day", () => {
  it("takes the newest rate on or before the day: Nova Scotia 15 % until 2025-03-31, 14 % from 2025-04-01", () => {
    expect(lines("NS", 10000, 0, "2025-03-31")).toEqual([["HST 15%", 10000, 1500]]);
    expect(lines("NS", 10000, 0, "2025-04-01")).toEqual([["HST 14%", 10000, 1400]]);
  });

  it("ignores a scheduled rate until its day and ends a tax with a rate of 0", () => {
    const rates = [
      ...DEFAULT_TAX_RATES,
      {
        province: "BC",
        kind: "PST" as const,
        ratePer100k: 0,
        appliesToShipping: true,
        effectiveFrom: "2027-01-01",
      },
    ];
    expect(ratesInForce(rates, "BC", "2026-12-31").map((r) => r.kind)).toEqual(["GST", "PST"]);
    expect(ratesInForce(rates, "BC", "2027-01-01").map((r) => r.kind)).toEqual(["GST"]);
  });
});

describe("rates as text", () => {
  it("formats and parses parts per 100,000", () => {
    expect(formatRate(5000)).toBe("5%");
    expect(formatRate(9975)).toBe("9.975%");
    expect(formatRate(14500)).toBe("14.5%");
    expect(parseRate("9.975")).toBe(9975);
    expect(parseRate(" 14 %")).toBe(14000);
    expect(parseRate("0")).toBe(0);
    expect(parseRate("100")).toBe(100000);
    expect(parseRate("100.001")).toBeNull();
    expect(parseRate("9.9751")).toBeNull();
    expect(parseRate("-5")).toBeNull();
    expect(parseRate("abc")).toBeNull();
    expect(formatEffectiveDate("2025-04-01")).toBe("Apr 1, 2025");
  });
});

describe("province rules", () => {
  const rule = (province: string) => DEFAULT_PROVINCE_RULES.find((r) => r.province === province)!;

  it("serves every province by default, at 19, Alberta 18 and Quebec 21", () => {
    expect(DEFAULT_PROVINCE_RULES).toHaveLength(13);
    expect(DEFAULT_PROVINCE_RULES.every((r) => r.ships)).toBe(true);
    expect(rule("AB").minimumAge).toBe(18);
    expect(rule("QC").minimumAge).toBe(21);
    expect(rule("ON").minimumAge).toBe(19);
  });

  it("names the age to confirm, never below the store's 19+", () => {
    expect(ageToConfirm(rule("QC"))).toBe(21);
    expect(ageToConfirm(rule("AB"))).toBe(19);
    expect(ageToConfirm(null)).toBe(19);
    expect(ageConfirmationLabel(rule("QC"))).toBe(
      "I confirm I am 21 years of age or older, the legal age in Quebec, and that the person receiving this order is too.",
    );
    expect(ageConfirmationLabel(rule("AB"))).toContain(
      "19 years of age or older (this store's minimum; the legal age in Alberta is 18)",
    );
    expect(ageConfirmationMissing(rule("QC"))).toBe(
      "Please confirm you are 21 or older, the legal age in Quebec",
    );
  });

  it("refuses a province the store does not serve", () => {
    expect(provinceRefusal({ province: "NU", ships: false, minimumAge: 19, methods: null })).toBe(
      "Sorry, we don't ship to Nunavut. Please choose another province or territory.",
    );
    expect(provinceRefusal(rule("NU"))).toBeNull();
  });
});
