import { ArrowLeft, FileDown } from "lucide-react";
import type { Route } from "./+types/order";
import { AccountError } from "~/components/store/account-error";
import { secondaryButton, textLink } from "~/components/store/account-ui";
import { Link } from "~/components/store/localized-link";
import { OrderDetails, OrderRefundBadge, OrderStatusBadge } from "~/components/store/order-details";
import { EtransferInstructions } from "~/components/store/payment-reference";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useLocalePath, useT } from "~/lib/i18n/use-locale";
import { orderStatusLabel } from "~/lib/order-status";
import { getAccountOrder } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { invariantResponse } from "~/server/http/responses.server";
import { orderPaymentAddress } from "~/lib/store-settings";

export function meta({ params, location }: Route.MetaArgs) {
  const t = translator(accountMessages, localeOfPath(location.pathname));
  return [
    { title: t("titleOrder", { orderNumber: params.orderNumber }) },
    { name: "robots", content: "noindex" },
  ];
}

/** Another shopper's order (or an unconfirmed email) is simply not found: nothing is revealed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const locale = requestLocale(request);
  const found = await getAccountOrder({ shopper, orderNumber: params.orderNumber, locale });
  invariantResponse(found, translator(accountMessages, locale)("orderNotFound"), { status: 404 });
  return { ...found, etransferEmail: orderPaymentAddress((await storeSettings()).payments) };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const localize = useLocalePath();
  const { order, invoiceStatus, etransferEmail } = loaderData;
  return (
    <div className="space-y-6">
      <Link to="/account/orders" className={`inline-flex items-center gap-1 text-sm ${textLink}`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("allOrders")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-mono text-xl font-bold text-stone-900">{order.orderNumber}</h2>
          <p className="text-sm text-stone-600">{t("placedOn", { date: order.placedOn })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} method={order.fulfilment.method} />
          <OrderRefundBadge order={order} />
          {invoiceStatus ? (
            <a
              href={localize(`/account/orders/${order.orderNumber}/invoice.pdf`)}
              className={secondaryButton}
              download
            >
              <FileDown className="h-4 w-4" aria-hidden="true" />
              {t("invoicePdf")}
            </a>
          ) : null}
        </div>
      </div>
      <p className="text-stone-700">
        {orderStatusLabel(order.status, order.fulfilment.method, locale).description}
      </p>
      {order.status === "pending" ? (
        <EtransferInstructions order={order} etransferEmail={etransferEmail} />
      ) : null}
      <OrderDetails order={order} />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT(accountMessages);
  return <AccountError what="Order" back={{ to: "/account/orders", label: t("allOrders") }} />;
}
