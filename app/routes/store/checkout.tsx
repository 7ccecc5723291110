import crypto from "node:crypto";
import { Lock } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { CART_ERROR_ID, CheckoutSummary, PROMO_CODE_ID } from "~/components/store/checkout-summary";
import { EmptyCheckout } from "~/components/store/checkout-layout";
import {
  AddressStep,
  ContactStep,
  PlaceOrder,
  ShippingAndPaymentSteps,
} from "~/components/store/checkout-steps";
import { quoteTotals, useCartQuote } from "~/components/store/use-cart-quote";
import { checkoutPrefill } from "~/components/store/saved-address-picker";
import { setShippingProvince } from "~/components/store/use-shipping-province";
import { cartLines, setAppliedCoupon, useAppliedCoupon, useCart } from "~/lib/cart";
import type { FormReply } from "~/lib/form";
import { lazyModule } from "~/lib/lazy-module";
import { normalizePostalCode, postalCodeMatchesProvince } from "~/lib/address";
import { FULFILMENT_CHOICE } from "~/lib/fulfilment";
import { provinceRefusal } from "~/lib/taxes";
import { useHydrated } from "~/lib/use-hydrated";
import { checkoutFormIn } from "~/schemas/checkout";
import { localeOfPath, localizePath, requestLocale, type Locale } from "~/lib/i18n/locale";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { listAddresses } from "~/server/accounts/addresses.server";
import { getShopper } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { listProvinceRules } from "~/server/taxes/taxes.server";

// The browser runs the action's rules too, but zod (about 24 KB gzip) is fetched when the shopper
// first focuses the form, not with the page. Until it has arrived the server checks.
const checkoutRules: Record<Locale, ReturnType<typeof rulesIn>> = {
  en: rulesIn("en"),
  fr: rulesIn("fr"),
};
function rulesIn(locale: Locale) {
  return lazyModule(() => import("~/schemas/checkout").then((m) => m.checkoutFormIn(locale)));
}

