import { describe, expect, it } from "vitest";
import { shippingForm } from "~/schemas/settings";
import { checkForm } from "./form";
import { bandLabels, rateTableFee, weightText, type ParcelRateTable } from "./parcel-rates";

const table: ParcelRateTable = {
  bandLimitsGrams: [500, 1000, 2000],
  zones: [
    { name: "British Columbia", prefixes: ["V"], feesCents: [900, 1200, 1600, 2200] },
    { name: "Vancouver", prefixes: ["V5", "V6"], feesCents: [700, 1000, 1400, 2000] },
  ],
  elsewhereFeesCents: [1500, 1900, 2400, 3200],
};

describe("the parcel rate table", () => {
  it("prices by the band a weight falls in and the zone of the longest prefix", () => {
    expect(rateTableFee(table, 50, "V6B 1A1")).toEqual({
      feeCents: 700,
      zone: "Vancouver",
      band: "Up to 500 g",
    });
    expect(rateTableFee(table, 500, "V8W 1A1").feeCents).toBe(900);
    expect(rateTableFee(table, 501, "V8W 1A1").feeCents).toBe(1200);
    expect(rateTableFee(table, 2001, "T2P 1A1")).toEqual({
      feeCents: 3200,
      zone: "Everywhere else",
      band: "Over 2 kg",
    });
  });

  it("names bands the way the settings show them", () => {
    expect(bandLabels([500, 1000, 2500])).toEqual([
      "Up to 500 g",
      "Up to 1 kg",
      "Up to 2.5 kg",
      "Over 2.5 kg",
    ]);
    expect(bandLabels([])).toEqual(["Any weight"]);
    expect(weightText(1250)).toBe("1.25 kg");
  });
});

describe("the shipping form's rate table", () => {
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", "shipping");
    form.set("flatFeeCents", "20");
    form.set("freeThresholdCents", "200");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return checkForm(shippingForm, form);
  };

  it("reads bands, zones and fees, skipping empty rows", () => {
    const result = post({
      parcelPricing: "table",
      bandLimits: "500, 1000",
      elsewhereFees: "15, 19, 24.50",
      "zones.0.name": "Vancouver",
      "zones.0.prefixes": "v5, V6",
      "zones.0.fees": "7, 10, 14",
      "zones.1.name": "",
      "zones.1.prefixes": "",
      "zones.1.fees": "",
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        parcelPricing: "table",
        rateTable: {
          bandLimitsGrams: [500, 1000],
          zones: [{ name: "Vancouver", prefixes: ["V5", "V6"], feesCents: [700, 1000, 1400] }],
          elsewhereFeesCents: [1500, 1900, 2450],
        },
      },
    });
  });

  it("keeps the flat fee with no table, and refuses a table that does not add up", () => {
    expect(post({ parcelPricing: "flat" })).toMatchObject({ ok: true, data: { rateTable: null } });
    expect(post({ parcelPricing: "table", bandLimits: "1000, 500" })).toMatchObject({
      ok: false,
      errors: {
        bandLimits:
          "Weight bands must be up to 7 limits in whole grams from 1 to 30000, increasing, like 500, 1000, 2000",
      },
    });
    expect(
      post({
        parcelPricing: "table",
        bandLimits: "500",
        elsewhereFees: "15",
        "zones.0.name": "Toronto",
        "zones.0.prefixes": "M5V, 9Z",
        "zones.0.fees": "7, 10",
      }),
    ).toEqual({
      ok: false,
      errors: {
        elsewhereFees:
          "Everywhere else: give 2 fees, one per weight band, in dollars, like 9.50, 12.00",
        "zones.0.prefixes":
          "Toronto: postal-code prefixes are the first one to three characters of postal codes, like V, T2 or M5V",
      },
    });
  });
});
