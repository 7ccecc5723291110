import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { canadaPostTrackingUrl, normalizeOrderNumber, SHIPPED_STATUSES } from "~/lib/order-status";
import { dateText, formatLongDate } from "~/lib/dates";
import { feeLabel, fulfilmentLine } from "~/lib/fulfilment";
import { fail, type Result } from "~/lib/errors";
import { config } from "../config.server";
import { db } from "../db.server";
import { orderItems, orders, shipments } from "../db-tables";
import { taxLineLabel, type TaxLine } from "~/lib/taxes";
import type { Locale } from "~/lib/i18n/locale";
import { orderPageMessages } from "~/lib/i18n/messages/orders";
import { translator } from "~/lib/i18n/translate";
import { getOrderTaxLines } from "../taxes/taxes.server";
import { checkThrottle, recordAttempt } from "../auth/throttle.server";
import { paymentDeadline } from "~/lib/payment-deadline";
import { storeSettings } from "../settings/store-settings.server";

/** An order as the shopper sees it (confirmation and look-up pages), in the page's language. */
export interface OrderView {
  orderNumber: string;
  status: string;
  createdAt: string;
  /** The order date in the store's time zone, e.g. "November 21, 2026" ("21 novembre 2026"). */
  placedOn: string;
  email: string;
  shipping: { name: string; street: string; city: string; province: string; postalCode: string };
  items: { name: string; sizeLabel: string | null; quantity: number; priceCents: number }[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  /** How it reaches the shopper: the fee's label and the method in one line (docs/product/fulfilment.md). */
  fulfilment: { method: string; feeLabel: string; line: string; pickupCode: string | null };
  /** Sales tax lines as charged (none for orders placed before taxes). */
  taxLines: TaxLine[];
  totalAmountCents: number;
  /**
   * Received so far by e-Transfer (0 when nothing): while the order is pending, part of its total
   * may have arrived, and the payment box asks for the rest.
   */
  paymentReceivedCents: number;
  /** Refunded so far: the "Refunded" / "Partly refunded" badge and the totals' refunded line. */
  refundedCents: number;
  couponCode: string | null;
  /**
   * While unpaid: the date by which the e-Transfer must arrive ("Friday, November 27"), the day the
   * unpaid-orders job cancels it (app/lib/payment-deadline.ts); null once paid or cancelled.
   */
  paymentDeadline: string | null;
  shipment: {
    carrier: string;
    trackingNumber: string | null;
    trackingUrl: string | null;
    estimatedDelivery: string | null;
  } | null;
  /** Canada Post's scans of the parcel, newest first (the tracking job's); none before it ships. */
  trackingEvents: TrackingEventView[];
}

export interface TrackingEventView {
  /** ISO instant. */
  at: string;
  /** The scan's time in the store's time zone, e.g. "Nov 30, 2026, 8:27 a.m.". */
  when: string;
  description: string;
  location: string | null;
}

/** The shipment's scans as JSON in the order's own statement (newest first). */
const EVENTS = sql<{ at: string; description: string; location: string | null }[] | null>`(
  select json_agg(json_build_object('at', e.at, 'description', e.description, 'location', e.location)
    order by e.at desc, e.code desc)
  from shipment_events e where e.shipment_id = ${shipments.id})`;

async function orderView(where: SQL, locale: Locale): Promise<OrderView | null> {
  const [order] = await db()
    .select({ order: orders, shipment: shipments, events: EVENTS })
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .where(where)
    .limit(1);
  if (!order) return null;
  const { order: o, shipment: s, events } = order;
  const items = await db()
    .select({
      name: orderItems.productName,
      sizeLabel: orderItems.sizeLabel,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceAtPurchaseCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  // Stored with English labels: written again in the page's language ("TPS 5 %").
  const taxLines = (await getOrderTaxLines(o.id)).map((line) => ({
    ...line,
    label: taxLineLabel(line, locale),
  }));
  const shipped = SHIPPED_STATUSES.includes(o.status) || s?.status === "delivered";
  const deadline =
    o.status === "pending"
      ? paymentDeadline(
          o.createdAt,
          (await storeSettings()).payments.unpaidCancelDays,
          config().STORE_TIMEZONE,
          locale,
        )
      : null;
  return {
    orderNumber: o.orderNumber,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    placedOn: formatLongDate(o.createdAt, config().STORE_TIMEZONE, locale),
    email: o.email,
    shipping: {
      name: o.shippingName,
      street: o.shippingStreet,
      city: o.shippingCity,
      province: o.shippingProvince,
      postalCode: o.shippingPostalCode,
    },
    items,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCostCents: o.shippingCostCents,
    fulfilment: {
      method: o.fulfilmentMethod,
      feeLabel: feeLabel(o.fulfilmentMethod, locale),
      line: fulfilmentLine(o, locale),
      pickupCode: o.pickupCode,
    },
    taxLines,
    totalAmountCents: o.totalAmountCents,
    paymentReceivedCents: o.paymentReceivedCents ?? 0,
    refundedCents: o.refundedCents,
    couponCode: o.couponCode,
    paymentDeadline: deadline,
    shipment: s
      ? {
          carrier: s.carrier,
          trackingNumber: shipped ? s.trackingNumber : null,
          trackingUrl:
            shipped && s.trackingNumber ? canadaPostTrackingUrl(s.trackingNumber, locale) : null,
          estimatedDelivery: s.estimatedDelivery,
        }
      : null,
    trackingEvents: shipped
      ? (events ?? []).map((event) => {
          const at = new Date(event.at);
          return {
            at: at.toISOString(),
            when: dateText(at, config().STORE_TIMEZONE, locale).dateTime,
            description: event.description,
            location: event.location,
          };
        })
      : [],
  };
}

/** The order behind a confirmation link; null for any token that is not one. */
export async function getOrderByAccessToken(
  token: string,
  locale: Locale = "en",
): Promise<OrderView | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  return orderView(eq(orders.accessToken, token), locale);
}

/** One order placed with this email (any case), for the shopper's account; null for any other. */
export async function getOrderForEmail(
  orderNumber: string,
  email: string,
  locale: Locale = "en",
): Promise<OrderView | null> {
  const number = normalizeOrderNumber(orderNumber);
  if (!number) return null;
  return orderView(
    and(
      eq(orders.orderNumber, number),
      eq(sql`lower(${orders.email})`, email.trim().toLowerCase()),
    )!,
    locale,
  );
}

// Guessing is throttled (auth/throttle.server.ts) per order number and address, per address and,
// slowing down only, per order number (order numbers are sequential).
export const LOOKUP_NOT_FOUND = translator(orderPageMessages, "en")("lookupNotFound");
export const LOOKUP_THROTTLED = translator(orderPageMessages, "en")("lookupThrottled");

type LookupResult = Result<{ order: OrderView }>;

/**
 * Order look-up by number and email. A wrong number and a wrong email get the same answer, and
 * failures are counted so the look-up cannot be used to enumerate orders. The order and the
 * answers are in `locale` (the page's).
 */
export async function lookupOrder(options: {
  orderNumber: string;
  email: string;
  ipAddress: string;
  now?: Date;
  locale?: Locale;
}): Promise<LookupResult> {
  const now = options.now ?? new Date();
  const locale = options.locale ?? "en";
  const t = translator(orderPageMessages, locale);
  const orderNumber =
    normalizeOrderNumber(options.orderNumber) ?? options.orderNumber.trim().slice(0, 40);
  const target = {
    scope: "order-lookup",
    key: orderNumber,
    address: options.ipAddress,
    now,
  } as const;
  const decision = await checkThrottle(target);
  if (!decision.ok) return fail(429, t("lookupThrottled"));

  const order = await orderView(
    and(
      eq(orders.orderNumber, orderNumber),
      eq(sql`lower(${orders.email})`, options.email.trim().toLowerCase()),
    )!,
    locale,
  );
  await recordAttempt({ ...target, succeeded: !!order });
  return order ? { ok: true, order } : fail(404, t("lookupNotFound"));
}
