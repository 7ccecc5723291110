import { href } from "react-router";
import { provinceName } from "~/lib/address";
import { formatDateTime } from "~/lib/dates";
import { fulfilmentLine } from "~/lib/fulfilment";
import { formatMoney } from "~/lib/money";
import { config } from "~/server/config.server";
import {
  emailButton,
  emailHeading,
  emailLink,
  emailNote,
  emailParagraph,
  html,
  oneLine,
  renderEmail,
} from "./layout.server";
import { orderItemsSection, type OrderLines } from "./order-confirmation.server";

/** An order just placed at checkout, as the staff's new-order email shows it. */
export interface NewOrderAlertInput extends OrderLines {
  orderNumber: string;
  placedAt: Date;
  customerName: string;
  customerEmail: string;
  /** The shipping province's code ("BC"). */
  province: string;
}

/** Every order placed at checkout starts unpaid: the shopper pays by Interac e-Transfer. */
const PAYMENT_STATUS = "Awaiting Interac e-Transfer";

/** The admin page of an order, in full (for links in emails). */
export function adminOrderUrl(orderNumber: string): string {
  return `${config().publicUrl}${href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber })}`;
}

/**
 * The email each new-order recipient (Settings → Notifications) gets when an order is placed: its
 * number, time (STORE_TIMEZONE), customer, province, items, totals and payment status, with a
 * button to its admin page. A service message to the shop's own staff (no unsubscribe link).
 */
export function renderNewOrderAlertEmail(order: NewOrderAlertInput) {
  const total = formatMoney(order.totalAmountCents);
  const placed = formatDateTime(order.placedAt, config().STORE_TIMEZONE);
  const name = oneLine(order.customerName);
  const province = provinceName(order.province);
  const how = order.fulfilment ? fulfilmentLine(order.fulfilment) : null;
  const orderUrl = adminOrderUrl(order.orderNumber);
  const subject = `New order ${order.orderNumber}: ${total}`;

  const items = orderItemsSection("Items", order);
  const details: [string, unknown][] = [
    ["Order", order.orderNumber],
    ["Placed", placed],
    ["Customer", html`${name}, ${emailLink(`mailto:${order.customerEmail}`, order.customerEmail)}`],
    ["Ships to", province],
    ...(how ? [["How", how] as [string, unknown]] : []),
    ["Payment", PAYMENT_STATUS],
  ];
  const content = html`${emailHeading(`New order ${order.orderNumber}`)}
  ${emailParagraph(details.map(([label, value], i) => html`${i > 0 ? html`<br />` : ""}<strong>${label}:</strong> ${value}`))}
  ${items.html} ${emailButton(orderUrl, "Open the order")}
  ${emailNote("Mark it paid on the order page once the e-Transfer arrives.")}`;

  const text = [
    `New order ${order.orderNumber}`,
    "",
    `Order: ${order.orderNumber}`,
    `Placed: ${placed}`,
    `Customer: ${name} <${order.customerEmail}>`,
    `Ships to: ${province}`,
    ...(how ? [`How: ${how}`] : []),
    `Payment: ${PAYMENT_STATUS}`,
    "",
    ...items.text,
    "",
    `Open the order: ${orderUrl}`,
  ].join("\n");
  return renderEmail({
    subject,
    preheader: `${name} ordered ${total}, shipping to ${province}.`,
    content,
    text,
  });
}
