import { formatLongCalendarDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { canadaPostTrackingUrl } from "~/lib/order-status";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, html, oneLine, renderEmail } from "./layout.server";
import { deadlineSentence, viewOrderLink } from "./order-confirmation.server";
import { orderPaymentAddress } from "~/lib/store-settings";

/** The emails an order sends after the confirmation, one kind per step the shopper cares about. */
export const ORDER_EMAIL_KINDS = [
  "payment_received",
  "shipped",
  "delivered",
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
}

interface Wording {
  subject: string;
  heading: string;
  lines: string[];
  link?: { href: string; label: string };
}

function wording(order: OrderStatusEmailInput): Wording {
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const UNPAID_CANCEL_DAYS = settings.payments.unpaidCancelDays;
  const n = order.orderNumber;
  const total = formatMoney(order.totalAmountCents);
  switch (order.kind) {
    case "payment_received":
      return {
        subject: `${STORE_NAME}: payment received for ${n}`,
        heading: "We received your payment",
        lines: [
          `Thank you! Your Interac e-Transfer of ${total} for order ${n} has arrived.`,
          "We are preparing your order now and will email you the Canada Post tracking number as soon as it ships.",
        ],
      };
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
    case "delivered":
      return {
        subject: `${STORE_NAME}: order ${n} was delivered`,
        heading: "Your order was delivered",
        lines: [
          `Canada Post has delivered order ${n}. We hope you enjoy it!`,
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
          `Please send an Interac e-Transfer of ${total} to ${ETRANSFER_EMAIL} with ${n} as the message.`,
          deadlineSentence(order.placedAt) ??
            `Orders not paid within ${UNPAID_CANCEL_DAYS} days of being placed are cancelled automatically.`,
        ],
      };
  }
}

/** An order's status email (payment received, shipped, delivered, cancelled, payment reminder). */
export function renderOrderStatusEmail(order: OrderStatusEmailInput) {
  const w = wording(order);
  const viewOrder = viewOrderLink(order);
  const notice = emailNotice({
    heading: w.heading,
    lines: [`Hi ${oneLine(order.shippingName)},`, ...w.lines],
    link: w.link,
  });
  return renderEmail({
    subject: w.subject,
    preheader: w.lines[0]!,
    content: html`${notice.content} ${viewOrder.html}`,
    text: [...notice.text, viewOrder.text].join("\n"),
  });
}
