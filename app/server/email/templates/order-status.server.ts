import { formatLongCalendarDay } from "~/lib/dates";
import { pickupLastDay, windowLabel, type OrderFulfilment } from "~/lib/fulfilment";
import type { Locale } from "~/lib/i18n/locale";
import { config } from "~/server/config.server";
import { formatMoney } from "~/lib/money";
import { canadaPostTrackingUrl } from "~/lib/order-status";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailNotice,
  emailParagraph,
  emailText,
  html,
  localizableEmail,
  oneLine,
  renderEmail,
} from "./layout.server";
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
  /** The order's language (orders.locale); English when not given. */
  locale?: Locale;
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

function wording(order: OrderStatusEmailInput, locale: Locale): Wording {
  const t = emailText(locale);
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const UNPAID_CANCEL_DAYS = settings.payments.unpaidCancelDays;
  const n = order.orderNumber;
  const names = { store: STORE_NAME, orderNumber: n };
  const total = formatMoney(order.totalAmountCents, locale);
  const method = order.fulfilment?.fulfilmentMethod ?? "parcel";
  const pickup = settings.fulfilment;
  switch (order.kind) {
    case "payment_received":
      return {
        subject: t("paidSubject", names),
        heading: t("paidHeading"),
        lines: [
          t("paidArrived", { total, orderNumber: n }),
          method === "delivery"
            ? t("paidDelivery", { when: deliveryWhen(order.fulfilment, locale) })
            : method === "pickup"
              ? t("paidPickup")
              : t("paidParcel"),
        ],
      };
    case "ready_for_pickup": {
      const ready = order.readyAt ?? new Date();
      const lastDay = pickupLastDay(ready, pickup.pickupHoldDays, config().STORE_TIMEZONE);
      const place = pickup.pickupAddress?.replace(/\n/g, ", ") ?? STORE_NAME;
      return {
        subject: t("readySubject", names),
        heading: t("readyHeading"),
        lines: [
          `${t("readyAt", { orderNumber: n, place })}${pickup.pickupHours ? t("readyHours", { hours: pickup.pickupHours }) : ""}`,
          t("readyCode", { code: order.fulfilment?.pickupCode ?? "" }),
          t("readyHold", { day: formatLongCalendarDay(lastDay, locale) }),
        ],
      };
    }
    case "shipped": {
      const tracking = order.trackingNumber ?? "";
      return {
        subject: t("shippedSubject", names),
        heading: t("shippedHeading"),
        lines: [
          t("shippedLine", { orderNumber: n, tracking }),
          order.estimatedDelivery
            ? t("estimatedDelivery", {
                day: formatLongCalendarDay(order.estimatedDelivery, locale),
              })
            : t("nextFewDays"),
        ],
        link: { href: canadaPostTrackingUrl(tracking, locale), label: t("trackParcel") },
      };
    }
    case "out_for_delivery": {
      const tracking = order.trackingNumber ?? "";
      return {
        subject: t("outSubject", names),
        heading: t("outHeading"),
        lines: [t("outLine", { orderNumber: n, tracking }), t("outId")],
        link: { href: canadaPostTrackingUrl(tracking, locale), label: t("trackParcel") },
      };
    }
    case "delivered":
      return {
        subject: t(method === "pickup" ? "pickedUpSubject" : "deliveredSubject", names),
        heading: t(method === "pickup" ? "pickedUpHeading" : "deliveredHeading"),
        lines: [
          method === "pickup"
            ? t("pickedUpLine", { orderNumber: n })
            : method === "delivery"
              ? t("driverDeliveredLine", { orderNumber: n })
              : t("canadaPostDeliveredLine", { orderNumber: n }),
          t("anythingWrong"),
        ],
      };
    case "cancelled":
      return {
        subject: t("cancelledSubject", names),
        heading: t("cancelledHeading"),
        lines: [
          t("cancelledLine", { orderNumber: n, total }),
          t("reason", { reason: order.reason ?? t("reasonNotGiven") }),
          t("cancelledRefundOffer"),
        ],
      };
    case "unpaid_reminder":
      return {
        subject: t("reminderSubject", names),
        heading: t("reminderHeading"),
        lines: [
          t("reminderHolding", { orderNumber: n }),
          t("reminderSend", { total, email: ETRANSFER_EMAIL }),
        ],
        // The box says the deadline when the order's time is known.
        payment: { etransferEmail: ETRANSFER_EMAIL },
        after: order.placedAt
          ? []
          : [t("reminderAutoCancel", { days: String(UNPAID_CANCEL_DAYS) })],
      };
  }
}

/** "on Tuesday, Dec 1, 4 p.m. to 6 p.m." (or "in your window" when it has none). */
function deliveryWhen(fulfilment: OrderFulfilment | undefined, locale: Locale): string {
  const t = emailText(locale);
  const { deliveryDate: date, deliveryStarts: starts, deliveryEnds: ends } = fulfilment ?? {};
  return date && starts && ends
    ? t("deliveryOn", { window: windowLabel({ date, starts, ends }, locale) })
    : t("deliveryInWindow");
}

/** An order's status email (payment received, shipped, out for delivery, delivered, cancelled, payment reminder). */
export function renderOrderStatusEmail(order: OrderStatusEmailInput) {
  return localizableEmail(order.locale, (locale) => statusEmailIn(order, locale));
}

function statusEmailIn(order: OrderStatusEmailInput, locale: Locale) {
  const t = emailText(locale);
  const w = wording(order, locale);
  const viewOrder = viewOrderLink(order, locale);
  const notice = emailNotice({
    heading: w.heading,
    lines: [t("hiName", { name: oneLine(order.shippingName) }), ...w.lines],
    link: w.link,
    locale,
  });
  const payment = w.payment
    ? {
        html: paymentBox(order, w.payment.etransferEmail, locale),
        text: [...paymentText(order, w.payment.etransferEmail, locale), ""],
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
    locale,
  });
}
