import { formatLongCalendarDay } from "~/lib/dates";
import { pickupLastDay, windowLabel, type OrderFulfilment } from "~/lib/fulfilment";
import { config } from "~/server/config.server";
import { formatMoney } from "~/lib/money";
import { canadaPostTrackingUrl } from "~/lib/order-status";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, emailParagraph, html, oneLine, renderEmail } from "./layout.server";
import { paymentBox, paymentText, viewOrderLink } from "./order-confirmation.server";
import { orderPaymentAddress } from "~/lib/store-settings";

/** The emails an order sends after the confirmation, one kind per step the shopper cares about. */
export const ORDER_EMAIL_KINDS = [
  "payment_received",
  "shipped",
  "out_for_delivery",
  "delivered",
  "ready_for_pickup",
  "cancelled",
  "unpaid_reminder",
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

interface OrderStatusEmailInput {
  kind: OrderEmailKind;
  orderNumber: string;
  shippingName: string;
  totalAmountCents: number;
  accessToken: string;
  trackingNumber?: string | null;
  /** A calendar day in the store's time zone ("2026-12-01"), written "December 1, 2026". */
  estimatedDelivery?: string | null;
  reason?: string | null;
  /** When the order was placed: the payment reminder repeats the e-Transfer's deadline. */
  placedAt?: Date;
  /** How the order reaches the shopper (a parcel when absent). */
  fulfilment?: OrderFulfilment;
  /** When a pickup was made ready: the hold's last day is counted from it. */
  readyAt?: Date | null;
}

interface Wording {
  subject: string;
  heading: string;
  lines: string[];
  link?: { href: string; label: string };
  /** The e-Transfer box (amount, address, payment reference) after the lines: the reminder's. */
  payment?: { etransferEmail: string };
  /** Paragraphs after the box. */
  after?: string[];
}

function wording(order: OrderStatusEmailInput): Wording {
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const UNPAID_CANCEL_DAYS = settings.payments.unpaidCancelDays;
  const n = order.orderNumber;
  const total = formatMoney(order.totalAmountCents);
  const method = order.fulfilment?.fulfilmentMethod ?? "parcel";
  const pickup = settings.fulfilment;
  switch (order.kind) {
    case "payment_received":
      return {
        subject: `${STORE_NAME}: payment received for ${n}`,
        heading: "We received your payment",
        lines: [
          `Thank you! Your Interac e-Transfer of ${total} for order ${n} has arrived.`,
          method === "delivery"
            ? `We are preparing your order for delivery ${deliveryWhen(order.fulfilment)}. Our driver checks photo ID at the door: have yours ready.`
            : method === "pickup"
              ? "We are preparing your order and will email you as soon as it is ready for pickup."
              : "We are preparing your order now and will email you the Canada Post tracking number as soon as it ships.",
        ],
      };
    case "ready_for_pickup": {
      const ready = order.readyAt ?? new Date();
      const lastDay = pickupLastDay(ready, pickup.pickupHoldDays, config().STORE_TIMEZONE);
      return {
        subject: `${STORE_NAME}: order ${n} is ready for pickup`,
        heading: "Your order is ready for pickup",
        lines: [
          `Order ${n} is ready at ${pickup.pickupAddress?.replace(/\n/g, ", ") ?? STORE_NAME}.${pickup.pickupHours ? ` Hours: ${pickup.pickupHours}.` : ""}`,
          `Your pickup code is ${order.fulfilment?.pickupCode ?? ""}. Bring it with government photo ID: we check it before we hand the order over.`,
          `We hold your order until ${formatLongCalendarDay(lastDay)}. If it is not picked up by then, it is cancelled and refunded.`,
        ],
      };
    }
    case "shipped": {
      const tracking = order.trackingNumber ?? "";
      return {
        subject: `${STORE_NAME}: order ${n} has shipped`,
        heading: "Your order is on its way",
        lines: [
          `Order ${n} left our shop with Canada Post. Tracking number: ${tracking}.`,
          order.estimatedDelivery
            ? `Estimated delivery: ${formatLongCalendarDay(order.estimatedDelivery)}.`
            : "Canada Post will deliver it in the next few days.",
        ],
        link: { href: canadaPostTrackingUrl(tracking), label: "Track your parcel" },
      };
    }
    case "out_for_delivery": {
      const tracking = order.trackingNumber ?? "";
      return {
        subject: `${STORE_NAME}: order ${n} is out for delivery`,
        heading: "Your order arrives today",
        lines: [
          `Canada Post is out delivering order ${n} today. Tracking number: ${tracking}.`,
          "Canada Post checks photo ID at the door: whoever receives it must be of legal age, so have yours ready.",
        ],
        link: { href: canadaPostTrackingUrl(tracking), label: "Track your parcel" },
      };
    }
    case "delivered":
      return {
        subject: `${STORE_NAME}: order ${n} was ${method === "pickup" ? "picked up" : "delivered"}`,
        heading: method === "pickup" ? "You picked up your order" : "Your order was delivered",
        lines: [
          method === "pickup"
            ? `Thank you for picking up order ${n}. We hope you enjoy it!`
            : method === "delivery"
              ? `Our driver handed over order ${n}. We hope you enjoy it!`
              : `Canada Post has delivered order ${n}. We hope you enjoy it!`,
          "If anything is wrong with your order, reply to this email and we will make it right.",
        ],
      };
    case "cancelled":
      return {
        subject: `${STORE_NAME}: order ${n} was cancelled`,
        heading: "Your order was cancelled",
        lines: [
          `Order ${n} (${total}) has been cancelled.`,
          `Reason: ${order.reason ?? "not given"}.`,
          "If you already sent an e-Transfer for it, reply to this email and we will refund it.",
        ],
      };
    case "unpaid_reminder":
      return {
        subject: `${STORE_NAME}: reminder to pay for order ${n}`,
        heading: "Your order is waiting for payment",
        lines: [
          `We are holding order ${n} for you, but its payment has not arrived yet.`,
          `Please send an Interac e-Transfer of ${total} to ${ETRANSFER_EMAIL}, with the payment reference below in the message.`,
        ],
        // The box says the deadline when the order's time is known.
        payment: { etransferEmail: ETRANSFER_EMAIL },
        after: order.placedAt
          ? []
          : [
              `Orders not paid within ${UNPAID_CANCEL_DAYS} days of being placed are cancelled automatically.`,
            ],
      };
  }
}

/** "on Tuesday, Dec 1, 4 p.m. to 6 p.m." (or "in your window" when it has none). */
function deliveryWhen(fulfilment: OrderFulfilment | undefined): string {
  const { deliveryDate: date, deliveryStarts: starts, deliveryEnds: ends } = fulfilment ?? {};
  return date && starts && ends ? `on ${windowLabel({ date, starts, ends })}` : "in your window";
}

/** An order's status email (payment received, shipped, out for delivery, delivered, cancelled, payment reminder). */
export function renderOrderStatusEmail(order: OrderStatusEmailInput) {
  const w = wording(order);
  const viewOrder = viewOrderLink(order);
  const notice = emailNotice({
    heading: w.heading,
    lines: [`Hi ${oneLine(order.shippingName)},`, ...w.lines],
    link: w.link,
  });
  const payment = w.payment
    ? {
        html: paymentBox(order, w.payment.etransferEmail),
        text: [...paymentText(order, w.payment.etransferEmail), ""],
      }
    : { html: "", text: [] };
  const after = w.after ?? [];
  return renderEmail({
    subject: w.subject,
    preheader: w.lines[0]!,
    content: html`${notice.content} ${payment.html} ${after.map((line) => emailParagraph(line))}
    ${viewOrder.html}`,
    text: [
      ...notice.text,
      ...payment.text,
      ...after.flatMap((line) => [line, ""]),
      viewOrder.text,
    ].join("\n"),
  });
}
