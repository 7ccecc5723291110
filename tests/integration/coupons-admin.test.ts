import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dayOf } from "~/lib/coupons";
import { CouponFormSchema, type CouponInput } from "~/schemas/coupons";
import { db } from "~/server/db.server";
import {
  COUPON_STALE,
  createCoupon,
  deleteCoupon,
  setCouponActive,
  updateCoupon,
  USED_COUPON_LOCKED,
} from "~/server/marketing/coupon-admin.server";
import { getAdminCoupon } from "~/server/marketing/coupon-list.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { announcements, coupons } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

const TZ = "America/Vancouver";
const today = dayOf(new Date(), TZ);

/** A coupon form as the action parses it. */
function form(fields: Record<string, string> = {}): CouponInput {
  return CouponFormSchema.parse({
    code: "SAVE10",
    description: "10% off",
    type: "percentage",
    value: "10",
    startDate: today,
    isActive: "on",
    ...fields,
  });
}

async function created(fields: Record<string, string> = {}) {
  const result = await createCoupon(form(fields));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return (await getAdminCoupon(result.id))!;
}

/** Places a real order with the coupon (as checkout does) and returns its id. */
async function orderWith(code: string, email = "jane@example.com") {
  const { id } = await createProduct({ priceCents: 6000, stock: 5 });
  const placed = await placeOrder(
    checkoutInput([{ id: id(), quantity: 1 }], { couponCode: code, email }),
  );
  if (!placed.ok) throw new Error(placed.message);
  return placed.order.id;
}

beforeEach(resetDatabase);

