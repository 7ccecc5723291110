import { describe, expect, it } from "vitest";
import { checkForm } from "~/lib/form";
import { BULK_MESSAGES, bulkDoneMessage } from "~/lib/product-list";
import {
  bulkPriceForm,
  bulkStatusForm,
  parsePercent,
  ProductListQuerySchema,
} from "./product-list";

const ID = "4403f16d-70f4-4c2b-a529-25c824b653f2";

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("the Products list's bulk forms", () => {
  it("reads a percentage as staff type it, and refuses 0, -100 and beyond +1000", () => {
    expect(parsePercent("-10")).toBe(-10);
    expect(parsePercent("+5")).toBe(5);
    expect(parsePercent(" 7.5 % ")).toBe(7.5);
    expect(parsePercent("−12")).toBe(-12);
    for (const bad of ["", "0", "-100", "1001", "ten", "5.555", "1e3", undefined])
      expect(parsePercent(bad)).toBeNull();
  });

  it("needs ticked rows or the whole filter, and takes every ticked id", () => {
    expect(checkForm(bulkStatusForm, form([["scope", "selected"]]))).toEqual({
      ok: false,
      errors: { form: BULK_MESSAGES.empty },
    });
    expect(
      checkForm(
        bulkStatusForm,
        form([
          ["scope", "selected"],
          ["ids", ID],
          ["ids", ID.replace("4", "5")],
        ]),
      ),
    ).toMatchObject({ ok: true, data: { ids: [ID, ID.replace("4", "5")] } });
    expect(checkForm(bulkStatusForm, form([["scope", "filter"]]))).toMatchObject({ ok: true });
    expect(
      checkForm(
        bulkPriceForm,
        form([
          ["scope", "filter"],
          ["percent", "abc"],
        ]),
      ),
    ).toEqual({ ok: false, errors: { percent: BULK_MESSAGES.percent } });
  });

  it("keeps the list's stock filter and sort in the URL, falling back on nonsense", () => {
    expect(ProductListQuerySchema.parse({ stock: "out", sort: "stock-asc" })).toMatchObject({
      stock: "out",
      sort: "stock-asc",
      status: "active",
    });
    expect(ProductListQuerySchema.parse({ stock: "x", sort: "y" })).toMatchObject({
      stock: "all",
      sort: "newest",
    });
  });

  it("says in the toast how many products changed and how many already were so", () => {
    expect(bulkDoneMessage({ action: "archive" }, 3, 3)).toBe("3 products archived.");
    expect(bulkDoneMessage({ action: "unarchive" }, 3, 1)).toBe(
      "1 product unarchived (2 already active).",
    );
    expect(bulkDoneMessage({ action: "price", percent: 5 }, 1, 1)).toBe(
      "1 product repriced: raised by 5%.",
    );
  });
});
