import { describe, expect, it } from "vitest";
import { countText, nounFor } from "./text";

describe("counts and their nouns", () => {
  it("writes one thing in the singular and every other count in the plural", () => {
    expect(countText(1, "admin")).toBe("1 admin");
    expect(countText(0, "coupon")).toBe("0 coupons");
    expect(countText(12_500, "order")).toBe("12,500 orders");
    expect(nounFor(1, "customer")).toBe("customer");
  });

  it("takes both forms of a noun whose plural is not an added s", () => {
    const noun = ["province or territory", "provinces and territories"] as const;
    expect(countText(1, noun)).toBe("1 province or territory");
    expect(countText(13, noun)).toBe("13 provinces and territories");
  });
});
