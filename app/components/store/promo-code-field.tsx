import { Tag, X } from "lucide-react";
import { useId, useState } from "react";
import { setAppliedCoupon, type CartItem } from "~/lib/cart";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { fetchQuote, type CartQuote } from "./use-cart-quote";

/**
 * The promo code (docs/product/cart-and-checkout.md#promo-codes): Apply asks the server; an applied
 * code locks the field until Remove. The message shown is the server's, word for word. `refusal` is
 * a refusal that came from elsewhere (checkout re-checks the code with the email): it shows here,
 * next to the field, until another code is applied (`onApply`).
 */
export function PromoCodeField({
  cart,
  appliedCode,
  quote,
  id: givenId,
  refusal: outsideRefusal = null,
  onApply,
}: {
  cart: CartItem[];
  appliedCode: string | null;
  quote: CartQuote | null;
  id?: string;
  refusal?: string | null;
  onApply?: () => void;
}) {
  const generatedId = useId();
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  const id = givenId ?? generatedId;
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const [ownRefusal, setRefusal] = useState<string | null>(null);
  const refusal = ownRefusal ?? outsideRefusal;

  async function apply() {
    setPending(true);
    setRefusal(null);
    onApply?.();
    try {
      const result = await fetchQuote(cart, draft, locale);
      if (result.coupon?.applied) {
        setAppliedCoupon(result.coupon.code);
        setDraft("");
      } else {
        setRefusal(result.coupon?.message ?? t("couponInvalid"));
      }
    } catch {
      setRefusal(t("couldNotCheck"));
    } finally {
      setPending(false);
    }
  }

  // While applied, the latest quote says whether it still holds (e.g. the minimum after a change).
  const current = appliedCode && quote?.coupon ? quote.coupon : null;
  const message = appliedCode ? current?.message : refusal;
  const ok = appliedCode ? (current?.applied ?? true) : false;

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {t("promoCode")}
      </label>
      <form
        className="mt-1.5 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (appliedCode) {
            setAppliedCoupon(null);
          } else {
            void apply();
          }
        }}
      >
        <div className="relative flex-1">
          <Tag
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
            aria-hidden="true"
          />
          <input
            id={id}
            name="promo"
            value={appliedCode ?? draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setRefusal(null);
            }}
            readOnly={!!appliedCode}
            aria-readonly={!!appliedCode}
            aria-invalid={!ok && !!message}
            aria-describedby={message ? `${id}-message` : undefined}
            placeholder={t("enterCode")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={50}
            className={`w-full rounded-lg border py-2 pr-3 pl-9 text-sm uppercase placeholder:normal-case focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none ${
              appliedCode
                ? "border-brand-300 bg-brand-50 font-semibold text-brand-900"
                : "border-stone-300 bg-white"
            }`}
          />
        </div>
        {appliedCode ? (
          <button
            type="submit"
            className="inline-flex items-center gap-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t("remove")}
          </button>
        ) : (
          <button
            type="submit"
            disabled={pending}
            className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60"
          >
            {pending ? t("checking") : t("apply")}
          </button>
        )}
      </form>
      {message ? (
        <p
          id={`${id}-message`}
          role={ok ? "status" : "alert"}
          className={`mt-1.5 text-sm ${ok ? "text-brand-700" : "text-red-700"}`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
