import { computeTotals, type Totals } from "~/lib/pricing";
import { storeSettings } from "../settings/store-settings.server";
import type { CartLineInput } from "~/schemas/checkout";
import { checkCoupon } from "../marketing/coupons.server";
import type { CannabisSummary } from "~/lib/cannabis-limit";
import { lineProblem, resolveCartLines, type ResolvedLine } from "./cart-lines.server";
import type { ProvinceCode } from "~/lib/address";
import type { ProvinceRule, TaxLine } from "~/lib/taxes";
import { addProvinceTaxes } from "../taxes/taxes.server";
import { quoteCannabis } from "./cannabis-limit.server";

export interface CartQuote {
  lines: (ResolvedLine & { problem: string | null })[];
  totals: Totals;
  /** The promo code as checked now: applied (with its message) or refused with its message. */
  coupon: { code: string; applied: boolean; message: string } | null;
  /**
   * Once the shipping province is known: its rule (served, minimum age) and the tax lines, which
   * `totals.totalCents` then includes. Null before that ("Taxes calculated at checkout").
   */
  province: { rule: ProvinceRule; taxes: TaxLine[]; taxCents: number } | null;
  /** The 30 g limit: the cart's dried-cannabis equivalent, and why it cannot be ordered, if so. */
  cannabis: CannabisSummary;
}

/**
 * What the cart costs right now, by the server's prices and stock: the drawer and the checkout review
 * show this, never the prices stored in the browser. Lines that cannot be bought are left out of the
 * totals and carry the reason.
 */
export async function quoteCart(options: {
  lines: CartLineInput[];
  couponCode?: string;
  email?: string;
  province?: ProvinceCode;
  now?: Date;
}): Promise<CartQuote> {
  const resolved = await resolveCartLines(options.lines);
  const priced = resolved.filter((l) => l.status !== "unavailable");
  const { shipping } = await storeSettings();
  let totals = computeTotals(priced, null, shipping);
  let coupon: CartQuote["coupon"] = null;
  if (options.couponCode !== undefined) {
    const check = await checkCoupon({
      code: options.couponCode,
      subtotalCents: totals.subtotalCents,
      email: options.email,
      now: options.now,
    });
    coupon = { code: options.couponCode.trim(), applied: check.ok, message: check.message };
    if (check.ok) {
      coupon.code = check.coupon.code;
      totals = computeTotals(priced, check.coupon, shipping);
    }
  }
  let province: CartQuote["province"] = null;
  if (options.province) {
    const taxed = await addProvinceTaxes({
      totals,
      province: options.province,
      now: options.now ?? new Date(),
    });
    totals = taxed.totals;
    province = { rule: taxed.rule, taxes: taxed.lines, taxCents: taxed.totals.taxCents };
  }
  return {
    lines: resolved.map((l) => ({ ...l, problem: lineProblem(l) })),
    totals,
    coupon,
    province,
    cannabis: quoteCannabis(resolved),
  };
}
