import { describe, expect, it } from "vitest";
import {
  describeOrderEdit,
  editRefusal,
  linesText,
  orderEditChanges,
  type OrderSnapshot,
} from "./order-edit";

const address = {
  name: "Jane Doe",
  street: "123 Main St",
  city: "Victoria",
  province: "BC",
  postalCode: "V8W 1A1",
};

const before: OrderSnapshot = {
  lines: [
    { id: "a", productName: "Blue Dream", sizeLabel: "3.5g", quantity: 2, priceCents: 3000 },
    { id: "b", productName: "Mango Gummies", sizeLabel: null, quantity: 1, priceCents: 1250 },
  ],
  address,
  discountCents: 0,
  shippingCents: 2000,
  taxCents: 875,
  totalCents: 8475,
};

describe("the text of an order edit (its history entry)", () => {
  it("says each quantity changed, line removed and line added, then the amounts that followed", () => {
    const after: OrderSnapshot = {
      lines: [
        { ...before.lines[0]!, quantity: 1 },
        { id: "c", productName: "OG Kush", sizeLabel: "1g", quantity: 1, priceCents: 1200 },
      ],
      address,
      discountCents: 0,
      shippingCents: 2000,
      taxCents: 510,
      totalCents: 5210,
    };
    expect(describeOrderEdit(before, after)).toBe(
      "Qty of Blue Dream 3.5g 2 → 1; removed Mango Gummies × 1; added OG Kush 1g × 1 at $12.00; taxes $8.75 → $5.10; total $84.75 → $52.10",
    );
    expect(linesText(after.lines)).toBe("1 × Blue Dream 3.5g, 1 × OG Kush 1g");
  });

  it("names a new address (and the province it moves to), free shipping won or lost", () => {
    const after: OrderSnapshot = {
      ...before,
      lines: [{ ...before.lines[0]!, quantity: 8 }, before.lines[1]!],
      address: {
        ...address,
        street: "9 Rue Principale",
        city: "Gatineau",
        province: "QC",
        postalCode: "J8X 1A1",
      },
      shippingCents: 0,
      taxCents: 3000,
      totalCents: 28250,
    };
    expect(orderEditChanges(before, after)).toEqual([
      "Qty of Blue Dream 3.5g 2 → 8",
      "ship to Jane Doe, 9 Rue Principale, Gatineau, QC J8X 1A1 (British Columbia → Quebec)",
      "shipping $20.00 → FREE",
      "taxes $8.75 → $30.00",
      "total $84.75 → $282.50",
    ]);
  });

  it("is empty when nothing changed", () => {
    expect(describeOrderEdit(before, { ...before })).toBe("");
  });
});

describe("which orders can be edited", () => {
  it("only pending ones: a paid one is refunded instead, a cancelled one is done", () => {
    expect(editRefusal("BBS-00000007", "pending")).toBeNull();
    expect(editRefusal("BBS-00000007", "paid")).toBe(
      "Order BBS-00000007 is Paid. Paid orders can't be edited; refund instead.",
    );
    expect(editRefusal("BBS-00000007", "shipped")).toMatch(/refund instead/);
    expect(editRefusal("BBS-00000007", "cancelled")).toMatch(/cancelled order can't be edited/);
  });
});
