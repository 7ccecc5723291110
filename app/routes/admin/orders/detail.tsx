import { ExternalLink, Pencil } from "lucide-react";
import { href, Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/detail";
import { OrderStatusBadge, RefundBadge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { useCan } from "~/components/admin/use-can";
import { DetailPage } from "~/components/admin/page";
import { ActivityPanel } from "~/components/admin/activity";
import { recordActivityFor } from "~/server/audit/activity.server";
import {
  Line,
  OrderEmails,
  OrderTotals,
  Section,
  TrackingEvents,
} from "~/components/admin/order-panels";
import { OrderStatusButtons } from "~/components/admin/order-status-control";
import { OrderRefunds } from "~/components/admin/order-refunds";
import {
  CancelWithRefundButton,
  RefundButton,
  type RefundPanelData,
} from "~/components/admin/refund-dialog";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { provinceName } from "~/lib/address";
import { fulfilmentLine } from "~/lib/fulfilment";
import { formatCalendarDay, formatDateTime, withDateTexts } from "~/lib/dates";
import { paymentReference } from "~/lib/payment-reference";
import { PAYMENT_SOURCE_LABELS, type PaymentSource } from "~/lib/payments";
import { orderPayments } from "~/server/payments/payment-queue.server";
import type { FormRules } from "~/lib/form";
import { lotLabel } from "~/lib/lots";
import { formatMoney } from "~/lib/money";
import { canadaPostTrackingUrl, historyEntryKind, statusName } from "~/lib/order-status";
import {
  cancelOrderForm,
  markPaidForm,
  orderStepForm,
  shipOrderForm,
  UNKNOWN_STATUS,
} from "~/schemas/orders";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";
import { config } from "~/server/config.server";
import {
  dispatchIntent,
  formReply,
  parseForm,
  readForm,
  warningReply,
} from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { findOrderId, getAdminOrder, type AdminOrder } from "~/server/orders/order-admin.server";
import { changeOrderStatus, type StatusChange } from "~/server/orders/order-status.server";
import { orderRefundPanel, plainCancelRefusal } from "~/server/orders/refunds.server";
import { usedTrackingWarning } from "~/server/shipping/shipments.server";
import { customerDisplayId } from "~/lib/customers";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.orderNumber} · Orders · Admin` },
];

const NOT_FOUND = "This order does not exist. Check the order number.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const details = await getAdminOrder(params.orderNumber);
  invariantResponse(details, NOT_FOUND, { status: 404 });
  const [activity, refundPanel, payments] = await Promise.all([
    recordActivityFor(currentAdmin(context), "order", details.order.orderNumber),
    orderRefundPanel(details.order.id),
    orderPayments(details.order.id),
  ]);
  invariantResponse(refundPanel, NOT_FOUND, { status: 404 });
  return withDateTexts({ ...details, activity, refundPanel, payments }, config().STORE_TIMEZONE);
}

/**
 * The status steps, from this page's buttons and from the list's row control (which sends
 * `returnTo`): each dialog posts its step as the `intent`, with that step's fields.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const form = await readForm(request);
  const orderId = await findOrderId(params.orderNumber);
  if (!orderId) return formReply({ form: NOT_FOUND }, { status: 404, form });

  const step = async <S extends z.ZodType<{ from: string }>>(
    rules: FormRules<S>,
    change: (data: z.output<S>) => StatusChange,
  ) => {
    const submission = await parseForm(form, rules);
    if (!submission.ok) return submission.reply;
    const result = await changeOrderStatus({
      orderId,
      expectedStatus: submission.data.from,
      change: change(submission.data),
      actor,
    });
    if (!result.ok)
      return formReply(result.errors ?? { form: result.message }, { status: result.status, form });
    const list = href("/budzadmin/dashboard/orders");
    const returnTo = String(form.get("returnTo") ?? "");
    const back = returnTo.startsWith(list)
      ? returnTo
      : href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: result.orderNumber });
    return redirectWithToast(back, `${result.orderNumber} is now ${statusName(result.to)}.`);
  };
  const steps = {
    paid: () =>
      step(markPaidForm, (d) => ({
        to: "paid",
        reference: d.reference,
        amountReceivedCents: d.amountReceived,
        note: d.note,
        acceptDifferentAmount: d.acceptDifferentAmount,
      })),
    processing: () => step(orderStepForm, (d) => ({ to: "processing", note: d.note })),
    shipped: async () => {
      // A tracking number already on another order is saved only once confirmed.
      const submission = await parseForm(form, shipOrderForm);
      if (submission.ok && submission.data.from === "processing") {
        const warning = await usedTrackingWarning({
          trackingNumber: submission.data.trackingNumber,
          orderId,
          confirmed: submission.data.confirmTracking,
        });
        if (warning) return warningReply(warning, form);
      }
      return step(shipOrderForm, (d) => ({
        to: "shipped",
        trackingNumber: d.trackingNumber,
        note: d.note,
      }));
    },
    delivered: () => step(orderStepForm, (d) => ({ to: "delivered", note: d.note })),
    completed: () => step(orderStepForm, (d) => ({ to: "completed", note: d.note })),
    cancelled: async () => {
      // A paid order's money is not left in limbo: its cancel is the refund dialog's.
      const refusal = await plainCancelRefusal(orderId);
      if (refusal) return formReply({ form: refusal }, { status: 409, form });
      return step(cancelOrderForm, (d) => ({ to: "cancelled", reason: d.reason }));
    },
  };
  // A step this page does not know is said in the dialog (a 400), like any refused step.
  if (!Object.hasOwn(steps, String(form.get("intent"))))
    return formReply({ form: UNKNOWN_STATUS }, { form });
  return dispatchIntent(form, steps);
}

/** A history entry's title: the status move, or what a note that left the status recorded. */
function historyTitle(h: { fromStatus: string | null; toStatus: string; note: string | null }) {
  switch (historyEntryKind(h)) {
    case "refund":
      return "Refund";
    case "edited":
      return "Order edited";
    case "placed":
      return statusName(h.toStatus);
    case "moved":
      return `${statusName(h.fromStatus ?? "")} → ${statusName(h.toStatus)}`;
  }
}

const related =
  "mt-3 inline-flex text-sm font-medium text-brand-800 underline hover:text-brand-900";

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const {
    order,
    items,
    lots,
    history,
    shipment,
    trackingEvents,
    emails,
    taxLines,
    activity,
    refundPanel,
    payments,
    dates,
  } = loaderData;
  const can = useCan();
  const when = (date: Date | string) => formatDateTime(date, dates);
  const here = href("/budzadmin/dashboard/orders/:orderNumber", {
    orderNumber: order.orderNumber,
  });
  const panel: RefundPanelData = {
    orderNumber: order.orderNumber,
    email: order.email,
    status: order.status,
    version: order.version,
    totalCents: order.totalAmountCents,
    refundedCents: order.refundedCents,
    paidCents: order.paymentReceivedCents ?? order.totalAmountCents,
    refundable: refundPanel.refundable,
    refunded: refundPanel.refunded,
  };
  const remainingCents = order.totalAmountCents - order.refundedCents;
  const mayRefund = can("refunds") && refundPanel.paid && remainingCents > 0;
  // Cancelling a paid order refunds it: only those who may refund see Cancel order there.
  const paidCancel = refundPanel.paid && remainingCents > 0 && order.status !== "cancelled";
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/orders"), label: "All orders" }}
      title={`Order ${order.orderNumber}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <RefundBadge order={order} /> Placed {when(order.createdAt)} · updated{" "}
          {when(order.updatedAt)}
        </span>
      }
      actions={
        <>
          {order.status === "pending" && can("orders.edit") ? (
            <Link
              to={href("/budzadmin/dashboard/orders/:orderNumber/edit", {
                orderNumber: order.orderNumber,
              })}
              className={buttonClass("secondary")}
            >
              <Pencil className="h-4 w-4" aria-hidden /> Edit order
            </Link>
          ) : null}
          <OrderStatusButtons
            order={{
              orderNumber: order.orderNumber,
              status: order.status,
              totalCents: order.totalAmountCents,
              owingCents: order.totalAmountCents - (order.paymentReceivedCents ?? 0),
              method: order.fulfilmentMethod,
            }}
            returnTo={here}
            cancelButton={
              paidCancel ? (
                can("refunds") ? (
                  <CancelWithRefundButton panel={panel} />
                ) : null
              ) : undefined
            }
          />
          {mayRefund ? <RefundButton panel={panel} /> : null}
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <Section title="Items">
            <table className="w-full text-sm">
              <caption className="sr-only">Items ordered</caption>
              <thead className="text-xs text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="pb-2 text-left font-semibold">
                    Product
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Price
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Qty
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {items.map((item) => (
                  <tr key={item.id}>
                    <td className="py-2 pr-2">
                      <p className="font-medium text-stone-900">{item.productName}</p>
                      {item.sizeLabel ? (
                        <p className="text-xs text-stone-500">Size {item.sizeLabel}</p>
                      ) : null}
                      <LineLots
                        lots={lots.filter(
                          (lot) =>
                            lot.productId === item.productId &&
                            lot.variationId === item.variationId,
                        )}
                      />
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatMoney(item.priceCents)}</td>
                    <td className="py-2 text-right tabular-nums">{item.quantity}</td>
                    <td className="py-2 text-right tabular-nums">
                      {formatMoney(item.priceCents * item.quantity)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <OrderTotals
              className="mt-3 border-t border-stone-200 pt-3 text-sm"
              subtotalCents={order.subtotalCents}
              discountCents={order.discountCents}
              couponCode={order.couponCode}
              shippingCents={order.shippingCostCents}
              method={order.fulfilmentMethod}
              taxLines={taxLines}
              totalCents={order.totalAmountCents}
            />
          </Section>
          <Section title="History">
            <ol className="space-y-3 text-sm">
              {history.map((h) => (
                <li key={h.id} className="border-l-2 border-brand-200 pl-3">
                  <p className="font-medium text-stone-900">{historyTitle(h)}</p>
                  <p className="text-xs text-stone-500">
                    {when(h.createdAt)} · by {h.changedBy}
                  </p>
                  {h.note ? <p className="mt-0.5 text-stone-700">{h.note}</p> : null}
                </li>
              ))}
            </ol>
          </Section>
          <OrderRefunds refunds={refundPanel.refunds} dates={dates} />
          <OrderEmails emails={emails} dates={dates} />
          <ActivityPanel activity={activity} recordId={order.orderNumber} dates={dates} />
        </div>
        <div className="space-y-6">
          <Section title="Customer">
            <p className="font-medium text-stone-900">{order.shippingName}</p>
            <p className="text-sm break-all text-stone-600">{order.email}</p>
            {order.phone ? <p className="text-sm text-stone-600">{order.phone}</p> : null}
            <h3 className="mt-4 text-xs font-semibold text-stone-500 uppercase">Fulfilment</h3>
            <p className="text-sm font-medium text-stone-900">{fulfilmentLine(order)}</p>
            {order.parcelPriceSource === "fallback" ? (
              <p className="text-xs text-stone-600">
                Priced by Settings → Shipping: Canada Post&apos;s live rates did not answer in time.
              </p>
            ) : null}
            <h3 className="mt-4 text-xs font-semibold text-stone-500 uppercase">Ship to</h3>
            <address className="text-sm text-stone-700 not-italic">
              {order.shippingName}
              <br />
              {order.shippingStreet}
              <br />
              {order.shippingCity}, {provinceName(order.shippingProvince)}{" "}
              {order.shippingPostalCode}
            </address>
            {order.customerNumber !== null ? (
              <Link
                to={href("/budzadmin/dashboard/customers/:customerId", {
                  customerId: customerDisplayId(order.customerNumber),
                })}
                className={related}
              >
                View customer
              </Link>
            ) : null}
          </Section>
          <Section title="Payment">
            <dl className="text-sm">
              <Line label="Method">Interac e-Transfer</Line>
              <Line label="Payment reference">
                <span className="font-mono tracking-wider">
                  {paymentReference(order.orderNumber)}
                </span>
              </Line>
              {order.paidAt ? (
                <>
                  <Line label="e-Transfer">{order.paymentReference}</Line>
                  <Line label="Received">{formatMoney(order.paymentReceivedCents ?? 0)}</Line>
                  <Line label="Recorded">{when(order.paidAt)}</Line>
                  {order.refundedCents > 0 ? (
                    <>
                      <Line label="Refunded">−{formatMoney(order.refundedCents)}</Line>
                      <Line label="Remaining" strong>
                        {formatMoney(remainingCents)}
                      </Line>
                    </>
                  ) : null}
                </>
              ) : null}
            </dl>
            {order.paidAt ? null : (
              <p className="mt-3 text-sm text-stone-600">
                {order.status === "pending"
                  ? (order.paymentReceivedCents ?? 0) > 0
                    ? `Part paid: ${formatMoney(order.paymentReceivedCents ?? 0)} received, ${formatMoney(order.totalAmountCents - (order.paymentReceivedCents ?? 0))} still owing.`
                    : `Awaiting an Interac e-Transfer of ${formatMoney(order.totalAmountCents)} with the payment reference in the message.`
                  : order.status === "cancelled"
                    ? "Not paid."
                    : "Marked paid; no e-Transfer reference was recorded."}
              </p>
            )}
            {payments.length > 0 ? (
              <ul className="mt-3 divide-y divide-stone-100 rounded-lg border border-stone-200 text-sm">
                {payments.map((payment) => (
                  <li key={payment.id} className="px-3 py-2">
                    <span className="font-semibold tabular-nums">
                      {formatMoney(payment.amountCents)}
                    </span>{" "}
                    {payment.senderName ? `from ${payment.senderName} ` : ""}
                    <span className="text-stone-500">
                      · {PAYMENT_SOURCE_LABELS[payment.source as PaymentSource]} ·{" "}
                      {when(payment.receivedAt)}
                    </span>
                    {payment.overCents > 0 ? (
                      <span className="block text-xs text-amber-800">
                        {formatMoney(payment.overCents)} over the total:{" "}
                        {payment.overSettledAt
                          ? "sent back"
                          : "to send back (Payments → To refund)"}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {order.cancelReason ? (
              <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
                Cancelled {order.cancelledAt ? when(order.cancelledAt) : ""}: {order.cancelReason}
              </p>
            ) : null}
            <Link
              to={href("/budzadmin/dashboard/invoices/:orderNumber", {
                orderNumber: order.orderNumber,
              })}
              className={related}
            >
              View invoice
            </Link>
          </Section>
          <Section title="Shipment">
            {shipment ? (
              <>
                <dl className="text-sm">
                  <Line label="Carrier">{shipment.carrier}</Line>
                  <Line label="Status">{statusName(shipment.status)}</Line>
                  {shipment.trackingNumber ? (
                    <Line label="Tracking">
                      <a
                        href={canadaPostTrackingUrl(shipment.trackingNumber)}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 font-medium text-brand-800 underline"
                      >
                        {shipment.trackingNumber}
                        <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                        <span className="sr-only">(Canada Post, opens in a new tab)</span>
                      </a>
                    </Line>
                  ) : null}
                  {shipment.shippedDate ? (
                    <Line label="Shipped">{when(shipment.shippedDate)}</Line>
                  ) : null}
                  {shipment.estimatedDelivery ? (
                    <Line label="Estimated delivery">
                      {formatCalendarDay(shipment.estimatedDelivery)}
                    </Line>
                  ) : null}
                  {shipment.deliveredDate ? (
                    <Line label="Delivered">{when(shipment.deliveredDate)}</Line>
                  ) : null}
                </dl>
                <TrackingEvents events={trackingEvents} dates={dates} />
              </>
            ) : (
              <p className="text-sm text-stone-600">
                Not shipped yet. Start processing to prepare the parcel.
              </p>
            )}
            {shipment ? (
              <Link
                to={`${href("/budzadmin/dashboard/shipping")}?${new URLSearchParams({ q: order.orderNumber })}`}
                className={related}
              >
                View in Shipping
              </Link>
            ) : null}
          </Section>
        </div>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

/** The lots a line's units came from, each linked to its page; a recalled one says so. */
function LineLots({ lots }: { lots: AdminOrder["lots"] }) {
  if (lots.length === 0) return null;
  return (
    <p className="text-xs text-stone-500">
      {lots.map((lot, i) => (
        <span key={lot.lotId}>
          {i > 0 ? ", " : "Lot "}
          <Link
            to={href("/budzadmin/dashboard/lots/:lotId", { lotId: lot.lotId })}
            className="underline hover:text-stone-800"
          >
            {lotLabel(lot.lotNumber)}
          </Link>
          {lots.length > 1 ? ` × ${lot.quantity}` : null}
          {lot.recalled ? (
            <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">
              Recalled
            </span>
          ) : null}
        </span>
      ))}
    </p>
  );
}
