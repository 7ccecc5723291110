import { describe, expect, it } from "vitest";
import {
  CANNABIS_LIMIT_MG,
  driedEquivalentMg,
  formatGrams,
  meterText,
  refuseAddition,
  resolveKind,
  sizeAmountMilli,
  summarizeCannabis,
  unitDriedMg,
} from "./cannabis-limit";
import { ProductFormSchema } from "~/schemas/product";

describe("driedEquivalentMg: Schedule 3's equivalences", () => {
  it("dried: 1 g is 1 g", () => {
    expect(driedEquivalentMg("dried", 1000)).toBe(1000);
    expect(driedEquivalentMg("dried", 3500)).toBe(3500);
  });
  it("fresh: 5 g is 1 g", () => {
    expect(driedEquivalentMg("fresh", 5000)).toBe(1000);
    expect(driedEquivalentMg("fresh", 150_000)).toBe(30_000);
  });
  it("edibles: 15 g is 1 g, rounded up to the milligram", () => {
    expect(driedEquivalentMg("edible", 15_000)).toBe(1000);
    expect(driedEquivalentMg("edible", 100_000)).toBe(6667); // 6,666.67 mg
  });
  it("liquids: 70 g is 1 g", () => {
    expect(driedEquivalentMg("liquid", 70_000)).toBe(1000);
    expect(driedEquivalentMg("liquid", 355_000)).toBe(5072); // a 355 ml can: 5,071.4 mg
  });
  it("concentrates: 0.25 g is 1 g", () => {
    expect(driedEquivalentMg("concentrate", 250)).toBe(1000);
    expect(driedEquivalentMg("concentrate", 1000)).toBe(4000);
    expect(driedEquivalentMg("concentrate", 7500)).toBe(30_000);
  });
  it("seeds: 1 seed is 1 g", () => {
    expect(driedEquivalentMg("seeds", 1000)).toBe(1000);
    expect(driedEquivalentMg("seeds", 10_000)).toBe(10_000);
  });
  it("not cannabis counts 0", () => {
    expect(driedEquivalentMg("none", 500_000)).toBe(0);
  });
});

describe("sizeAmountMilli", () => {
  it("reads grams, millilitres and ounces from the size", () => {
    expect(sizeAmountMilli("dried", { size: "3.5", sizeUnit: "g" })).toBe(3500);
    expect(sizeAmountMilli("dried", { size: " 28 ", sizeUnit: "g" })).toBe(28_000);
    expect(sizeAmountMilli("liquid", { size: "355", sizeUnit: "ml" })).toBe(355_000);
    expect(sizeAmountMilli("dried", { size: "1", sizeUnit: "oz" })).toBe(28_350);
    expect(sizeAmountMilli("dried", { size: "0.125", sizeUnit: "g" })).toBe(125);
  });
  it("counts pieces of seeds, and knows nothing of other pieces and packs", () => {
    expect(sizeAmountMilli("seeds", { size: "10", sizeUnit: "pieces" })).toBe(10_000);
    expect(sizeAmountMilli("seeds", { size: "1", sizeUnit: "pack" })).toBeNull();
    expect(sizeAmountMilli("edible", { size: "10", sizeUnit: "pieces" })).toBeNull();
    expect(sizeAmountMilli("edible", { size: "1", sizeUnit: "pack" })).toBeNull();
  });
  it("refuses sizes that are not plain numbers", () => {
    expect(sizeAmountMilli("dried", { size: "3.5-7", sizeUnit: "g" })).toBeNull();
    expect(sizeAmountMilli("dried", { size: "1.2345", sizeUnit: "g" })).toBeNull();
  });
});

describe("unitDriedMg", () => {
  const flower = { category: "flowers", cannabisKind: null, netAmountMilli: null };
  it("uses the category's kind when the product has none", () => {
    expect(resolveKind(flower)).toBe("dried");
    expect(resolveKind({ category: "vapes", cannabisKind: null })).toBe("concentrate");
    expect(resolveKind({ category: "mushrooms", cannabisKind: null })).toBe("none");
    expect(resolveKind({ category: "flowers", cannabisKind: "fresh" })).toBe("fresh");
  });
  it("a size's entered amount wins over what it states", () => {
    expect(unitDriedMg(flower, { size: "3.5", sizeUnit: "g", netAmountMilli: null })).toBe(3500);
    const gummies = { category: "edibles", cannabisKind: "edible", netAmountMilli: null };
    expect(unitDriedMg(gummies, { size: "10", sizeUnit: "pieces", netAmountMilli: 40_000 })).toBe(
      2667,
    );
    expect(
      unitDriedMg(gummies, { size: "10", sizeUnit: "pieces", netAmountMilli: null }),
    ).toBeNull();
  });
  it("a product without sizes uses its own amount; not cannabis is always 0", () => {
    expect(unitDriedMg({ ...flower, netAmountMilli: 1000 })).toBe(1000);
    expect(unitDriedMg(flower)).toBeNull();
    expect(unitDriedMg({ category: "mushrooms", cannabisKind: null, netAmountMilli: null })).toBe(
      0,
    );
  });
});

