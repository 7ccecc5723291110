import { describe, expect, it } from "vitest";
import { couponCodesNamed } from "./coupons";
import { newsletterTemplates, TEMPLATE_COUPONS, type TemplateCoupon } from "./newsletter-templates";

const coupon = (code: string, terms: Partial<TemplateCoupon> = {}): TemplateCoupon => ({
  code,
  type: "percentage",
  value: 20,
  minOrderCents: 0,
  ...terms,
});
const templates = (codes: readonly string[]) =>
  newsletterTemplates(
    "Budz Boutique",
    "https://shop.test",
    codes.map((code) => coupon(code)),
  );
const named = (codes: readonly string[]) =>
  templates(codes).flatMap((t) => [...couponCodesNamed(t.subject), ...couponCodesNamed(t.body)]);

describe("the newsletter Quick Templates", () => {
  it("name a coupon only when the store has it, active", () => {
    expect(named(["WELCOME20", "weekend25", "SAVE15"]).sort()).toEqual(["WEEKEND25", "WELCOME20"]);
    expect(named(["WELCOME20"])).toEqual(["WELCOME20"]);
    expect(named([])).toEqual([]);
    const [, sale] = templates([]);
    expect(sale).toMatchObject({ id: "sale", name: "Sale Promotion" });
    expect(sale!.body).not.toMatch(/\d+% off/);
  });

  it("never advertise WEEKEND20, which no coupon is", () => {
    const all = templates([...Object.values(TEMPLATE_COUPONS), "WEEKEND20"]);
    expect(JSON.stringify(all)).not.toContain("WEEKEND20");
    expect(all[1]!.body).toContain("code <strong>WEEKEND25</strong>");
  });

  it("word each offer from the coupon's own terms", () => {
    const [welcome, sale] = newsletterTemplates("Budz Boutique", "https://shop.test", [
      coupon("WELCOME20", { value: 15 }),
      coupon("WEEKEND25", { type: "fixed", value: 1000, minOrderCents: 6000 }),
    ]);
    expect(welcome!.body).toContain("<strong>15% off your first order</strong>");
    expect(sale!.subject).toBe("This weekend only: $10 off");
    expect(sale!.body).toContain("<strong>$10 off orders of $60 or more</strong>");
    expect(`${welcome!.body}${sale!.body}`).not.toMatch(/20%|25%|\$25/);
  });

  it("read the codes a text names", () => {
    expect(couponCodesNamed("Use code <strong>SAVE15</strong> or codes BULK50.")).toEqual([
      "SAVE15",
      "BULK50",
    ]);
    expect(couponCodesNamed("No code here, no code at checkout.")).toEqual([]);
  });
});
