import { describe, expect, it } from "vitest";
import { NO_POTENCY } from "~/lib/potency";
import { adminStockText } from "~/components/admin/badges";
import {
  defaultVariationId,
  listedPriceCents,
  sizeLabel,
  variationPrice,
  type ProductSummary,
} from "~/lib/product";
import { excerpt } from "~/lib/text";
import { ProductFormSchema, VariationSchema } from "~/schemas/product";

const product = (variations: { id: string; priceCents: number; stock: number }[]) =>
  ({
    id: "p",
    slug: "p",
    name: "P",
    category: "flowers",
    imageUrl: "",
    priceCents: 9900,
    stock: variations.reduce((sum, v) => sum + v.stock, 0) || 5,
    stockAlertLevel: 10,
    rating: 5,
    thcTenths: null,
    totalThcTenths: null,
    cbdTenths: null,
    totalCbdTenths: null,
    strain: null,
    cannabisKind: null,
    netAmountMilli: null,
    variations: variations.map((v) => ({
      ...v,
      size: "1",
      sizeUnit: "g",
      netAmountMilli: null,
      ...NO_POTENCY,
    })),
  }) satisfies ProductSummary;

describe("the size shown first and the listed price", () => {
  it("preselects the first size in stock, the first size when all are sold out", () => {
    const firstSoldOut = product([
      { id: "a", priceCents: 500, stock: 0 },
      { id: "b", priceCents: 1500, stock: 4 },
      { id: "c", priceCents: 2800, stock: 9 },
    ]);
    expect(defaultVariationId(firstSoldOut)).toBe("b");
    expect(variationPrice(firstSoldOut)).toBe(1500);
    const allIn = product([
      { id: "a", priceCents: 500, stock: 1 },
      { id: "b", priceCents: 1500, stock: 4 },
    ]);
    expect(defaultVariationId(allIn)).toBe("a");
    const allOut = product([
      { id: "a", priceCents: 500, stock: 0 },
      { id: "b", priceCents: 1500, stock: 0 },
    ]);
    expect(defaultVariationId(allOut)).toBe("a");
    expect(defaultVariationId(product([]))).toBeUndefined();
  });

  it("lists a product at the price its card shows before a size is picked", () => {
    expect(
      listedPriceCents(
        product([
          { id: "a", priceCents: 500, stock: 0 },
          { id: "b", priceCents: 1500, stock: 4 },
        ]),
      ),
    ).toBe(1500);
    expect(listedPriceCents(product([{ id: "a", priceCents: 700, stock: 0 }]))).toBe(700);
    // Without sizes: the product's selling price.
    expect(listedPriceCents(product([]))).toBe(9900);
  });
});

describe("one way to write a size", () => {
  it("sticks unit symbols to the number and spaces words", () => {
    expect(sizeLabel({ size: "1", sizeUnit: "g" })).toBe("1g");
    expect(sizeLabel({ size: "3.5", sizeUnit: "g" })).toBe("3.5g");
    expect(sizeLabel({ size: "1", sizeUnit: "oz" })).toBe("1oz");
    expect(sizeLabel({ size: "250", sizeUnit: "ml" })).toBe("250ml");
    expect(sizeLabel({ size: "10", sizeUnit: "pieces" })).toBe("10 pieces");
    expect(sizeLabel({ size: " 1 ", sizeUnit: "pack" })).toBe("1 pack");
  });
});

describe("selling prices are positive amounts", () => {
  const base = {
    name: "Blue Dream",
    sku: "SKU-BD-1",
    price: "40",
    costPrice: "24",
    category: "flowers",
    currentStock: "12",
    stockAlertLevel: "10",
    netAmount: "1",
    thc: "220",
    cbd: "1",
    description: "A hybrid.",
    image: "/images/abc.webp",
    thumbnails: [],
    variations: [],
  };
  const priceError = (price: string) =>
    ProductFormSchema.safeParse({ ...base, price }).error?.issues.find(
      (i) => i.path.join(".") === "price",
    )?.message;

  it("refuses a Selling Price that is not a positive amount", () => {
    for (const price of ["abc", "0", "0.00", "-5", "0.004"]) {
      expect(priceError(price), price).toBe("Selling Price must be greater than $0.00");
    }
    expect(priceError("")).toBe("Selling Price is required");
    expect(priceError("0.01")).toBeUndefined();
    expect(ProductFormSchema.parse({ ...base, price: "$1,234.5" }).price).toBe(123_450);
  });

  it("refuses a size priced at $0.00 or left without a price", () => {
    for (const price of ["", "0", "abc"]) {
      const result = VariationSchema.safeParse({ size: "1", unit: "g", price, stock: "1" });
      expect(result.error?.issues[0]?.message, price).toBe("Price must be greater than $0.00");
    }
    expect(VariationSchema.parse({ size: "1", unit: "g", price: "4.5", stock: "" }).price).toBe(
      450,
    );
  });

  it("lets a cost price be 0, but refuses a negative one or text, next to the field", () => {
    expect(ProductFormSchema.parse({ ...base, costPrice: "0" }).costPrice).toBe(0);
    const costError = (costPrice: string) =>
      ProductFormSchema.safeParse({ ...base, costPrice }).error?.issues.map((i) => [
        i.path.join("."),
        i.message,
      ]);
    expect(costError("-1")).toEqual([["costPrice", "Cost Price cannot be negative"]]);
    expect(costError("-0.50")).toEqual([["costPrice", "Cost Price cannot be negative"]]);
    expect(costError("abc")).toEqual([["costPrice", "Cost Price must be an amount such as 24.00"]]);
    expect(costError("")).toEqual([["costPrice", "Cost Price is required"]]);
  });

  it("asks for the product's own prices only when it has no sizes", () => {
    const sized = {
      ...base,
      price: "",
      costPrice: "",
      currentStock: undefined,
      variations: [
        { size: "3.5", unit: "g", price: "30", stock: "2", thc: "220", cbd: "1" },
        { size: "7", unit: "g", price: "55", stock: "1", thc: "220", cbd: "1" },
      ],
    };
    // Each size has its own price: the product's selling price is the first size's, no cost.
    expect(ProductFormSchema.parse(sized)).toMatchObject({ price: 3000, costPrice: 0 });
    expect(ProductFormSchema.parse({ ...sized, price: "28", costPrice: "15" })).toMatchObject({
      price: 2800,
      costPrice: 1500,
    });
    // What is typed is still checked.
    expect(
      ProductFormSchema.safeParse({ ...sized, costPrice: "-1" }).error?.issues[0]?.message,
    ).toBe("Cost Price cannot be negative");
    // Without sizes both are required, named together with every other missing field.
    const paths = ProductFormSchema.safeParse({
      ...base,
      name: "",
      price: "",
      costPrice: "",
    }).error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["name", "price", "costPrice"]);
  });
});

describe("small displays", () => {
  it("says a stock figure once, with its units, in detail views", () => {
    expect(adminStockText(88, 10, true)).toBe("88 units");
    expect(adminStockText(1, 10, true)).toBe("1 unit (Low Stock)");
    expect(adminStockText(0, 10, true)).toBe("Out of Stock");
    expect(adminStockText(88, 10)).toBe("88");
  });

  it("cuts a description on a word, with an ellipsis", () => {
    const text = "Hand-trimmed buds with notes of citrus and pine, slow cured for a smooth smoke.";
    const cut = excerpt(text, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toBe("Hand-trimmed buds with notes of citrus…");
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(excerpt("Short  text\nhere", 40)).toBe("Short text here");
    expect(excerpt("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
