import { ExternalLink, Package } from "lucide-react";
import { Fragment } from "react";
import { provinceName } from "~/lib/address";
import { orderPageMessages } from "~/lib/i18n/messages/orders";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import { orderStatusLabel } from "~/lib/order-status";
import { refundState } from "~/lib/refund-math";
import type { OrderView } from "~/server/orders/order-view.server";

const STATUS_STYLES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  cancelled: "bg-stone-200 text-stone-700",
};

export function OrderStatusBadge({ status, method }: { status: string; method?: string }) {
  const locale = useLocale();
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[status] ?? "bg-brand-100 text-brand-800"}`}
    >
      {orderStatusLabel(status, method, locale).label}
    </span>
  );
}

/**
 * "Refunded" or "Partly refunded" beside the status, once money was given back (derived from the
 * amount refunded against the total; the order keeps its status).
 */
export function OrderRefundBadge({
  order,
}: {
  order: { totalAmountCents: number; refundedCents: number };
}) {
  const t = useT(orderPageMessages);
  const state = refundState(order);
  if (!state) return null;
  return (
    <span className="inline-flex rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-800">
      {state === "refunded" ? t("refunded") : t("partlyRefunded")}
    </span>
  );
}

/** Items, totals, address and (once shipped) Canada Post tracking of one order. */
export function OrderDetails({ order }: { order: OrderView }) {
  const locale = useLocale();
  const t = useT(orderPageMessages);
  const { money: formatMoney } = useMoney();
  const carrier =
    order.shipment?.carrier === "Canada Post" ? t("canadaPost") : order.shipment?.carrier;
  return (
    <div className="space-y-6">
      {order.shipment?.trackingUrl ? (
        <section
          aria-labelledby="tracking-title"
          className="rounded-2xl border border-brand-200 bg-brand-50 p-5"
        >
          <h2 id="tracking-title" className="sr-only">
            {t("tracking")}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <Package className="h-6 w-6 text-brand-700" aria-hidden="true" />
            <div className="flex-1">
              <p className="font-semibold text-stone-900">
                {t("shippedWith", { carrier: carrier ?? "" })}
              </p>
              <p className="text-sm text-stone-600">
                {t("trackingNumber")}{" "}
                <span className="font-mono">{order.shipment.trackingNumber}</span>
              </p>
            </div>
            <a
              href={order.shipment.trackingUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
            >
              {t("trackWithCanadaPost")}
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </a>
          </div>
          {order.trackingEvents.length > 0 ? (
            <>
              <h3 id="tracking-events-title" className="mt-4 text-sm font-semibold text-stone-900">
                {t("trackingUpdates")}
              </h3>
              <ol aria-labelledby="tracking-events-title" className="mt-2 space-y-2 text-sm">
                {order.trackingEvents.map((event) => (
                  <li key={`${event.at}-${event.description}`}>
                    <p className="text-stone-900">{event.description}</p>
                    <p className="text-stone-600">
                      <time dateTime={event.at}>{event.when}</time>
                      {event.location ? ` · ${event.location}` : ""}
                    </p>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </section>
      ) : null}

      <section
        aria-labelledby="items-title"
        className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="items-title" className="text-lg font-semibold text-stone-900">
          {t("items")}
        </h2>
        <ul className="mt-3 divide-y divide-stone-100">
          {order.items.map((item, i) => (
            <li key={i} className="flex justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium text-stone-900">
                  {item.name}
                  {item.sizeLabel ? ` (${item.sizeLabel})` : ""}
                </p>
                <p className="text-stone-500">
                  {t("lineQuantity", {
                    quantity: item.quantity,
                    price: formatMoney(item.priceCents),
                  })}
                </p>
              </div>
              <p className="font-semibold text-stone-900">
                {formatMoney(item.priceCents * item.quantity)}
              </p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1.5 border-t border-stone-200 pt-3 text-sm">
          <Row label={t("subtotal")} value={formatMoney(order.subtotalCents)} />
          {order.discountCents > 0 ? (
            <Row
              label={
                order.couponCode ? t("discountWithCode", { code: order.couponCode }) : t("discount")
              }
              value={`-${formatMoney(order.discountCents)}`}
            />
          ) : null}
          <Row
            label={order.fulfilment.feeLabel}
            value={order.shippingCostCents === 0 ? t("free") : formatMoney(order.shippingCostCents)}
          />
          {order.taxLines.map((line) => (
            <Row key={line.kind} label={line.label} value={formatMoney(line.amountCents)} />
          ))}
          <div className="flex justify-between border-t border-stone-200 pt-2 text-base">
            <dt className="font-semibold text-stone-900">{t("total")}</dt>
            <dd className="font-bold text-stone-900">{formatMoney(order.totalAmountCents)}</dd>
          </div>
          {order.refundedCents > 0 ? (
            <>
              <Row label={t("refunded")} value={`-${formatMoney(order.refundedCents)}`} />
              <Row
                label={t("totalAfterRefunds")}
                value={formatMoney(order.totalAmountCents - order.refundedCents)}
              />
            </>
          ) : null}
        </dl>
      </section>

      <section
        aria-labelledby="ship-to-title"
        className="rounded-2xl border border-stone-200 bg-white p-5 text-sm shadow-sm sm:p-6"
      >
        <h2 id="ship-to-title" className="text-lg font-semibold text-stone-900">
          {order.fulfilment.method === "pickup" ? t("pickup") : t("shippingTo")}
        </h2>
        <p className="mt-2 font-medium text-stone-900">{order.fulfilment.line}</p>
        {order.fulfilment.method === "pickup" ? (
          <p className="mt-1 text-stone-600">{t("pickupNote")}</p>
        ) : null}
        <address className="mt-2 leading-6 text-stone-700 not-italic">
          {order.shipping.name}
          <br />
          {order.shipping.street}
          <br />
          {order.shipping.city}, {provinceName(order.shipping.province, locale)}{" "}
          {order.shipping.postalCode}
        </address>
      </section>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900">{value}</dd>
    </div>
  );
}

/**
 * An email address that wraps where a reader expects (before the "@" and the dots of the domain),
 * and mid-word only when one part alone is wider than the space.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