describe("meter and messages", () => {
  it("formats grams rounded up to the hundredth", () => {
    expect(formatGrams(12_500)).toBe("12.5 g");
    expect(formatGrams(30_000)).toBe("30 g");
    expect(formatGrams(6667)).toBe("6.67 g");
    expect(formatGrams(30_001)).toBe("30.01 g");
    expect(formatGrams(0)).toBe("0 g");
    expect(meterText(12_500)).toBe("12.5 g of 30 g");
  });
  it("summarizes lines: within, over, unmeasured", () => {
    expect(summarizeCannabis([{ name: "A", quantity: 2, driedMg: 7000 }])).toEqual({
      totalMg: 14_000,
      limitMg: CANNABIS_LIMIT_MG,
      message: null,
    });
    expect(summarizeCannabis([{ name: "A", quantity: 5, driedMg: 7000 }]).message).toBe(
      "Your cart holds 35 g of dried cannabis or its equivalent, over the legal limit of 30 g per order. Please lower a quantity or remove an item.",
    );
    expect(summarizeCannabis([{ name: "A", quantity: 30, driedMg: 1000 }]).message).toBeNull();
    expect(
      summarizeCannabis([{ name: "Gummies (10 pieces)", quantity: 1, driedMg: null }]).message,
    ).toBe(
      "Sorry, Gummies (10 pieces) can't be ordered yet: its cannabis amount is not set. Please remove it from your cart.",
    );
  });
  it("refuses an addition past the limit, exactly at it is fine", () => {
    const cart = [{ id: "a", quantity: 4, driedMg: 7000 }];
    expect(refuseAddition(cart, { id: "b", name: "B", quantity: 2, driedMg: 1000 })).toBeNull();
    expect(refuseAddition(cart, { id: "b", name: "B (3.5g)", quantity: 1, driedMg: 3500 })).toBe(
      "Sorry, we can't add B (3.5g): an order can hold at most 30 g of dried cannabis or its equivalent, and this would make it 31.5 g.",
    );
    expect(refuseAddition(cart, { id: "c", name: "Mug", quantity: 9, driedMg: 0 })).toBeNull();
  });
});

describe("the product form's cannabis fields", () => {
  const base = {
    name: "Gummies",
    sku: "SKU-G-1",
    price: "20",
    costPrice: "12",
    category: "edibles",
    currentStock: "5",
    stockAlertLevel: "10",
    thc: "10",
    cbd: "0",
    description: "Ten gummies.",
    image: "/images/abc.webp",
    thumbnails: [],
    variations: [],
  };
  const issues = (extra: Record<string, unknown>) =>
    ProductFormSchema.safeParse({ ...base, ...extra }).error?.issues.map((i) => [
      i.path.join("."),
      i.message,
    ]);

  it("takes the category's kind by default and keeps the amount in thousandths", () => {
    const parsed = ProductFormSchema.parse({ ...base, netAmount: "45.5" });
    expect(parsed).toMatchObject({ cannabisKind: "edible", netAmount: 45_500 });
    const tea = ProductFormSchema.parse({ ...base, category: "mushrooms" });
    expect(tea).toMatchObject({ cannabisKind: "none", netAmount: null });
  });
  it("asks for the amount of cannabis units that do not state it", () => {
    expect(issues({})).toEqual([
      ["netAmount", "Net amount is required: enter how many grams one unit holds"],
    ]);
    expect(
      issues({
        variations: [{ size: "10", unit: "pieces", price: "20", stock: "1", thc: "1", cbd: "0" }],
      }),
    ).toEqual([
      [
        "variations.0.netAmount",
        "Net amount is required: enter how many grams one 10 pieces holds",
      ],
    ]);
    expect(
      issues({
        cannabisKind: "seeds",
        variations: [{ size: "1", unit: "pack", price: "20", stock: "1" }],
      }),
    ).toEqual([
      ["variations.0.netAmount", "Net amount is required: enter how many seeds one 1 pack holds"],
    ]);
    expect(
      issues({
        category: "flowers",
        variations: [{ size: "3.5", unit: "g", price: "20", stock: "1", thc: "220", cbd: "1" }],
      }),
    ).toBeUndefined();
    expect(issues({ netAmount: "abc" })?.[0]?.[1]).toBe(
      "Net amount must be a number such as 3.5 (up to 3 decimals)",
    );
  });
});
