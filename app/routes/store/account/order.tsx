import { ArrowLeft, FileDown } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/order";
import { AccountError } from "~/components/store/account-error";
import { secondaryButton, textLink } from "~/components/store/account-ui";
import { OrderDetails, OrderRefundBadge, OrderStatusBadge } from "~/components/store/order-details";
import { EtransferInstructions } from "~/components/store/payment-reference";
import { orderStatusLabel } from "~/lib/order-status";
import { getAccountOrder } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { invariantResponse } from "~/server/http/responses.server";
import { orderPaymentAddress } from "~/lib/store-settings";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.orderNumber}` }, { name: "robots", content: "noindex" }];
}

/** Another shopper's order (or an unconfirmed email) is simply not found: nothing is revealed. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const found = await getAccountOrder({ shopper, orderNumber: params.orderNumber });
  invariantResponse(found, "Order not found", { status: 404 });
  return { ...found, etransferEmail: orderPaymentAddress((await storeSettings()).payments) };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, invoiceStatus, etransferEmail } = loaderData;
  return (
    <div className="space-y-6">
      <Link to="/account/orders" className={`inline-flex items-center gap-1 text-sm ${textLink}`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All orders
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-mono text-xl font-bold text-stone-900">{order.orderNumber}</h2>
          <p className="text-sm text-stone-600">Placed {order.placedOn}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} method={order.fulfilment.method} />
          <OrderRefundBadge order={order} />
          {invoiceStatus ? (
            <a
              href={`/account/orders/${order.orderNumber}/invoice.pdf`}
              className={secondaryButton}
              download
            >
              <FileDown className="h-4 w-4" aria-hidden="true" />
              Invoice (PDF)
            </a>
          ) : null}
        </div>
      </div>
      <p className="text-stone-700">
        {orderStatusLabel(order.status, order.fulfilment.method).description}
      </p>
      {order.status === "pending" ? (
        <EtransferInstructions order={order} etransferEmail={etransferEmail} />
      ) : null}
      <OrderDetails order={order} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccountError what="Order" back={{ to: "/account/orders", label: "All orders" }} />;
}
