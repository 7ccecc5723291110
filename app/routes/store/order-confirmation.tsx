import { CheckCircle2, Mail, Search } from "lucide-react";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Link } from "~/components/store/localized-link";
import type { Route } from "./+types/order-confirmation";
import {
  EmailAddress,
  OrderDetails,
  OrderRefundBadge,
  OrderStatusBadge,
} from "~/components/store/order-details";
import { amountDue, EtransferInstructions } from "~/components/store/payment-reference";
import { clearCart } from "~/lib/cart";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { orderPageMessages } from "~/lib/i18n/messages/orders";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import { orderStatusLabel } from "~/lib/order-status";
import { paymentReference } from "~/lib/payment-reference";
import { storeSettings } from "~/server/settings/store-settings.server";
import { invariantResponse } from "~/server/http/responses.server";
import { getOrderByAccessToken } from "~/server/orders/order-view.server";
import { orderPaymentAddress } from "~/lib/store-settings";

export function meta({ data, location }: Route.MetaArgs) {
  const t = translator(orderPageMessages, localeOfPath(location.pathname));
  return [
    {
      title: data ? t("orderTitle", { orderNumber: data.order.orderNumber }) : t("orderNotFound"),
    },
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  // The URL is the key to the order: never cached by shared caches nor sent on as a referrer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const order = await getOrderByAccessToken(params.token, locale);
  invariantResponse(order, translator(orderPageMessages, locale)("orderNotFound"), {
    status: 404,
  });
  return { order, etransferEmail: orderPaymentAddress((await storeSettings()).payments) };
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, etransferEmail } = loaderData;
  const locale = useLocale();
  const t = useT(orderPageMessages);
  const { money } = useMoney();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const justPlaced = searchParams.get("placed") === "1";

  // Arriving from the checkout: the order is placed, so the cart (and its promo code) is done.
  useEffect(() => {
    if (!justPlaced) return;
    clearCart();
    void navigate(".", { replace: true, preventScrollReset: true });
  }, [justPlaced, navigate]);

  const awaitingPayment = order.status === "pending";
  const reference = paymentReference(order.orderNumber);
  const toSend = awaitingPayment ? amountDue(order).dueCents : order.totalAmountCents;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-brand-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900">
          {awaitingPayment ? t("thankYou") : t("yourOrder")}
        </h1>
        <p className="mt-3 text-stone-600">
          {t("orderNumber")}{" "}
          <strong className="font-mono text-lg text-stone-900" data-testid="order-number">
            {order.orderNumber}
          </strong>
        </p>
        <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
          <OrderStatusBadge status={order.status} method={order.fulfilment.method} />
          <OrderRefundBadge order={order} />
        </div>
        <p className="mt-3 text-sm text-stone-600">
          <Mail className="mr-1.5 inline h-4 w-4 align-[-3px]" aria-hidden="true" />
          {richText(t("confirmationSent"), {
            email: () => <EmailAddress address={order.email} />,
          })}
        </p>
      </div>

      {awaitingPayment ? (
        <div className="mt-10">
          <EtransferInstructions order={order} etransferEmail={etransferEmail} />
        </div>
      ) : (
        <p className="mt-8 rounded-2xl bg-white p-5 text-center text-stone-700 shadow-sm">
          {orderStatusLabel(order.status, order.fulfilment.method, locale).description}
        </p>
      )}

      <section aria-labelledby="next-title" className="mt-10">
        <h2 id="next-title" className="text-lg font-semibold text-stone-900">
          {t("whatNext")}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          <Step n={1} title={t("stepSendTitle")}>
            {reference
              ? richText(
                  t("stepSendReference", {
                    amount: money(toSend),
                    email: etransferEmail,
                    reference,
                  }),
                  {
                    reference: (text) => (
                      <span className="font-mono font-semibold whitespace-nowrap text-stone-900">
                        {text}
                      </span>
                    ),
                  },
                )
              : t("stepSendNumber", {
                  amount: money(toSend),
                  email: etransferEmail,
                  orderNumber: order.orderNumber,
                })}
          </Step>
          <Step n={2} title={t("stepConfirmTitle")}>
            {t("stepConfirmText")}
          </Step>
          <Step n={3} title={t("stepShipTitle")}>
            {t("stepShipText")}
          </Step>
        </ol>
      </section>

      <div className="mt-10">
        <OrderDetails order={order} />
      </div>

      <div className="mt-10 flex flex-col items-center gap-3 text-center sm:flex-row sm:justify-center">
        <Link
          to="/order-lookup"
          className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          {t("checkLater")}
        </Link>
        <Link
          to="/"
          className="rounded-full bg-brand-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-900"
        >
          {t("continueShopping")}
        </Link>
      </div>
    </div>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white">
        {n}
      </span>
      <p className="mt-3 font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-600">{children}</p>
    </li>
  );
}