describe("creating coupons", () => {
  it("stores the form: code upper-cased, dates as the store's day bounds", async () => {
    const coupon = await created({
      code: "summer25",
      type: "fixed",
      value: "12.50",
      minOrder: "50",
      maxUses: "100",
      perCustomerLimit: "1",
      startDate: "2026-06-01",
      endDate: "2026-08-31",
    });
    expect(coupon).toMatchObject({
      code: "SUMMER25",
      type: "fixed",
      value: 1250,
      minOrderCents: 5000,
      maxUses: 100,
      perCustomerLimit: 1,
      usedCount: 0,
      used: false,
      revision: 0,
    });
    expect(coupon.startDate!.toISOString()).toBe("2026-06-01T07:00:00.000Z");
    expect(coupon.endDate!.toISOString()).toBe("2026-09-01T06:59:59.999Z");
  });

  it("refuses a code that exists in another case, with a field message", async () => {
    await created({ code: "WELCOME20" });
    const again = await createCoupon(form({ code: "welcome20" }));
    expect(again).toEqual({
      ok: false,
      status: 409,
      errors: { code: expect.stringMatching(/WELCOME20 already exists/) },
    });
  });

  it("lets exactly one of two concurrent saves of the same code through", async () => {
    const results = await Promise.all([
      createCoupon(form({ code: "RACE" })),
      createCoupon(form({ code: "race" })),
      createCoupon(form({ code: "Race" })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(r).toMatchObject({ status: 409, errors: { code: expect.stringMatching(/exists/) } });
    expect(await db().select().from(coupons)).toHaveLength(1);
  });
});

describe("editing coupons", () => {
  it("saves an unused coupon's every field and moves the announcement to the new code", async () => {
    const coupon = await created({ code: "OLD" });
    await db().insert(announcements).values({ name: "main", message: "Hi", couponCode: "old" });
    const saved = await updateCoupon(
      coupon.id,
      form({ code: "NEW", type: "fixed", value: "5", revision: "0" }),
    );
    expect(saved).toEqual({ ok: true, id: coupon.id, code: "NEW" });
    expect(await getAdminCoupon(coupon.id)).toMatchObject({
      code: "NEW",
      type: "fixed",
      value: 500,
      revision: 1,
    });
    const [bar] = await db().select().from(announcements);
    expect(bar!.couponCode).toBe("NEW");
  });

  it("refuses a form opened before someone else's save (revision), changing nothing", async () => {
    const coupon = await created();
    expect((await updateCoupon(coupon.id, form({ value: "15", revision: "0" }))).ok).toBe(true);
    const stale = await updateCoupon(coupon.id, form({ value: "50", revision: "0" }));
    expect(stale).toEqual({ ok: false, status: 409, errors: { form: COUPON_STALE } });
    expect((await getAdminCoupon(coupon.id))!.value).toBe(15);
  });

  it("locks a used coupon's code and type, but lets it be deactivated, ended or re-valued", async () => {
    const coupon = await created({ code: "USED", maxUses: "10" });
    await orderWith("USED");
    const used = (await getAdminCoupon(coupon.id))!;
    expect(used).toMatchObject({ used: true, usedCount: 1 });
    const rev = String(used.revision);

    expect(await updateCoupon(coupon.id, form({ code: "RENAMED", revision: rev }))).toEqual({
      ok: false,
      status: 409,
      errors: { code: USED_COUPON_LOCKED },
    });
    expect(
      await updateCoupon(coupon.id, form({ code: "USED", type: "fixed", revision: rev })),
    ).toMatchObject({
      status: 409,
      errors: { type: USED_COUPON_LOCKED },
    });
    // Same code in another case is no change; value, dates and the switch may change.
    const ended = await updateCoupon(
      coupon.id,
      form({ code: "used", value: "30", endDate: today, isActive: "", revision: rev }),
    );
    expect(ended.ok).toBe(true);
    expect(await getAdminCoupon(coupon.id)).toMatchObject({
      code: "USED",
      value: 30,
      isActive: false,
    });
  });

  it("keeps max uses at or above the uses already made", async () => {
    const coupon = await created({ code: "FEW", maxUses: "5" });
    await orderWith("FEW", "a@example.com");
    await orderWith("FEW", "b@example.com");
    const result = await updateCoupon(coupon.id, form({ code: "FEW", maxUses: "1" }));
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: { maxUses: expect.stringMatching(/already been used 2 times/) },
    });
  });

  it("answers an unknown coupon with 404", async () => {
    expect(await updateCoupon("not-an-id", form())).toMatchObject({ status: 404 });
    expect(await updateCoupon(crypto.randomUUID(), form())).toMatchObject({ status: 404 });
  });
});

describe("deleting and switching off", () => {
  it("deletes an unused coupon (and clears it from the announcement) but not a used one", async () => {
    const unused = await created({ code: "GONE" });
    await db().insert(announcements).values({ name: "main", message: "Hi", couponCode: "GONE" });
    expect(await deleteCoupon(unused.id)).toEqual({ ok: true, code: "GONE" });
    expect(await getAdminCoupon(unused.id)).toBeUndefined();
    expect((await db().select().from(announcements))[0]!.couponCode).toBeNull();

    const used = await created({ code: "KEPT" });
    const orderId = await orderWith("KEPT");
    // Cancelling gives the use back, but the order still names the coupon: still not deletable.
    const cancel = await changeOrderStatus({
      orderId,
      expectedStatus: "pending",
      change: { to: "cancelled", reason: "Test" },
      actor: "test",
    });
    expect(cancel.ok).toBe(true);
    expect((await getAdminCoupon(used.id))!.usedCount).toBe(0);
    expect(await deleteCoupon(used.id)).toMatchObject({ ok: false, status: 409 });
    expect(await deleteCoupon(crypto.randomUUID())).toMatchObject({ ok: false, status: 404 });
  });

  it("checkout follows each change at once: deactivated, minimum raised, back on", async () => {
    await created({ code: "LIVE" });
    const coupon = (await db().select().from(coupons))[0]!;
    const { id } = await createProduct({ priceCents: 6000, stock: 5 });
    const quote = () => quoteCart({ lines: [{ id: id(), quantity: 1 }], couponCode: "live" });
    expect((await quote()).coupon).toMatchObject({ applied: true });

    await setCouponActive(coupon.id, false);
    expect((await quote()).coupon).toEqual({
      code: "live",
      applied: false,
      message: "This coupon is no longer active",
    });
    const placed = await placeOrder(
      checkoutInput([{ id: id(), quantity: 1 }], { couponCode: "LIVE" }),
    );
    expect(placed).toMatchObject({ ok: false });

    await setCouponActive(coupon.id, true);
    const current = (await getAdminCoupon(coupon.id))!;
    await updateCoupon(
      coupon.id,
      form({ code: "LIVE", minOrder: "75", revision: String(current.revision) }),
    );
    expect((await quote()).coupon?.message).toBe(
      "Minimum order of $75.00 required for this coupon",
    );
    await updateCoupon(coupon.id, form({ code: "LIVE", minOrder: "60" }));
    expect((await quote()).coupon).toMatchObject({ applied: true });
    expect((await quote()).totals.discountCents).toBe(600);
  });

  it("records every admin change in the revision, never an order's use", async () => {
    const coupon = await created({ code: "REV" });
    await setCouponActive(coupon.id, false);
    await setCouponActive(coupon.id, true);
    await orderWith("REV");
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ revision: 2, usedCount: 1 });
  });
});
