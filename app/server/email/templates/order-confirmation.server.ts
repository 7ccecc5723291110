import { feeLabel, fulfilmentLine, type OrderFulfilment } from "~/lib/fulfilment";
import { formatMoney } from "~/lib/money";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { orderPaymentAddress } from "~/lib/store-settings";
import { paymentDeadline, paymentDeadlineSentence } from "~/lib/payment-deadline";
import { paymentReference } from "~/lib/payment-reference";
import {
  emailButton,
  emailColors,
  emailHeading,
  emailLayoutTable,
  emailLink,
  emailParagraph,
  emailSubheading,
  emailTableStyles,
  html,
  oneLine,
  renderEmail,
  type SafeHtml,
} from "./layout.server";

export interface OrderConfirmationInput {
  orderNumber: string;
  email: string;
  shippingName: string;
  items: {
    productName: string;
    sizeLabel: string | null;
    quantity: number;
    priceAtPurchaseCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  /** Sales tax lines (GST 5%, PST 7% …); none for orders placed before taxes. */
  taxLines?: { label: string; amountCents: number }[];
  totalAmountCents: number;
  accessToken: string;
  /** When it was placed: the e-Transfer's deadline is counted from it (none given: not said). */
  placedAt?: Date;
  /** How it reaches the shopper (none given: a Canada Post parcel, as before methods existed). */
  fulfilment?: OrderFulfilment;
}

/** An order's items and totals, as its emails list them. */
export type OrderLines = Pick<
  OrderConfirmationInput,
  | "items"
  | "subtotalCents"
  | "discountCents"
  | "shippingCostCents"
  | "taxLines"
  | "totalAmountCents"
  | "fulfilment"
> & {
  /** Named beside the discount when given ("Discount (SAVE15)"). */
  couponCode?: string | null;
};

const CELL = emailTableStyles.cell;

function itemLabel(item: OrderLines["items"][number]) {
  const size = item.sizeLabel ? oneLine(item.sizeLabel) : "";
  return { name: oneLine(item.productName), size };
}

function shippingLabel(cents: number) {
  return cents === 0 ? "FREE" : formatMoney(cents);
}

/** An order's page for the shopper, reached with the order's secret link. */
export function orderPageUrl(accessToken: string): string {
  return `${config().publicUrl}/orders/${encodeURIComponent(accessToken)}`;
}

/** The "View order …" link that ends an order's short emails, and its plain-text line. */
export function viewOrderLink(order: { orderNumber: string; accessToken: string }) {
  const url = orderPageUrl(order.accessToken);
  return {
    html: emailParagraph(emailLink(url, `View order ${order.orderNumber}`)),
    text: `View your order: ${url}`,
  };
}

/**
 * The date by which an order's e-Transfer must arrive (the unpaid-orders job's delay, Settings →
 * Payments), as the sentence the shopper reads; null without the order's time.
 */
export function deadlineSentence(placedAt: Date | undefined): string | null {
  if (!placedAt) return null;
  const days = storeSettingsNow().payments.unpaidCancelDays;
  return paymentDeadlineSentence(paymentDeadline(placedAt, days, config().STORE_TIMEZONE));
}

/** The one line under the payment reference (the storefront's payment box says it too). */
export const REFERENCE_INSTRUCTION =
  "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.";

/** Without a reference (an order number not of the store's form: never a real order's). */
const MATCH_PAYMENT =
  "Put the order number in the e-Transfer message so we can match your payment to your order.";

const MONOSPACE = "'SFMono-Regular',Menlo,Consolas,'Liberation Mono','Courier New',monospace";

/**
 * The e-Transfer box of an order's emails: amount, address, the order's payment reference on its
 * own line in large monospace type (emails cannot copy: easy to select instead), the line saying
 * where it goes and, when known, the deadline.
 */
export function paymentBox(
  order: Pick<OrderConfirmationInput, "orderNumber" | "totalAmountCents" | "placedAt">,
  etransferEmail: string,
): SafeHtml {
  const deadline = deadlineSentence(order.placedAt);
  const reference = paymentReference(order.orderNumber);
  const row = (label: string, value: unknown) =>
    html`<tr>
      <td
        style="${CELL};padding:4px 12px 4px 0;color:${emailColors.muted};white-space:nowrap;vertical-align:top"
      >
        ${label}
      </td>
      <td
        style="${CELL};padding:4px 0;color:${emailColors.text};font-weight:600;word-break:break-all"
      >
        ${value}
      </td>
    </tr>`;
  const referenceBlock = reference
    ? html`<p style="${CELL};margin:14px 0 6px;font-weight:600;color:${emailColors.text}">
          Payment reference:
        </p>
        <table role="presentation" cellpadding="0" cellspacing="0" border="0">
          <tr>
            <td
              style="padding:10px 16px;background:#ffffff;border:2px dashed ${emailColors.accentBorder};border-radius:8px;font-family:${MONOSPACE};font-size:26px;line-height:1.2;font-weight:700;letter-spacing:3px;color:${emailColors.text};white-space:nowrap"
            >
              ${reference}
            </td>
          </tr>
        </table>
        <p style="${CELL};margin:10px 0 0;color:${emailColors.text}">${REFERENCE_INSTRUCTION}</p>`
    : html`<p style="${CELL};margin:10px 0 0;font-size:13px;color:${emailColors.muted}">
        ${MATCH_PAYMENT}
      </p>`;
  return emailLayoutTable(
    `margin:20px 0 4px;background:${emailColors.accentTint};border:1px solid ${emailColors.accentBorder};border-radius:10px`,
    html`<tr>
      <td style="padding:16px 20px">
        <p style="${CELL};margin:0 0 8px;font-size:15px;font-weight:700;color:${emailColors.text}">
          Pay by Interac e-Transfer
        </p>
        <table role="presentation" cellpadding="0" cellspacing="0" border="0">
          ${row("Amount", formatMoney(order.totalAmountCents))}
          ${row("Send to", emailLink(`mailto:${etransferEmail}`, etransferEmail))}
          ${reference ? "" : row("Message", order.orderNumber)}
        </table>
        ${referenceBlock}
        ${
          deadline
            ? html`<p
                style="${CELL};margin:8px 0 0;font-size:13px;font-weight:600;color:${emailColors.text}"
              >
                ${deadline}
              </p>`
            : ""
        }
      </td>
    </tr>`,
  );
}

/** The e-Transfer box as the plain-text version of an order's emails says it. */
export function paymentText(
  order: Pick<OrderConfirmationInput, "orderNumber" | "totalAmountCents" | "placedAt">,
  etransferEmail: string,
): string[] {
  const deadline = deadlineSentence(order.placedAt);
  const reference = paymentReference(order.orderNumber);
  return [
    "PAY BY INTERAC E-TRANSFER",
    `  Amount:   ${formatMoney(order.totalAmountCents)}`,
    `  Send to:  ${etransferEmail}`,
    ...(reference
      ? ["", `  Payment reference: ${reference}`, "", REFERENCE_INSTRUCTION]
      : [`  Message:  ${order.orderNumber}`, MATCH_PAYMENT]),
    ...(deadline ? [deadline] : []),
  ];
}

/** ", payment reference 7KQ4-MXP2" after the address in an order email's preheader ("" without one). */
export function referenceSuffix(orderNumber: string): string {
  const reference = paymentReference(orderNumber);
  return reference ? `, payment reference ${reference}` : "";
}

/** "your payment reference 7KQ4-MXP2" (the order number for an order number of another form). */
export function referencePhrase(orderNumber: string): string {
  const reference = paymentReference(orderNumber);
  return reference ? `your payment reference ${reference}` : `your order number ${orderNumber}`;
}

const discountLabel = (order: OrderLines) =>
  order.couponCode ? `Discount (${oneLine(order.couponCode)})` : "Discount";

/** The items (quantity × price, line total) and the totals, for the HTML of an order's emails. */
function orderItemsTable(order: OrderLines): SafeHtml {
  const rows = order.items.map((item) => {
    const { name, size } = itemLabel(item);
    return html`<tr>
      <td
        style="${CELL};padding:10px 8px 10px 0;border-bottom:1px solid ${emailColors.border};color:${emailColors.text}"
      >
        ${name}${size ? html`<br /><span style="color:${emailColors.muted};font-size:13px">${size}</span>` : ""}
      </td>
      <td
        align="center"
        style="${CELL};padding:10px 8px;border-bottom:1px solid ${emailColors.border};color:${emailColors.text};white-space:nowrap"
      >
        ${item.quantity} × ${formatMoney(item.priceAtPurchaseCents)}
      </td>
      <td
        align="right"
        style="${CELL};padding:10px 0 10px 8px;border-bottom:1px solid ${emailColors.border};color:${emailColors.text};white-space:nowrap"
      >
        ${formatMoney(item.priceAtPurchaseCents * item.quantity)}
      </td>
    </tr>`;
  });
  const total = (label: string, value: string, strong = false) =>
    html`<tr>
      <td
        colspan="2"
        align="right"
        style="${CELL};padding:4px 8px 4px 0;color:${strong ? emailColors.text : emailColors.muted};${strong ? "font-weight:700;font-size:16px;" : ""}"
      >
        ${label}
      </td>
      <td
        align="right"
        style="${CELL};padding:4px 0 4px 8px;color:${emailColors.text};white-space:nowrap;${strong ? "font-weight:700;font-size:16px;" : ""}"
      >
        ${value}
      </td>
    </tr>`;
  const head = emailTableStyles.head;
  return emailLayoutTable(
    "",
    html`<tr>
        <th align="left" style="${head};padding:0 8px 8px 0">Item</th>
        <th align="center" style="${head}">Qty</th>
        <th align="right" style="${head};padding:0 0 8px 8px">Total</th>
      </tr>
      ${rows}
      <tr>
        <td colspan="3" style="height:8px;line-height:8px;font-size:0">&nbsp;</td>
      </tr>
      ${total("Subtotal", formatMoney(order.subtotalCents))}
      ${order.discountCents > 0 ? total(discountLabel(order), `-${formatMoney(order.discountCents)}`) : ""}
      ${total(orderFeeLabel(order), shippingLabel(order.shippingCostCents))}
      ${(order.taxLines ?? []).map((line) => total(line.label, formatMoney(line.amountCents)))}
      ${total("Total", formatMoney(order.totalAmountCents), true)}`,
  );
}

/** The items and totals of an order, as the plain-text version of its emails lists them. */
function orderItemsText(order: OrderLines): string[] {
  return [
    ...order.items.map((item) => {
      const { name, size } = itemLabel(item);
      const label = size ? `${name} (${size})` : name;
      return `  ${item.quantity} × ${label}: ${formatMoney(item.priceAtPurchaseCents * item.quantity)}`;
    }),
    "",
    `  Subtotal: ${formatMoney(order.subtotalCents)}`,
    ...(order.discountCents > 0
      ? [`  ${discountLabel(order)}: -${formatMoney(order.discountCents)}`]
      : []),
    `  ${orderFeeLabel(order)}: ${shippingLabel(order.shippingCostCents)}`,
    ...(order.taxLines ?? []).map((line) => `  ${line.label}: ${formatMoney(line.amountCents)}`),
    `  Total: ${formatMoney(order.totalAmountCents)}`,
  ];
}

const orderFeeLabel = (order: OrderLines) =>
  feeLabel(order.fulfilment?.fulfilmentMethod ?? "parcel");

/** What happens once the payment arrives, by the way the order reaches the shopper. */
function afterPayment(order: OrderConfirmationInput): string {
  const method = order.fulfilment?.fulfilmentMethod ?? "parcel";
  if (method === "delivery")
    return "Once your payment arrives, our staff deliver your order in the window you chose. The adult who receives it shows photo ID.";
  if (method === "pickup")
    return "Once your payment arrives, we email you when your order is ready. Bring photo ID and your pickup code.";
  return "Once your payment arrives, we prepare your order and ship it with Canada Post.";
}

/** An order's items and totals under a heading, in HTML and as the plain-text version's lines. */
export function orderItemsSection(title: string, order: OrderLines) {
  return {
    html: html`${emailSubheading(title)} ${orderItemsTable(order)}`,
    text: [title.toUpperCase(), ...orderItemsText(order)],
  };
}

function plainText(order: OrderConfirmationInput, orderUrl: string, lookupUrl: string): string {
  const { payments } = storeSettingsNow();
  const { etransferInstructions } = payments;
  const lines = [
    `Thanks for your order, ${oneLine(order.shippingName)}!`,
    "",
    `We have received order ${order.orderNumber}. It is reserved for you and ships once your payment arrives.`,
    "",
    ...paymentText(order, orderPaymentAddress(payments)),
    ...(etransferInstructions ? [etransferInstructions] : []),
    "",
    ...orderItemsSection("Your order", order).text,
    ...(order.fulfilment ? [fulfilmentLine(order.fulfilment)] : []),
    "",
    `View your order: ${orderUrl}`,
    "",
    "WHAT HAPPENS NEXT",
    `1. Send the e-Transfer with ${referencePhrase(order.orderNumber)} in the message.`,
    `2. ${afterPayment(order)}`,
    `3. Follow your order any time at ${lookupUrl} with your order number and this email address.`,
  ];
  return lines.join("\n");
}

/** The email a shopper gets right after placing an order: items, totals and how to pay. */
export function renderOrderConfirmationEmail(order: OrderConfirmationInput) {
  const { publicUrl } = config();
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const orderUrl = orderPageUrl(order.accessToken);
  const lookupUrl = `${publicUrl}/order-lookup`;
  const name = oneLine(order.shippingName);
  const total = formatMoney(order.totalAmountCents);

  const content = html`${emailHeading(`Thanks for your order, ${name}!`)}
  ${emailParagraph(html`We have received order <strong>${order.orderNumber}</strong>. It is reserved for you and ships once your payment arrives.`)}
  ${paymentBox(order, ETRANSFER_EMAIL)}
  ${
    settings.payments.etransferInstructions
      ? emailParagraph(settings.payments.etransferInstructions)
      : ""
  }
  ${orderItemsSection("Your order", order).html}
  ${order.fulfilment ? emailParagraph(html`<strong>${fulfilmentLine(order.fulfilment)}</strong>`) : ""}
  ${emailButton(orderUrl, "View your order")} ${emailSubheading("What happens next")}
  ${emailParagraph(
    html`1. Send the e-Transfer with ${referencePhrase(order.orderNumber)} in the message.<br />
      2. ${afterPayment(order)}<br />
      3. Follow your order any time on our ${emailLink(lookupUrl, "order look-up page")} with your
      order number and this email address.`,
  )}`;

  return renderEmail({
    subject: `${STORE_NAME}: order ${order.orderNumber} received`,
    title: `Order ${order.orderNumber}`,
    preheader: `Order ${order.orderNumber}: pay ${total} by Interac e-Transfer to ${ETRANSFER_EMAIL}${referenceSuffix(order.orderNumber)}.`,
    content,
    text: plainText(order, orderUrl, lookupUrl),
  });
}
