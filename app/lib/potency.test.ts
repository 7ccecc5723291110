import { describe, expect, it } from "vitest";
import {
  NO_POTENCY,
  parseLegacyPotency,
  parsePotency,
  potencyBasis,
  potencyLabel,
  potencyMessage,
  missingPotency,
} from "./potency";

const values = (
  thc: number | null,
  cbd: number | null,
  totalThc: number | null = null,
  totalCbd: number | null = null,
) => ({
  thcTenths: thc,
  cbdTenths: cbd,
  totalThcTenths: totalThc,
  totalCbdTenths: totalCbd,
});

describe("potencyBasis", () => {
  it("measures the weighed kinds per gram, edibles and beverages per unit, seeds not at all", () => {
    expect(potencyBasis("dried")).toBe("gram");
    expect(potencyBasis("fresh")).toBe("gram");
    expect(potencyBasis("concentrate")).toBe("gram");
    expect(potencyBasis("edible")).toBe("unit");
    expect(potencyBasis("liquid")).toBe("unit");
    expect(potencyBasis("seeds")).toBeNull();
    expect(potencyBasis("none")).toBeNull();
  });
});

describe("parsePotency", () => {
  it("reads mg with at most one decimal, 0 to 1,000, in tenths", () => {
    expect(parsePotency("220")).toBe(2200);
    expect(parsePotency(" 0.5 ")).toBe(5);
    expect(parsePotency("0")).toBe(0);
    expect(parsePotency("1000")).toBe(10000);
    expect(parsePotency("")).toBeNull();
    expect(parsePotency(undefined)).toBeNull();
  });

  it("refuses what is not such a number", () => {
    for (const bad of ["1000.1", "1001", "-1", "0.55", "22%", "abc", "1e3", ".5"])
      expect(parsePotency(bad), bad).toBeUndefined();
  });

  it("names the value and the unit in its message", () => {
    expect(potencyMessage("THC", "gram")).toBe(
      "THC must be a number of mg/g from 0 to 1,000, like 220 or 0.5",
    );
    expect(potencyMessage("Total CBD", "unit")).toBe(
      "Total CBD must be a number of mg per unit from 0 to 1,000, like 220 or 0.5",
    );
  });
});

describe("potencyLabel", () => {
  it("reads per gram like a package, under 1 mg/g as <1", () => {
    expect(potencyLabel("dried", values(2200, 5))).toBe("THC 220 mg/g · CBD <1 mg/g");
    expect(potencyLabel("concentrate", values(7255, 0))).toBe("THC 725.5 mg/g · CBD 0 mg/g");
  });

  it("shows the totals when given, and leaves out what is not", () => {
    expect(potencyLabel("dried", values(10, 5, 2400, null))).toBe("THC 240 mg/g · CBD <1 mg/g");
    expect(potencyLabel("dried", values(2200, null))).toBe("THC 220 mg/g");
    expect(potencyLabel("dried", values(null, null, null, 80))).toBe("CBD 8 mg/g");
    expect(potencyLabel("dried", NO_POTENCY)).toBe("");
  });

  it("reads per unit, per piece with the package's THC for a size in pieces", () => {
    expect(potencyLabel("liquid", values(100, 0))).toBe("10 mg THC · 0 mg CBD per unit");
    expect(potencyLabel("edible", values(20, 0), { size: "5", sizeUnit: "pieces" })).toBe(
      "2 mg THC · 0 mg CBD per piece (10 mg THC in 5 pieces)",
    );
    expect(potencyLabel("edible", values(100, 5), { size: "1", sizeUnit: "pieces" })).toBe(
      "10 mg THC · 0.5 mg CBD per piece",
    );
    expect(potencyLabel("edible", values(100, null), { size: "1", sizeUnit: "pack" })).toBe(
      "10 mg THC per unit",
    );
  });

  it("shows nothing for seeds and what is not cannabis", () => {
    expect(potencyLabel("seeds", values(2200, 5))).toBe("");
    expect(potencyLabel("none", values(2200, 5))).toBe("");
  });
});

describe("parseLegacyPotency", () => {
  it("converts a plain percent (×10) or mg/g into tenths of mg/g", () => {
    expect(parseLegacyPotency("22%")).toBe(2200);
    expect(parseLegacyPotency("THC: 22 %")).toBe(2200);
    expect(parseLegacyPotency("22.5%")).toBe(2250);
    expect(parseLegacyPotency("cbd 0.5%")).toBe(50);
    expect(parseLegacyPotency("220 mg/g")).toBe(2200);
    expect(parseLegacyPotency("220mg/g")).toBe(2200);
  });

  it("does not guess ranges, words or impossible values", () => {
    for (const text of ["18-24%", "high", "", "22", "150%", "<1%", "22% THC", null])
      expect(parseLegacyPotency(text), String(text)).toBeNull();
  });
});

describe("missingPotency", () => {
  it("asks a product without sizes for THC or total THC, and CBD or total CBD", () => {
    expect(missingPotency("dried", values(2200, 5), [])).toEqual([]);
    expect(missingPotency("dried", values(null, null, 2400, 0), [])).toEqual([]);
    expect(missingPotency("dried", NO_POTENCY, [])).toEqual([
      {
        size: null,
        field: "thc",
        message:
          "Enter THC or Total THC (mg/g) to make this product active, or save it as a draft.",
      },
      {
        size: null,
        field: "cbd",
        message:
          "Enter CBD or Total CBD (mg/g) to make this product active, or save it as a draft.",
      },
    ]);
    expect(missingPotency("edible", values(100, null), [])).toEqual([
      {
        size: null,
        field: "cbd",
        message:
          "Enter CBD or Total CBD (mg per unit) to make this product active, or save it as a draft.",
      },
    ]);
  });

  it("asks every size instead when there are sizes (the product's own values are not read)", () => {
    const found = missingPotency("concentrate", values(2200, 5), [
      values(null, 5, 800),
      values(700, null),
    ]);
    expect(found.map(({ size, field }) => [size, field])).toEqual([[1, "cbd"]]);
  });

  it("asks nothing of seeds and what is not cannabis", () => {
    expect(missingPotency("seeds", NO_POTENCY, [])).toEqual([]);
    expect(missingPotency("none", NO_POTENCY, [NO_POTENCY])).toEqual([]);
  });
});
