import { CheckCircle2, Lock, Package, Store, Truck } from "lucide-react";
import { Field, useFieldError } from "~/components/form/form";
import { noFulfilmentMethod, windowShortLabel, type FulfilmentMethod } from "~/lib/fulfilment";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import { ageConfirmationLabel, ageToConfirm, type ProvinceRule } from "~/lib/taxes";
import type { SavedAddress } from "~/server/accounts/addresses.server";
import { AddressFields } from "./address-fields";
import { CheckoutStep } from "./checkout-layout";
import { checkboxErrorClass, inputClass } from "./field-styles";
import { NewsletterConsentBox } from "./newsletter-consent-box";
import { SavedAddressPicker } from "./saved-address-picker";
import { EmailField, PhoneField } from "./contact-fields";
import type { CartQuote } from "./use-cart-quote";

type Values = Partial<Record<string, string>>;

/** Step 1: the email the order is confirmed to, and a phone for delivery questions. */
export function ContactStep({ values }: { values: Values }) {
  const t = useT(checkoutPageMessages);
  return (
    <CheckoutStep title={t("stepContact")} step={1}>
      <div className="grid gap-4 sm:grid-cols-2">
        <EmailField defaultValue={values.email} />
        <PhoneField hint={t("phoneHint")} defaultValue={values.phone} />
      </div>
    </CheckoutStep>
  );
}

/** Step 2: where it goes (a signed-in shopper can pick one of their saved addresses). */
export function AddressStep({
  values,
  addresses,
  provinceError,
}: {
  values: Values;
  addresses: SavedAddress[];
  provinceError?: string;
}) {
  const t = useT(checkoutPageMessages);
  return (
    <CheckoutStep title={t("stepAddress")} step={2}>
      <p className="-mt-2 mb-4 text-sm text-stone-600">{t("shipWithinCanada")}</p>
      <SavedAddressPicker addresses={addresses} />
      <div className="grid gap-4 sm:grid-cols-6">
        <Field id="name" name="name" label={t("fullName")} className="sm:col-span-6">
          {(p) => (
            <input {...p} autoComplete="name" defaultValue={values.name} className={inputClass} />
          )}
        </Field>
        <AddressFields values={values} provinceError={provinceError} />
      </div>
    </CheckoutStep>
  );
}

/**
 * Step 3: how the order reaches the shopper, once the address is known: the methods the server
 * offers there (the province's law, the owner's settings, the delivery zones), each with its fee,
 * and for local delivery a window with places left. Step 4: e-Transfer.
 */
