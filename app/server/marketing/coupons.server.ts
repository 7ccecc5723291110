import { and, count, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { translator } from "~/lib/i18n/translate";
import { formatMoney } from "~/lib/money";
import type { CouponType } from "~/lib/pricing";
import { db, type Executor } from "../db.server";
import { couponRedemptions, coupons } from "../db-tables";

type CouponRow = typeof coupons.$inferSelect;

type CouponCheck =
  | { ok: true; coupon: CouponRow & { type: CouponType }; message: string }
  | { ok: false; message: string };

/** The promo code checks that need no database, in order; null when the coupon passes them. */
export function couponRuleFailure(
  coupon: CouponRow,
  { subtotalCents, now }: { subtotalCents: number; now: Date },
  locale: Locale = "en",
): string | null {
  const t = translator(checkoutPageMessages, locale);
  if (!coupon.isActive) return t("couponInactive");
  if (coupon.startDate && now < coupon.startDate) return t("couponNotYetValid");
  if (coupon.endDate && now > coupon.endDate) return t("couponExpired");
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return t("couponUsedUp");
  if (subtotalCents < coupon.minOrderCents)
    return t("couponMinimum", { amount: formatMoney(coupon.minOrderCents, locale) });
  return null;
}

/** The coupons checkout would take today (before its minimum-order and per-customer checks). */
export function listUsableCoupons(now: Date = new Date()) {
  return db()
    .select({
      code: coupons.code,
      type: sql<CouponType>`${coupons.type}`,
      value: coupons.value,
      minOrderCents: coupons.minOrderCents,
    })
    .from(coupons)
    .where(
      and(
        eq(coupons.isActive, true),
        or(isNull(coupons.startDate), lte(coupons.startDate, now)),
        or(isNull(coupons.endDate), gte(coupons.endDate, now)),
        or(isNull(coupons.maxUses), gt(coupons.maxUses, coupons.usedCount)),
      ),
    )
    .orderBy(coupons.code);
}

/** The coupons with these codes (any case), with what decides whether checkout takes them. */
export function findCouponsByCodes(codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db()
    .select({
      code: coupons.code,
      isActive: coupons.isActive,
      startDate: coupons.startDate,
      endDate: coupons.endDate,
      maxUses: coupons.maxUses,
      usedCount: coupons.usedCount,
    })
    .from(coupons)
    .where(
      inArray(
        sql`upper(${coupons.code})`,
        codes.map((code) => code.toUpperCase()),
      ),
    );
}

function findCouponByCode(executor: Executor, code: string, options: { lock?: boolean }) {
  const query = executor
    .select()
    .from(coupons)
    .where(eq(sql`lower(${coupons.code})`, code.toLowerCase()))
    .limit(1);
  return options.lock ? query.for("update") : query;
}

/** Orders this email already placed with the coupon (case-insensitive). */
async function countRedemptions(
  executor: Executor,
  couponId: string,
  email: string,
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(sql`lower(${couponRedemptions.email})`, email.toLowerCase()),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The promo code check (docs/product/cart-and-checkout.md#promo-codes), in its order and with its
 * messages. The per-customer limit is checked only once the email is known (at checkout). Pass
 * `lock` inside a transaction that will use the coupon: the row stays locked until commit, so
 * concurrent orders cannot both take its last use. The messages are in `locale` (the shopper's
 * page).
 */
export async function checkCoupon(options: {
  code: string | null | undefined;
  subtotalCents: number;
  email?: string;
  now?: Date;
  executor?: Executor;
  lock?: boolean;
  locale?: Locale;
}): Promise<CouponCheck> {
  const locale = options.locale ?? "en";
  const t = translator(checkoutPageMessages, locale);
  const executor = options.executor ?? db();
  const code = (options.code ?? "").trim();
  if (!code) return { ok: false, message: t("couponMissing") };
  if (code.length > 50) return { ok: false, message: t("couponInvalid") };
  const [coupon] = await findCouponByCode(executor, code, { lock: options.lock });
  if (!coupon) return { ok: false, message: t("couponInvalid") };
  const failure = couponRuleFailure(
    coupon,
    { subtotalCents: options.subtotalCents, now: options.now ?? new Date() },
    locale,
  );
  if (failure) return { ok: false, message: failure };
  if (options.email && coupon.perCustomerLimit !== null) {
    const used = await countRedemptions(executor, coupon.id, options.email);
    if (used >= coupon.perCustomerLimit) return { ok: false, message: t("couponAlreadyUsed") };
  }
  return {
    ok: true,
    coupon: coupon as CouponRow & { type: CouponType },
    message: t("couponApplied", { code: coupon.code }),
  };
}

/**
 * Takes one use of a coupon for an order, inside the order's transaction: a guarded increment (never
 * past max_uses) and a redemption row (what the per-customer limit counts). False when no use is left.
 */
export async function redeemCoupon(
  tx: Executor,
  { couponId, orderId, email }: { couponId: string; orderId: string; email: string },
): Promise<boolean> {
  const updated = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id });
  if (updated.length === 0) return false;
  await tx.insert(couponRedemptions).values({ couponId, orderId, email });
  return true;
}

/**
 * Gives back the coupon use an order took (the order was cancelled): its redemption row goes and the
 * use count comes down by exactly the rows removed, so calling it twice frees nothing twice.
 */
export async function releaseCouponUse(tx: Executor, orderId: string): Promise<number> {
  const removed = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of removed) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)`, updatedAt: new Date() })
      .where(eq(coupons.id, couponId));
  }
  return removed.length;
}
