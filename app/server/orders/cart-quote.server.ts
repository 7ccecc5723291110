import { computeTotals, fixedFee, type CouponTerms, type Totals } from "~/lib/pricing";
import { storeSettings } from "../settings/store-settings.server";
import type { CartLineInput } from "~/schemas/checkout";
import { checkCoupon } from "../marketing/coupons.server";
import type { CannabisSummary } from "~/lib/cannabis-limit";
import {
  lineProblem,
  linesParcelGrams,
  resolveCartLines,
  type ResolvedLine,
} from "./cart-lines.server";
import { postalCodeMatchesProvince, type ProvinceCode } from "~/lib/address";
import { provinceMethods, type FulfilmentMethod } from "~/lib/fulfilment";
import { fulfilmentChoices, type FulfilmentChoices } from "../fulfilment/choices.server";
import { taxLineLabel, type ProvinceRule, type TaxLine } from "~/lib/taxes";
import { applyProvinceTaxes, readProvinceTaxSetup } from "../taxes/taxes.server";
import { quoteCannabis } from "./cannabis-limit.server";
import { quoteParcel } from "../canada-post/live-rates.server";
import type { Locale } from "~/lib/i18n/locale";

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
  /**
   * Once the province and postal code are known: the ways to receive the order there, and the one
   * the totals are priced with (the one asked for, else the first that can be chosen).
   */
  fulfilment:
    (FulfilmentChoices & { method: FulfilmentMethod | null; choice: string | null }) | null;
  /**
   * The province is known but not the address, and it gets no parcels (Ontario): the fee waits for
   * the postal code (a delivery zone's, or pickup's), so the totals carry none yet.
   */
  feeAtCheckout: boolean;
}

/**
 * What the cart costs right now, by the server's prices and stock: the drawer and the checkout review
 * show this, never the prices stored in the browser. Lines that cannot be bought are left out of the
 * totals and carry the reason. Names and messages are in `locale` (the shopper's page).
 */
export async function quoteCart(options: {
  lines: CartLineInput[];
  couponCode?: string;
  email?: string;
  province?: ProvinceCode;
  /** A normalised postal code of the province, and the option the shopper chose ("parcel:DOM.EP"). */
  postalCode?: string;
  method?: string;
  now?: Date;
  locale?: Locale;
}): Promise<CartQuote> {
  const now = options.now ?? new Date();
  const locale = options.locale ?? "en";
  const resolved = await resolveCartLines(options.lines, undefined, locale);
  const priced = resolved.filter((l) => l.status !== "unavailable");
  const settings = await storeSettings();
  const { shipping } = settings;
  let totals = computeTotals(priced, null, shipping);
  let couponTerms: CouponTerms | null = null;
  let coupon: CartQuote["coupon"] = null;
  if (options.couponCode !== undefined) {
    const check = await checkCoupon({
      code: options.couponCode,
      subtotalCents: totals.subtotalCents,
      email: options.email,
      now,
      locale,
    });
    coupon = { code: options.couponCode.trim(), applied: check.ok, message: check.message };
    if (check.ok) {
      coupon.code = check.coupon.code;
      couponTerms = check.coupon;
      totals = computeTotals(priced, couponTerms, shipping);
    }
  }
  let province: CartQuote["province"] = null;
  let fulfilment: CartQuote["fulfilment"] = null;
  let feeAtCheckout = false;
  if (options.province) {
    const setup = await readProvinceTaxSetup(options.province);
    const offered = offeredMethods(setup.rule, settings);
    const postalCode = options.postalCode;
    if (postalCode && postalCodeMatchesProvince(postalCode, options.province)) {
      const parcelGrams = linesParcelGrams(priced);
      const choices = await fulfilmentChoices({
        rule: setup.rule,
        postalCode,
        goodsCents: totals.subtotalCents - totals.discountCents,
        parcelGrams,
        parcelQuote: offered.includes("parcel")
          ? await quoteParcel(postalCode, parcelGrams, { now })
          : undefined,
        settings,
        now,
        locale,
      });
      const choosable = choices.options.filter((o) => !o.unavailable);
      const chosen =
        choosable.find((o) => o.choice === options.method) ??
        choosable.find((o) => o.method === options.method) ??
        choosable[0] ??
        null;
      fulfilment = { ...choices, method: chosen?.method ?? null, choice: chosen?.choice ?? null };
      if (chosen) totals = computeTotals(priced, couponTerms, chosen.rates);
    } else if (offered.length > 0 && !offered.includes("parcel")) {
      // The province gets no parcels (its law, the owner's choice or Settings) but local delivery
      // or pickup may reach it: the fee waits for the address. Where nothing reaches it (Quebec),
      // checkout says so once the address is in.
      feeAtCheckout = true;
      totals = computeTotals(priced, couponTerms, fixedFee(0));
    }
    const taxed = applyProvinceTaxes(setup, totals, now);
    totals = taxed.totals;
    // The tax lines' labels in the page's language ("TPS 5 %" on a French page).
    const taxes = taxed.lines.map((line) => ({ ...line, label: taxLineLabel(line, locale) }));
    province = { rule: taxed.rule, taxes, taxCents: taxed.totals.taxCents };
  }
  return {
    lines: resolved.map((l) => ({ ...l, problem: lineProblem(l, undefined, locale) })),
    totals,
    coupon,
    province,
    cannabis: quoteCannabis(resolved, locale),
    fulfilment,
    feeAtCheckout,
  };
}

/** The methods Settings turn on that the province allows (none where the store does not ship). */
function offeredMethods(
  rule: ProvinceRule,
  settings: { fulfilment: { parcel: boolean; delivery: boolean; pickup: boolean } },
) {
  if (!rule.ships) return [];
  return provinceMethods(rule.province, rule.methods).filter(
    (method) => settings.fulfilment[method],
  );
}
