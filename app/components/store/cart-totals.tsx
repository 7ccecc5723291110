import type { FulfilmentMethod } from "~/lib/fulfilment";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useMoney, useT } from "~/lib/i18n/use-locale";
import type { Totals } from "~/lib/pricing";
import type { TaxLine } from "~/lib/taxes";

/**
 * Subtotal, discount, shipping, sales taxes and total as the server computed them, with the
 * free-shipping nudge. `taxes` is null until the shipping province is known (then the total is
 * before tax and says so).
 */
export function CartTotals({
  totals,
  couponCode,
  taxes,
  method = null,
  feeAtCheckout = false,
}: {
  totals: Totals;
  couponCode?: string | null;
  taxes: TaxLine[] | null;
  /** The way to receive the order the totals are priced with, once known: names the fee. */
  method?: FulfilmentMethod | null;
  /** No parcels to the province: the fee is known once the address is (delivery or pickup). */
  feeAtCheckout?: boolean;
}) {
  const t = useT(checkoutPageMessages);
  const { money: formatMoney } = useMoney();
  // The free-shipping nudge (app/lib/pricing.ts freeShippingNudge), in the page's language.
  const nudge =
    totals.freeShippingRemainingCents > 0
      ? t("freeShippingNudge", { amount: formatMoney(totals.freeShippingRemainingCents) })
      : null;
  return (
    <div>
      {nudge ? (
        <p className="mb-3 rounded-lg bg-accent-400/15 px-3 py-2 text-sm font-medium text-amber-900">
          {nudge}
        </p>
      ) : null}
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-600">{t("subtotal")}</dt>
          <dd className="font-medium text-stone-900" data-testid="subtotal">
            {formatMoney(totals.subtotalCents)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-600">
            {couponCode ? t("discountWithCode", { code: couponCode }) : t("discount")}
          </dt>
          <dd
            className={totals.discountCents > 0 ? "font-medium text-brand-700" : "text-stone-900"}
            data-testid="discount"
          >
            {totals.discountCents > 0 ? `-${formatMoney(totals.discountCents)}` : formatMoney(0)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-600">
            {feeAtCheckout
              ? t("deliveryOrPickup")
              : method === "delivery"
                ? t("localDelivery")
                : method === "pickup"
                  ? t("pickup")
                  : t("shipping")}
          </dt>
          <dd className="font-medium text-stone-900" data-testid="shipping">
            {feeAtCheckout
              ? t("setByAddress")
              : totals.shippingCents === 0
                ? t("free")
                : formatMoney(totals.shippingCents)}
          </dd>
        </div>
        {taxes ? (
          taxes.map((line) => (
            <div key={line.kind} className="flex justify-between" data-testid="tax-line">
              <dt className="text-stone-600">{line.label}</dt>
              <dd className="font-medium text-stone-900">{formatMoney(line.amountCents)}</dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between">
            <dt className="text-stone-600">{t("taxes")}</dt>
            <dd className="text-stone-600" data-testid="taxes-note">
              {t("calculatedAtCheckout")}
            </dd>
          </div>
        )}
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base">
          <dt className="font-semibold text-stone-900">
            {feeAtCheckout ? t("totalBeforeDelivery") : t("total")}
          </dt>
          <dd className="font-bold text-stone-900" data-testid="total">
            {formatMoney(totals.totalCents)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
