import crypto from "node:crypto";
import { CheckCircle2, Lock, Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { AddressFields } from "~/components/store/address-fields";
import { CART_ERROR_ID, CheckoutSummary, PROMO_CODE_ID } from "~/components/store/checkout-summary";
import { Field, inputClass } from "~/components/store/checkout-field";
import { CheckoutStep, EmptyCheckout } from "~/components/store/checkout-layout";
import { NewsletterConsentBox } from "~/components/store/newsletter-consent-box";
import { quoteTotals, useCartQuote } from "~/components/store/use-cart-quote";
import { cartLines, setAppliedCoupon, useAppliedCoupon, useCart } from "~/lib/cart";
import { formatMoney } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { SHIPPING_COST_CENTS, FREE_SHIPPING_THRESHOLD_CENTS } from "~/lib/pricing";
import { checkoutFormValues, CheckoutSchema, fieldErrors } from "~/schemas/checkout";
import { lazyModule } from "~/lib/lazy-module";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { config } from "~/server/config.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { readForm } from "~/server/http/form.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { getShopper } from "~/server/accounts/session.server";
import { checkoutPrefill, SavedAddressPicker } from "~/components/store/saved-address-picker";
import { setShippingProvince } from "~/components/store/use-shipping-province";
import { ageConfirmationLabel, ageToConfirm, provinceRefusal } from "~/lib/taxes";
import { listProvinceRules } from "~/server/orders/taxes.server";

// The browser's instant checks use the same schema as the action, but zod (about 24 KB gzip) is
// fetched when the shopper first focuses the form, not with the page. Until it has arrived the
// server checks (same messages).
const checkoutRules = lazyModule(() => import("~/schemas/checkout"));

export function meta() {
  return [{ title: "Checkout" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in shopper's email and saved addresses prefill the form (guest checkout stays).
  const shopper = await getShopper(request);
  // A fresh key per visit: resubmitting this form (double click, retry after a timeout) cannot
  // place a second order.
  return data(
    {
      idempotencyKey: crypto.randomBytes(18).toString("base64url"),
      storeName: config().STORE_NAME,
      account: shopper
        ? { email: shopper.email, addresses: await listAddresses(shopper.id) }
        : null,
      // Whether the store ships to each province and the age to confirm there.
      provinceRules: await listProvinceRules(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const TEXT_FIELDS = ["email", "phone", "name", "street", "city", "province", "postalCode"] as const;

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const raw = checkoutFormValues(form);
  // Echoed back so a page rendered without JavaScript keeps everything typed.
  const values = Object.fromEntries(TEXT_FIELDS.map((k) => [k, String(raw[k] ?? "")]));
  const parsed = CheckoutSchema.safeParse(raw);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  const result = await placeOrder(parsed.data);
  if (!result.ok) {
    return data(
      { errors: { [result.field]: result.message }, values },
      { status: result.field === "items" ? 409 : 400 },
    );
  }
  return redirect(`/orders/${result.order.accessToken}?placed=1`);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const hydrated = useHydrated();
  const storedCode = useAppliedCoupon();
  // A code the server refused when the order was placed (e.g. already used with this email): it is
  // taken off the order at once, and the refusal shows next to the code field until another code
  // is applied.
  const [couponRefusal, setCouponRefusal] = useState<{ code: string; message: string } | null>(
    null,
  );
  const appliedCode = couponRefusal?.code === storedCode ? null : storedCode;
  const values: Partial<Record<string, string>> =
    actionData?.values ?? checkoutPrefill(loaderData.account);
  // The chosen province sets the age asked and the taxes.
  const [province, setProvince] = useState(values.province ?? "");
  const rule = loaderData.provinceRules.find((r) => r.province === province) ?? null;
  const { quote, failed } = useCartQuote(cart, appliedCode, true, province || null);
  const totals = quote ? quoteTotals(quote, appliedCode) : null;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/checkout";
  // The key of the first render is kept for every submit of this visit (loaders revalidate).
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  // Client checks (null = checked and fine) take over from the server's until the next response.
  const [clientErrors, setClientErrors] = useState<Record<string, string | null>>({});
  const [answered, setAnswered] = useState(actionData);
  if (actionData !== answered) {
    setAnswered(actionData);
    setClientErrors({});
    const refused = actionData?.errors.couponCode;
    if (refused && storedCode) setCouponRefusal({ code: storedCode, message: refused });
  }
  useEffect(() => {
    // A cart the server refused: its reason is in the summary, above the form on a phone.
    if (answered?.errors.items) {
      document.getElementById(CART_ERROR_ID)?.scrollIntoView({ block: "center" });
    }
  }, [answered]);
  useEffect(() => {
    if (!couponRefusal) return;
    setAppliedCoupon(null);
    // On a phone the code field is far above the Place order button: bring the message to the
    // shopper (it is also announced, as an alert).
    const field = document.getElementById(PROMO_CODE_ID);
    field?.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
  }, [couponRefusal]);
  const errors: Partial<Record<string, string>> = { ...actionData?.errors };
  const refusal = rule ? provinceRefusal(rule) : null;
  delete errors.couponCode; // shown by the promo code field
  for (const [field, message] of Object.entries(clientErrors)) {
    if (message) errors[field] = message;
    else delete errors[field];
  }
  if (refusal) errors.province = refusal;
  const cartError = errors.items;

  function checkField(target: EventTarget, when: "change" | "blur") {
    const input = target as HTMLInputElement;
    const name = input.name;
    // The province select, or a saved address that filled it in.
    const chosen = input.form?.elements.namedItem("province");
    if (chosen instanceof HTMLSelectElement && chosen.value !== province) {
      setProvince(chosen.value);
      setShippingProvince(chosen.value);
    }
    if (name === "ageConfirmed") {
      if (input.checked) setClientErrors((current) => ({ ...current, ageConfirmed: null }));
      return;
    }
    if (!(TEXT_FIELDS as readonly string[]).includes(name)) return;
    // While typing, only an error already shown is re-checked (so it clears as soon as it can);
    // leaving a filled field checks it.
    if (when === "change" ? !errors[name] : input.value === "") return;
    const rules = checkoutRules.current();
    if (!rules) return;
    const message = rules.checkoutFieldError(name, input.value) ?? null;
    setClientErrors((current) => ({ ...current, [name]: message }));
  }

  if (hydrated && cart.length === 0 && !actionData) {
    return <EmptyCheckout />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Checkout</h1>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
        <Lock className="h-4 w-4" aria-hidden="true" /> Prices, stock and promo codes are confirmed
        by our server when you place the order.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        <Form
          method="post"
          id="checkout"
          noValidate
          className="space-y-6"
          onSubmit={(event) => {
            const rules = checkoutRules.current();
            if (!rules) return;
            const result = rules.CheckoutSchema.safeParse(
              rules.checkoutFormValues(new FormData(event.currentTarget)),
            );
            if (refusal) {
              event.preventDefault();
              document.getElementById("province")?.focus();
            } else if (!result.success) {
              event.preventDefault();
              const found = rules.fieldErrors(result.error);
              setClientErrors(
                Object.fromEntries(
                  [...TEXT_FIELDS, "ageConfirmed"].map((field) => [field, found[field] ?? null]),
                ),
              );
              const first =
                TEXT_FIELDS.find((f) => found[f]) ?? (found.ageConfirmed ? "ageConfirmed" : null);
              if (first) document.getElementById(first)?.focus();
            }
          }}
          onFocus={() => void checkoutRules.load()}
          onChange={(event) => checkField(event.target, "change")}
          onBlur={(event) => checkField(event.target, "blur")}
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="items" value={JSON.stringify(cartLines(cart))} />
          {appliedCode ? <input type="hidden" name="couponCode" value={appliedCode} /> : null}

          <CheckoutStep title="Contact" step={1}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Email" name="email" error={errors.email}>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  defaultValue={values.email}
                  className={inputClass(errors.email)}
                />
              </Field>
              <Field
                label="Phone"
                name="phone"
                error={errors.phone}
                hint="For delivery questions only"
              >
                <input
                  id="phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel-national"
                  placeholder="604-555-0199"
                  defaultValue={values.phone}
                  className={inputClass(errors.phone)}
                />
              </Field>
            </div>
          </CheckoutStep>

          <CheckoutStep title="Shipping address" step={2}>
            <p className="-mt-2 mb-4 text-sm text-stone-600">We ship within Canada only.</p>
            <SavedAddressPicker addresses={loaderData.account?.addresses ?? []} />
            <div className="grid gap-4 sm:grid-cols-6">
              <Field label="Full name" name="name" error={errors.name} className="sm:col-span-6">
                <input
                  id="name"
                  name="name"
                  autoComplete="name"
                  defaultValue={values.name}
                  className={inputClass(errors.name)}
                />
              </Field>
              <AddressFields values={values} errors={errors} />
            </div>
          </CheckoutStep>

          <CheckoutStep title="Shipping" step={3}>
            <div className="flex items-start gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-4">
              <Truck className="mt-0.5 h-5 w-5 text-brand-700" aria-hidden="true" />
              <div className="flex-1">
                <p className="font-semibold text-stone-900">Canada Post</p>
                <p className="text-sm text-stone-600">
                  {formatMoney(SHIPPING_COST_CENTS)}, free on orders of{" "}
                  {formatMoney(FREE_SHIPPING_THRESHOLD_CENTS)} or more after discount. Tracking
                  number by email when it ships.
                </p>
              </div>
              <p className="font-semibold text-stone-900">
                {totals
                  ? totals.shippingCents === 0
                    ? "FREE"
                    : formatMoney(totals.shippingCents)
                  : ""}
              </p>
            </div>
          </CheckoutStep>

          <CheckoutStep title="Payment" step={4}>
            <div className="flex items-start gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-4">
              <CheckCircle2 className="mt-0.5 h-5 w-5 text-brand-700" aria-hidden="true" />
              <div>
                <p className="font-semibold text-stone-900">Interac e-Transfer</p>
                <p className="text-sm text-stone-600">
                  After you place the order we show you (and email you) the amount, the address to
                  send it to and your order number to put in the message. We ship once it arrives.
                </p>
              </div>
            </div>
          </CheckoutStep>

          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
            <NewsletterConsentBox storeName={loaderData.storeName} />
            <label className="flex items-start gap-3 text-sm text-stone-800">
              <input
                // A province with a higher age asks again: the box is cleared when the age changes.
                key={ageToConfirm(rule)}
                id="ageConfirmed"
                type="checkbox"
                name="ageConfirmed"
                value={ageToConfirm(rule)}
                aria-invalid={errors.ageConfirmed ? true : undefined}
                aria-describedby={errors.ageConfirmed ? "ageConfirmed-error" : undefined}
                className="mt-0.5 h-5 w-5 rounded border-stone-300 accent-brand-700"
              />
              <span>{ageConfirmationLabel(rule)}</span>
            </label>
            {errors.ageConfirmed ? (
              <p id="ageConfirmed-error" className="mt-2 text-sm text-red-700">
                {errors.ageConfirmed}
              </p>
            ) : null}
            {errors.idempotencyKey ? (
              <p className="mt-2 text-sm text-red-700">{errors.idempotencyKey}</p>
            ) : null}
            <button
              type="submit"
              disabled={submitting}
              className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-3.5 text-base font-semibold text-white shadow-sm hover:bg-brand-900 disabled:opacity-60"
            >
              <Lock className="h-4 w-4" aria-hidden="true" />
              {submitting ? "Placing your order…" : "Place order"}
              {totals && !submitting ? ` · ${formatMoney(totals.totalCents)}` : ""}
            </button>
          </div>
        </Form>

        <CheckoutSummary
          cart={cart}
          quote={quote}
          failed={failed}
          cartError={cartError}
          appliedCode={appliedCode}
          couponRefusal={couponRefusal?.message}
          onApplyCoupon={() => setCouponRefusal(null)}
          province={province}
        />
      </div>
    </div>
  );
}
