import { CannabisMeter } from "~/components/store/cannabis-meter";
import { CartTotals } from "~/components/store/cart-totals";
import { PromoCodeField } from "~/components/store/promo-code-field";
import { pricedLine, quoteTotals, type CartQuote } from "~/components/store/use-cart-quote";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { CartItem } from "~/lib/cart";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useMoney, useT } from "~/lib/i18n/use-locale";

export const PROMO_CODE_ID = "promo-code";
export const CART_ERROR_ID = "cart-error";

/**
 * Checkout's order summary: the lines as the server priced them, the 30 g meter, the promo code
 * and the totals (with the province's taxes once it is chosen).
 */
export function CheckoutSummary({
  cart,
  quote,
  failed,
  cartError,
  appliedCode,
  couponRefusal,
  onApplyCoupon,
  province,
}: {
  cart: CartItem[];
  quote: CartQuote | null;
  failed: boolean;
  /** The server's refusal of the cart when the order was placed. */
  cartError: string | undefined;
  appliedCode: string | null;
  couponRefusal: string | undefined;
  onApplyCoupon: () => void;
  province: string;
}) {
  const t = useT(checkoutPageMessages);
  const { money } = useMoney();
  const problems = quote?.lines.filter((l) => l.problem) ?? [];
  const totals = quote ? quoteTotals(quote, appliedCode) : null;
  const taxes = quote?.province?.rule.province === province ? quote.province.taxes : null;
  return (
    <aside
      aria-labelledby="summary-title"
      className="order-first lg:sticky lg:top-24 lg:order-none lg:self-start"
    >
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="summary-title" className="text-lg font-semibold text-stone-900">
          {t("orderSummary")}
        </h2>
        {cartError ? (
          <p
            id={CART_ERROR_ID}
            role="alert"
            className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {cartError}
          </p>
        ) : null}
        {problems.length > 0 && !cartError ? (
          <ul
            role="alert"
            className="mt-3 space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {problems.map((l) => (
              <li key={l.id}>{l.problem}</li>
            ))}
          </ul>
        ) : null}
        <ul className="mt-4 divide-y divide-stone-100" aria-label={t("items")}>
          {cart.map((item) => {
            const line = quote?.lines.find((l) => l.id === item.id);
            const priced = pricedLine(line);
            return (
              <li key={item.id} className="flex items-center gap-3 py-3" data-testid="summary-line">
                <div className="relative h-14 w-14 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                  <ResponsiveImage
                    src={priced?.imageUrl ?? item.image}
                    alt=""
                    width={56}
                    height={56}
                    sizes="56px"
                    className="h-full w-full object-cover"
                  />
                  <span className="absolute -top-0 -right-0 rounded-bl-lg bg-stone-900 px-1.5 text-xs font-semibold text-white">
                    {item.quantity}
                  </span>
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-stone-900">
                    {priced?.name ?? item.name}
                  </p>
                  <p className="text-xs text-stone-500">
                    {priced
                      ? t("lineQuantity", {
                          quantity: item.quantity,
                          price: money(priced.priceCents),
                        })
                      : line
                        ? t("noLongerAvailable")
                        : t("checkingPrice")}
                  </p>
                </div>
                <p className="text-sm font-semibold text-stone-900">
                  {priced ? money(priced.priceCents * item.quantity) : ""}
                </p>
              </li>
            );
          })}
        </ul>
        <div className="mt-4 border-t border-stone-200 pt-4">
          <CannabisMeter summary={quote?.cannabis} shown={cartError} />
        </div>
        <div className="mt-4 border-t border-stone-200 pt-4">
          <PromoCodeField
            id={PROMO_CODE_ID}
            cart={cart}
            appliedCode={appliedCode}
            quote={quote}
            refusal={couponRefusal}
            onApply={onApplyCoupon}
          />
        </div>
        <div className="mt-4 border-t border-stone-200 pt-4">
          {quote && totals ? (
            <CartTotals
              totals={totals}
              couponCode={appliedCode && quote.coupon?.applied ? quote.coupon.code : null}
              taxes={taxes}
              method={quote.fulfilment?.method}
              feeAtCheckout={quote.feeAtCheckout}
            />
          ) : failed ? (
            <p role="alert" className="text-sm text-red-700">
              {t("pricesFailed")}
            </p>
          ) : (
            <>
              <p className="text-sm text-stone-500">{t("checkingPrices")}</p>
              <noscript>
                <p className="mt-2 text-sm text-red-700">{t("needsJavaScript")}</p>
              </noscript>
            </>
          )}
        </div>
      </div>
    </aside>
  );
}