export function ShippingAndPaymentSteps({
  fulfilment,
  method,
  onMethod,
  addressKnown,
  instructions,
}: {
  /** The server's choices for the address, or null until it has answered. */
  fulfilment: CartQuote["fulfilment"];
  /** The option chosen (the shopper's, else the first the server offers): "parcel:DOM.EP"… */
  method: string | null;
  onMethod: (choice: string) => void;
  /** Whether the province and a postal code of it have been entered. */
  addressKnown: boolean;
  /** The owner's words about paying (Settings → Payments), when set. */
  instructions: string | null;
}) {
  const methodError = useFieldError("fulfilmentMethod");
  const windowError = useFieldError("deliveryWindow");
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  return (
    <>
      <CheckoutStep title={t("stepShipping")} step={3}>
        {!addressKnown ? (
          <p className="text-sm text-stone-600">{t("enterAddressFirst")}</p>
        ) : !fulfilment ? (
          <p className="text-sm text-stone-600" role="status">
            {t("findingMethods")}
          </p>
        ) : fulfilment.options.length === 0 ? (
          <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            {fulfilment.noneReason ?? noFulfilmentMethod(locale)}
          </p>
        ) : (
          <fieldset
            className="space-y-3"
            aria-describedby={methodError ? "fulfilmentMethod-error" : undefined}
          >
            <legend className="sr-only">{t("howToReceive")}</legend>
            {fulfilment.quoteId ? (
              <input type="hidden" name="parcelQuote" value={fulfilment.quoteId} />
            ) : null}
            {fulfilment.options.map((option) => {
              const Icon = METHOD_ICONS[option.method];
              const chosen = option.choice === method;
              return (
                <label
                  key={option.choice}
                  className={`flex items-start gap-3 rounded-xl border-2 p-4 ${
                    chosen ? "border-brand-600 bg-brand-50" : "border-stone-200 bg-white"
                  } ${option.unavailable ? "opacity-70" : "cursor-pointer"}`}
                >
                  <input
                    type="radio"
                    name="fulfilmentMethod"
                    value={option.choice}
                    checked={chosen}
                    disabled={option.unavailable !== null}
                    onChange={() => onMethod(option.choice)}
                    className="mt-1 h-4 w-4 accent-brand-700"
                  />
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-stone-900">{option.name}</span>
                    <span className="block text-sm text-stone-600">
                      {option.unavailable ?? option.detail}
                    </span>
                  </span>
                  <span className="font-semibold text-stone-900">{option.feeText}</span>
                </label>
              );
            })}
            {methodError ? (
              <p id="fulfilmentMethod-error" className={checkboxErrorClass}>
                {methodError}
              </p>
            ) : null}
            {method === "delivery" ? (
              <Field id="deliveryWindow" name="deliveryWindow" label={t("deliveryWindow")}>
                {(p) => (
                  <select {...p} defaultValue="" className={inputClass}>
                    <option value="" disabled>
                      {t("chooseWindow")}
                    </option>
                    {fulfilment.windows.map((window) => (
                      <option key={window.key} value={window.key}>
                        {t("windowOption", {
                          window: windowShortLabel(window, locale),
                          count: window.placesLeft,
                        })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : windowError ? (
              <p className={checkboxErrorClass}>{windowError}</p>
            ) : null}
          </fieldset>
        )}
      </CheckoutStep>

      <CheckoutStep title={t("stepPayment")} step={4}>
        <div className="flex items-start gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-4">
          <CheckCircle2 className="mt-0.5 h-5 w-5 text-brand-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-stone-900">{t("interac")}</p>
            <p className="text-sm text-stone-600">{t("paymentExplained")}</p>
            {instructions ? <p className="mt-2 text-sm text-stone-600">{instructions}</p> : null}
          </div>
        </div>
      </CheckoutStep>
    </>
  );
}

const METHOD_ICONS: Record<FulfilmentMethod, typeof Truck> = {
  parcel: Package,
  delivery: Truck,
  pickup: Store,
};

/** The newsletter box, the age to confirm (the shipping province's) and Place order. */
export function PlaceOrder({
  storeName,
  rule,
  submitting,
  totalCents,
}: {
  storeName: string;
  rule: ProvinceRule | null;
  submitting: boolean;
  totalCents: number | null;
}) {
  const ageError = useFieldError("ageConfirmed");
  const keyError = useFieldError("idempotencyKey");
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  const { money } = useMoney();
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <NewsletterConsentBox storeName={storeName} />
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          // A province with a higher age asks again: the box is cleared when the age changes.
          key={ageToConfirm(rule)}
          id="ageConfirmed"
          type="checkbox"
          name="ageConfirmed"
          value={ageToConfirm(rule)}
          aria-invalid={ageError ? true : undefined}
          aria-describedby={ageError ? "ageConfirmed-error" : undefined}
          className="mt-0.5 h-5 w-5 rounded border-stone-300 accent-brand-700"
        />
        <span>{ageConfirmationLabel(rule, locale)}</span>
      </label>
      {ageError ? (
        <p id="ageConfirmed-error" className={checkboxErrorClass}>
          {ageError}
        </p>
      ) : null}
      {keyError ? <p className={checkboxErrorClass}>{keyError}</p> : null}
      <button
        type="submit"
        disabled={submitting}
        className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-3.5 text-base font-semibold text-white shadow-sm hover:bg-brand-900 disabled:opacity-60"
      >
        <Lock className="h-4 w-4" aria-hidden="true" />
        {submitting ? t("placingOrder") : t("placeOrder")}
        {totalCents !== null && !submitting ? ` · ${money(totalCents)}` : ""}
      </button>
    </div>
  );
}
