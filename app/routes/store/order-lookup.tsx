import { Search } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/order-lookup";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { inputClass } from "~/components/store/field-styles";
import { OrderDetails, OrderRefundBadge, OrderStatusBadge } from "~/components/store/order-details";
import { EtransferInstructions } from "~/components/store/payment-reference";
import { EmailField } from "~/components/store/contact-fields";
import { orderStatusLabel } from "~/lib/order-status";
import { echoValues } from "~/lib/form";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { orderPageMessages } from "~/lib/i18n/messages/orders";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { orderLookupFormIn } from "~/schemas/order-lookup";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { lookupOrder } from "~/server/orders/order-view.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { clientIp } from "~/server/http/request-context.server";
import { orderPaymentAddress } from "~/lib/store-settings";

export function meta({ location }: Route.MetaArgs) {
  const t = translator(orderPageMessages, localeOfPath(location.pathname));
  return [{ title: t("lookupTitle") }, { name: "description", content: t("lookupDescription") }];
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const submission = await parseForm(request, orderLookupFormIn(locale));
  if (!submission.ok) return submission.reply;
  const result = await lookupOrder({
    ...submission.data,
    ipAddress: clientIp(context),
    locale,
  });
  // Not found or too many tries: one answer for the whole form (which field is wrong is not said).
  if (!result.ok)
    return formReply({ form: result.message }, { status: result.status, form: submission.form });
  return data(
    {
      errors: {},
      values: echoValues(submission.form),
      order: result.order,
      etransferEmail: orderPaymentAddress((await storeSettings()).payments),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useT(orderPageMessages);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useForm({ lastResult: actionData });
  const found = actionData && "order" in actionData ? actionData : null;
  const order = found?.order;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{t("lookupTitle")}</h1>
      <p className="mt-2 text-stone-600">{t("lookupIntro")}</p>

      <Form
        method="post"
        {...form.props}
        className="mt-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-start sm:p-6"
      >
        <FormProvider form={form} variant="store">
          <FormSummary className="sm:col-span-3" />
          <Field id="orderNumber" name="orderNumber" label={t("orderNumber")}>
            {(p) => (
              <input
                {...p}
                placeholder={t("orderNumberPlaceholder")}
                autoComplete="off"
                defaultValue={form.values?.orderNumber}
                className={`${inputClass} uppercase placeholder:normal-case`}
              />
            )}
          </Field>
          <EmailField defaultValue={form.values?.email} />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60 sm:mt-7"
          >
            <Search className="h-4 w-4" aria-hidden="true" />
            {busy ? t("looking") : t("findOrder")}
          </button>
        </FormProvider>
      </Form>

      {order ? (
        <div className="mt-10 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="font-mono text-xl font-bold text-stone-900">{order.orderNumber}</h2>
              <p className="text-sm text-stone-600">{t("placedOn", { date: order.placedOn })}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={order.status} method={order.fulfilment.method} />
              <OrderRefundBadge order={order} />
            </div>
          </div>
          <p className="text-stone-700">
            {orderStatusLabel(order.status, order.fulfilment.method, locale).description}
          </p>
          {order.status === "pending" && found ? (
            <EtransferInstructions order={order} etransferEmail={found.etransferEmail} />
          ) : null}
          <OrderDetails order={order} />
        </div>
      ) : null}
    </div>
  );
}
