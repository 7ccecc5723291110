import { formatMoney } from "~/lib/money";
import { orderPaymentAddress } from "~/lib/store-settings";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailHeading,
  emailParagraph,
  emailSubheading,
  html,
  oneLine,
  renderEmail,
} from "./layout.server";
import {
  orderItemsSection,
  orderPageUrl,
  paymentBox,
  paymentText,
  referenceSuffix,
  type OrderLines,
} from "./order-confirmation.server";

/** A pending order after staff changed it: its new lines and totals, and what to send now. */
interface OrderUpdatedInput extends OrderLines {
  orderNumber: string;
  shippingName: string;
  accessToken: string;
  placedAt: Date;
  /** The total before the change (said when it moved, so an e-Transfer already sent is sorted out). */
  previousTotalCents: number;
  shipping: { street: string; city: string; province: string; postalCode: string };
}

/**
 * "Your order was updated": sent when staff edit a pending order (quantities, lines, address). It
 * lists the order as it now is and the new amount to send by Interac e-Transfer to the store's
 * e-Transfer address, with the order's payment reference (unchanged by the edit) as the message and
 * the same deadline as before.
 */
export function renderOrderUpdatedEmail(order: OrderUpdatedInput) {
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const orderUrl = orderPageUrl(order.accessToken);
  const name = oneLine(order.shippingName);
  const total = formatMoney(order.totalAmountCents);
  const previous = formatMoney(order.previousTotalCents);
  const moved = order.previousTotalCents !== order.totalAmountCents;
  const intro = `We updated order ${order.orderNumber}. Here it is as it stands now.`;
  const amount = moved
    ? `The amount to pay is now ${total} (it was ${previous}). If you already sent an e-Transfer for ${previous}, reply to this email and we will sort out the difference.`
    : `The amount to pay is still ${total}.`;
  const items = orderItemsSection("Your order", order);
  const address = [
    name,
    oneLine(order.shipping.street),
    `${oneLine(order.shipping.city)}, ${order.shipping.province} ${order.shipping.postalCode}`,
  ];

  const content = html`${emailHeading("Your order was updated")} ${emailParagraph(`Hi ${name},`)}
  ${emailParagraph(intro)} ${emailParagraph(amount)} ${paymentBox(order, ETRANSFER_EMAIL)}
  ${items.html} ${emailSubheading("Shipping to")}
  ${emailParagraph(html`${address[0]}<br />${address[1]}<br />${address[2]}`)}
  ${emailButton(orderUrl, "View your order")}`;

  const text = [
    "Your order was updated",
    "",
    `Hi ${name},`,
    "",
    intro,
    "",
    amount,
    "",
    ...paymentText(order, ETRANSFER_EMAIL),
    "",
    ...items.text,
    "",
    "SHIPPING TO",
    ...address.map((line) => `  ${line}`),
    "",
    `View your order: ${orderUrl}`,
  ].join("\n");

  return renderEmail({
    subject: `${STORE_NAME}: your order ${order.orderNumber} was updated`,
    title: `Order ${order.orderNumber} updated`,
    preheader: `Order ${order.orderNumber} was updated: pay ${total} by Interac e-Transfer to ${ETRANSFER_EMAIL}${referenceSuffix(order.orderNumber)}.`,
    content,
    text,
  });
}
