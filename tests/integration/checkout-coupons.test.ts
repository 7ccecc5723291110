import { beforeEach, describe, expect, it } from "vitest";
import { checkCoupon } from "~/server/marketing/coupons.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createCoupon, createProduct } from "./checkout-factories";

const now = new Date("2026-07-15T12:00:00Z");
const lastYear = new Date("2025-01-01T00:00:00Z");
const nextYear = new Date("2027-12-31T00:00:00Z");

beforeEach(resetDatabase);

async function message(code: string | undefined, subtotalCents = 10000, email?: string) {
  return (await checkCoupon({ code, subtotalCents, email, now })).message;
}

describe("checkCoupon: the promo code checks in order with their messages", () => {
  it("asks for a code when blank", async () => {
    expect(await message(undefined)).toBe("Please enter a coupon code");
    expect(await message("   ")).toBe("Please enter a coupon code");
  });

  it("refuses an unknown code", async () => {
    expect(await message("NOPE")).toBe("Invalid coupon code");
  });

  it("matches codes case-insensitively and names the code on success", async () => {
    await createCoupon({ code: "SAVE15", value: 15, startDate: lastYear, endDate: nextYear });
    const check = await checkCoupon({ code: " save15 ", subtotalCents: 10000, now });
    expect(check).toMatchObject({ ok: true, message: 'Coupon "SAVE15" applied successfully!' });
  });

  it("checks active, then start, then end, then uses, then minimum", async () => {
    // Every rule fails here: the first in the product's order wins, and fixing it reveals the next.
    const failing = {
      isActive: false,
      startDate: nextYear,
      endDate: lastYear,
      maxUses: 5,
      usedCount: 5,
      minOrderCents: 50000,
    };
    await createCoupon({ code: "A", ...failing });
    await createCoupon({ code: "B", ...failing, isActive: true });
    await createCoupon({ code: "C", ...failing, isActive: true, startDate: lastYear });
    await createCoupon({
      code: "D",
      ...failing,
      isActive: true,
      startDate: lastYear,
      endDate: nextYear,
    });
    await createCoupon({
      code: "E",
      ...failing,
      isActive: true,
      startDate: lastYear,
      endDate: nextYear,
      usedCount: 4,
    });
    expect(await message("a")).toBe("This coupon is no longer active");
    expect(await message("b")).toBe("This coupon is not yet valid");
    expect(await message("c")).toBe("This coupon has expired");
    expect(await message("d")).toBe("This coupon has reached its usage limit");
    expect(await message("e")).toBe("Minimum order of $500.00 required for this coupon");
    expect(await message("e", 50000)).toBe('Coupon "E" applied successfully!');
  });

  it("treats a missing start, end or maximum as open", async () => {
    await createCoupon({ code: "OPEN", usedCount: 1000 });
    expect(await message("OPEN", 1)).toBe('Coupon "OPEN" applied successfully!');
  });

  it("counts the per-customer limit by email from recorded redemptions", async () => {
    await createCoupon({ code: "WELCOME20", value: 20, perCustomerLimit: 1, minOrderCents: 5000 });
    const { id } = await createProduct({ priceCents: 6000, stock: 5 });
    expect(await message("WELCOME20", 6000, "jane@example.com")).toBe(
      'Coupon "WELCOME20" applied successfully!',
    );
    const placed = await placeOrder(
      checkoutInput([{ id: id(), quantity: 1 }], { couponCode: "welcome20" }),
    );
    expect(placed.ok).toBe(true);
    expect(await message("WELCOME20", 6000, "JANE@example.com")).toBe(
      "You have already used this coupon",
    );
    // Another shopper, or the same one before giving an email, may still use it.
    expect(await message("WELCOME20", 6000, "sam@example.com")).toBe(
      'Coupon "WELCOME20" applied successfully!',
    );
    expect(await message("WELCOME20", 6000)).toBe('Coupon "WELCOME20" applied successfully!');
  });
});