export function meta({ location }: Route.MetaArgs) {
  const t = translator(checkoutPageMessages, localeOfPath(location.pathname));
  return [{ title: t("pageTitle") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in shopper's email and saved addresses prefill the form (guest checkout stays).
  const shopper = await getShopper(request);
  const settings = await storeSettings();
  // A fresh key per visit: resubmitting this form (double click, retry after a timeout) cannot
  // place a second order.
  return data(
    {
      idempotencyKey: crypto.randomBytes(18).toString("base64url"),
      storeName: settings.store.name,
      // No e-Transfer address yet: nowhere to pay, so no order can be placed (placeOrder refuses).
      closed: !settings.payments.etransferEmail,
      paymentInstructions: settings.payments.etransferInstructions,
      account: shopper
        ? { email: shopper.email, addresses: await listAddresses(shopper.id) }
        : null,
      // Whether the store ships to each province and the age to confirm there.
      provinceRules: await listProvinceRules(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const submission = await parseForm(request, checkoutFormIn(locale));
  if (!submission.ok) return submission.reply;
  // The order remembers the page's language: its emails and pages are written in it.
  const result = await placeOrder(submission.data, { locale });
  if (!result.ok) {
    return formReply(
      { [result.field]: result.message },
      { status: refusalStatus(result), form: submission.form },
    );
  }
  return redirect(localizePath(`/orders/${result.order.accessToken}?placed=1`, locale));
}

/**
 * A cart the server refused is a conflict (409); a method or window the address does not allow is
 * the shopper's to change (422, 409 for a window that filled); the rest are the form's (400).
 */
function refusalStatus(result: { field: string; status: 409 | 422 }) {
  if (result.field === "items") return 409;
  if (result.field === "fulfilmentMethod" || result.field === "deliveryWindow")
    return result.status;
  return 400;
}

/** The refusals the summary shows (the cart's, the promo code's), apart from the form's fields. */
function splitReply(reply: FormReply | undefined) {
  if (!reply) return { fields: undefined, cartError: undefined, couponError: undefined };
  const { items, couponCode, ...errors } = reply.errors;
  return { fields: { ...reply, errors }, cartError: items, couponError: couponCode };
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const hydrated = useHydrated();
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  const storedCode = useAppliedCoupon();
  const answer = useMemo(() => splitReply(actionData), [actionData]);
  const form = useForm({ rules: checkoutRules[locale], lastResult: answer.fields });
  // A code the server refused when the order was placed (e.g. already used with this email): it is
  // taken off the order at once, and the refusal shows next to the code field until another code
  // is applied.
  const [couponRefusal, setCouponRefusal] = useState<{ code: string; message: string } | null>(
    null,
  );
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer.couponError && storedCode)
      setCouponRefusal({ code: storedCode, message: answer.couponError });
  }
  const appliedCode = couponRefusal?.code === storedCode ? null : storedCode;
  const values = form.values ?? checkoutPrefill(loaderData.account);
  // The chosen province sets the age asked and the taxes; with the postal code, the ways to
  // receive the order and their fees.
  const [province, setProvince] = useState(values.province ?? "");
  const [postalCode, setPostalCode] = useState(normalizePostalCode(values.postalCode ?? ""));
  // A method, or a live Canada Post service of the parcel method ("parcel:DOM.EP").
  const [chosenMethod, setChosenMethod] = useState<string | null>(
    FULFILMENT_CHOICE.test(values.fulfilmentMethod ?? "") ? values.fulfilmentMethod! : null,
  );
  const rule = loaderData.provinceRules.find((r) => r.province === province) ?? null;
  const refusal = (rule && provinceRefusal(rule, locale)) ?? undefined;
  const addressKnown =
    !!province && !!postalCode && postalCodeMatchesProvince(postalCode, province);
  const { quote, failed } = useCartQuote(cart, appliedCode, true, {
    province: province || null,
    postalCode: addressKnown ? postalCode : null,
    method: chosenMethod,
  });
  // The quote answers for the destination it was asked about; an older one's choices are not shown.
  const fulfilment =
    addressKnown && quote?.province?.rule.province === province ? quote.fulfilment : null;
  // The shopper's choice shows at once (the quote priced with it follows), if it can be chosen.
  const method = fulfilment?.options.some((o) => o.choice === chosenMethod && !o.unavailable)
    ? chosenMethod
    : (fulfilment?.choice ?? null);
  const totals = quote ? quoteTotals(quote, appliedCode) : null;
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formAction === localizePath("/checkout", locale);
  // The key of the first render is kept for every submit of this visit (loaders revalidate).
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  const cartError = answered.cartError ?? form.errors.items;
  useEffect(() => {
    // A cart the server refused: its reason is in the summary, above the form on a phone.
    if (answered.cartError) {
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

  /**
   * The province select and the postal code (or a saved address that filled them in) set the
   * taxes, the age and the ways to receive the order.
   */
  function followAddress(target: HTMLFormElement) {
    const chosen = target.elements.namedItem("province");
    if (chosen instanceof HTMLSelectElement && chosen.value !== province) {
      setProvince(chosen.value);
      setShippingProvince(chosen.value);
    }
    const typed = target.elements.namedItem("postalCode");
    if (typed instanceof HTMLInputElement) {
      const code = normalizePostalCode(typed.value);
      if (code !== postalCode) setPostalCode(code);
    }
  }

  if (loaderData.closed) return <EmptyCheckout closed />;
  if (hydrated && cart.length === 0 && !actionData) {
    return <EmptyCheckout />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{t("heading")}</h1>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
        <Lock className="h-4 w-4" aria-hidden="true" /> {t("serverConfirms")}
      </p>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        <Form
          method="post"
          id="checkout"
          className="space-y-6"
          {...form.props}
          onSubmit={(event) => {
            // A province the store does not serve: its message is already by the field.
            if (refusal) {
              event.preventDefault();
              document.getElementById("province")?.focus();
            } else form.props.onSubmit(event);
          }}
          onChange={(event) => {
            followAddress(event.currentTarget);
            form.props.onChange(event);
          }}
          onBlur={(event) => {
            followAddress(event.currentTarget);
            // Passing over the age box unticked is not an error yet (the submit says so).
            const box = event.target as unknown as HTMLInputElement;
            if (box.type === "checkbox" && !box.checked && !form.errors[box.name]) return;
            form.props.onBlur(event);
          }}
        >
          <FormProvider form={form} variant="store">
            <FormSummary />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <input type="hidden" name="items" value={JSON.stringify(cartLines(cart))} />
            {appliedCode ? <input type="hidden" name="couponCode" value={appliedCode} /> : null}
            <ContactStep values={values} />
            <AddressStep
              values={values}
              addresses={loaderData.account?.addresses ?? []}
              provinceError={refusal}
            />
            <ShippingAndPaymentSteps
              fulfilment={fulfilment}
              method={method}
              onMethod={setChosenMethod}
              addressKnown={addressKnown}
              instructions={loaderData.paymentInstructions}
            />
            <PlaceOrder
              storeName={loaderData.storeName}
              rule={rule}
              submitting={submitting}
              totalCents={totals ? totals.totalCents : null}
            />
          </FormProvider>
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
