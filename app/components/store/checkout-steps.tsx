import { CheckCircle2, Lock, Truck } from "lucide-react";
import { Field, useFieldError } from "~/components/form/form";
import { formatMoney } from "~/lib/money";
import type { ShippingRates } from "~/lib/pricing";
import { ageConfirmationLabel, ageToConfirm, type ProvinceRule } from "~/lib/taxes";
import type { SavedAddress } from "~/server/accounts/addresses.server";
import { AddressFields } from "./address-fields";
import { CheckoutStep } from "./checkout-layout";
import { checkboxErrorClass, inputClass } from "./field-styles";
import { NewsletterConsentBox } from "./newsletter-consent-box";
import { SavedAddressPicker } from "./saved-address-picker";
import { EmailField, PhoneField } from "./contact-fields";

type Values = Partial<Record<string, string>>;

/** Step 1: the email the order is confirmed to, and a phone for delivery questions. */
export function ContactStep({ values }: { values: Values }) {
  return (
    <CheckoutStep title="Contact" step={1}>
      <div className="grid gap-4 sm:grid-cols-2">
        <EmailField defaultValue={values.email} />
        <PhoneField hint="For delivery questions only" defaultValue={values.phone} />
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
  return (
    <CheckoutStep title="Shipping address" step={2}>
      <p className="-mt-2 mb-4 text-sm text-stone-600">We ship within Canada only.</p>
      <SavedAddressPicker addresses={addresses} />
      <div className="grid gap-4 sm:grid-cols-6">
        <Field id="name" name="name" label="Full name" className="sm:col-span-6">
          {(p) => (
            <input {...p} autoComplete="name" defaultValue={values.name} className={inputClass} />
          )}
        </Field>
        <AddressFields values={values} provinceError={provinceError} />
      </div>
    </CheckoutStep>
  );
}

/** Steps 3 and 4: Canada Post (its cost once the server has priced the cart) and e-Transfer. */
export function ShippingAndPaymentSteps({
  shippingCents,
  rates,
  instructions,
}: {
  shippingCents: number | null;
  /** The store's fee and free-shipping threshold (Settings → Shipping), from the loader. */
  rates: ShippingRates;
  /** The owner's words about paying (Settings → Payments), when set. */
  instructions: string | null;
}) {
  return (
    <>
      <CheckoutStep title="Shipping" step={3}>
        <div className="flex items-start gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-4">
          <Truck className="mt-0.5 h-5 w-5 text-brand-700" aria-hidden="true" />
          <div className="flex-1">
            <p className="font-semibold text-stone-900">Canada Post</p>
            <p className="text-sm text-stone-600">
              {rates.flatFeeCents === 0
                ? "Free shipping."
                : `${formatMoney(rates.flatFeeCents)}, free on orders of ${formatMoney(rates.freeThresholdCents)} or more after discount.`}{" "}
              Tracking number by email when it ships.
            </p>
          </div>
          <p className="font-semibold text-stone-900">
            {shippingCents === null
              ? ""
              : shippingCents === 0
                ? "FREE"
                : formatMoney(shippingCents)}
          </p>
        </div>
      </CheckoutStep>

      <CheckoutStep title="Payment" step={4}>
        <div className="flex items-start gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-4">
          <CheckCircle2 className="mt-0.5 h-5 w-5 text-brand-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-stone-900">Interac e-Transfer</p>
            <p className="text-sm text-stone-600">
              After you place the order we show you (and email you) the amount, the address to send
              it to and your order number to put in the message. We ship once it arrives.
            </p>
            {instructions ? <p className="mt-2 text-sm text-stone-600">{instructions}</p> : null}
          </div>
        </div>
      </CheckoutStep>
    </>
  );
}

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
        <span>{ageConfirmationLabel(rule)}</span>
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
        {submitting ? "Placing your order…" : "Place order"}
        {totalCents !== null && !submitting ? ` · ${formatMoney(totalCents)}` : ""}
      </button>
    </div>
  );
}
