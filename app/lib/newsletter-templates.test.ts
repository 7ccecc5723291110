import { describe, expect, it } from "vitest";
import { couponCodesNamed, newsletterTemplates, TEMPLATE_COUPONS } from "./newsletter-templates";

const named = (codes: readonly string[]) =>
  newsletterTemplates("Budz Boutique", "https://shop.test", codes).flatMap((t) => [
    ...couponCodesNamed(t.subject),
    ...couponCodesNamed(t.body),
  ]);

describe("the newsletter Quick Templates", () => {
  it("name a coupon only when the store has it, active", () => {
    expect(named(["WELCOME20", "weekend25", "SAVE15"]).sort()).toEqual(["WEEKEND25", "WELCOME20"]);
    expect(named(["WELCOME20"])).toEqual(["WELCOME20"]);
    expect(named([])).toEqual([]);
    const [, sale] = newsletterTemplates("Budz Boutique", "https://shop.test", []);
    expect(sale).toMatchObject({ id: "sale", name: "Sale Promotion" });
    expect(sale!.body).not.toMatch(/\d+% off/);
  });

  it("never advertise WEEKEND20, which no coupon is", () => {
    const all = newsletterTemplates("Budz Boutique", "https://shop.test", [
      ...Object.values(TEMPLATE_COUPONS),
      "WEEKEND20",
    ]);
    expect(JSON.stringify(all)).not.toContain("WEEKEND20");
    expect(all[1]!.body).toContain("code <strong>WEEKEND25</strong>");
  });

  it("read the codes a text names", () => {
    expect(couponCodesNamed("Use code <strong>SAVE15</strong> or codes BULK50.")).toEqual([
      "SAVE15",
      "BULK50",
    ]);
    expect(couponCodesNamed("No code here, no code at checkout.")).toEqual([]);
  });
});
