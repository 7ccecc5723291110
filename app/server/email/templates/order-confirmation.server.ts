import { feeLabel, fulfilmentLine, type OrderFulfilment } from "~/lib/fulfilment";
import { LOCALE_TAGS, type Locale } from "~/lib/i18n/locale";
import { formatMoney } from "~/lib/money";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { orderPaymentAddress } from "~/lib/store-settings";
import { paymentDeadline, paymentDeadlineSentence } from "~/lib/payment-deadline";
import { paymentReference } from "~/lib/payment-reference";
import { taxLabelIn, type TaxKind } from "~/lib/taxes";
import {
  emailButton,
  emailColors,
  emailHeading,
  emailLayoutTable,
  emailLink,
  emailParagraph,
  emailSubheading,
  emailTableStyles,
  emailText,
  html,
  htmlMessage,
  localizableEmail,
  oneLine,
  renderEmail,
  storeUrl,
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
  taxLines?: { label: string; amountCents: number; kind?: TaxKind; ratePer100k?: number }[];
  totalAmountCents: number;
  accessToken: string;
  /** When it was placed: the e-Transfer's deadline is counted from it (none given: not said). */
  placedAt?: Date;
  /** How it reaches the shopper (none given: a Canada Post parcel, as before methods existed). */
  fulfilment?: OrderFulfilment;
  /** The order's language (orders.locale); English when not given. */
  locale?: Locale;
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

function shippingLabel(cents: number, locale: Locale) {
  return cents === 0 ? emailText(locale)("shippingFree") : formatMoney(cents, locale);
}

/** An order's page for the shopper, reached with the order's secret link, in its language. */
export function orderPageUrl(accessToken: string, locale: Locale = "en"): string {
  return storeUrl(`/orders/${encodeURIComponent(accessToken)}`, locale);
}

/** The "View order …" link that ends an order's short emails, and its plain-text line. */
export function viewOrderLink(
  order: { orderNumber: string; accessToken: string },
  locale: Locale = "en",
) {
  const t = emailText(locale);
  const url = orderPageUrl(order.accessToken, locale);
  return {
    html: emailParagraph(emailLink(url, t("viewOrderNumber", { orderNumber: order.orderNumber }))),
    text: t("viewYourOrderText", { url }),
  };
}

/**
 * The date by which an order's e-Transfer must arrive (the unpaid-orders job's delay, Settings →
 * Payments), as the sentence the shopper reads; null without the order's time.
 */
export function deadlineSentence(placedAt: Date | undefined, locale: Locale = "en"): string | null {
  if (!placedAt) return null;
  const days = storeSettingsNow().payments.unpaidCancelDays;
  const deadline = paymentDeadline(placedAt, days, config().STORE_TIMEZONE, locale);
  return paymentDeadlineSentence(deadline, locale);
}

/** The one line under the payment reference (the storefront's payment box says it too). */
export const REFERENCE_INSTRUCTION = emailText("en")("referenceInstruction");

const MONOSPACE = "'SFMono-Regular',Menlo,Consolas,'Liberation Mono','Courier New',monospace";

/**
 * The e-Transfer box of an order's emails: amount, address, the order's payment reference on its
 * own line in large monospace type (emails cannot copy: easy to select instead), the line saying
 * where it goes and, when known, the deadline.
 */
export function paymentBox(
  order: Pick<OrderConfirmationInput, "orderNumber" | "totalAmountCents" | "placedAt">,
  etransferEmail: string,
  locale: Locale = "en",
): SafeHtml {
  const t = emailText(locale);
  const deadline = deadlineSentence(order.placedAt, locale);
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
          ${t("paymentReferenceLabel")}
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
        <p style="${CELL};margin:10px 0 0;color:${emailColors.text}">
          ${t("referenceInstruction")}
        </p>`
    : html`<p style="${CELL};margin:10px 0 0;font-size:13px;color:${emailColors.muted}">
        ${t("matchPayment")}
      </p>`;
  return emailLayoutTable(
    `margin:20px 0 4px;background:${emailColors.accentTint};border:1px solid ${emailColors.accentBorder};border-radius:10px`,
    html`<tr>
      <td style="padding:16px 20px">
        <p style="${CELL};margin:0 0 8px;font-size:15px;font-weight:700;color:${emailColors.text}">
          ${t("payByEtransfer")}
        </p>
        <table role="presentation" cellpadding="0" cellspacing="0" border="0">
          ${row(t("amount"), formatMoney(order.totalAmountCents, locale))}
          ${row(t("sendTo"), emailLink(`mailto:${etransferEmail}`, etransferEmail))}
          ${reference ? "" : row(t("message"), order.orderNumber)}
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
  locale: Locale = "en",
): string[] {
  const t = emailText(locale);
  const deadline = deadlineSentence(order.placedAt, locale);
  const reference = paymentReference(order.orderNumber);
  return [
    t("payByEtransferText"),
    t("amountText", { amount: formatMoney(order.totalAmountCents, locale) }),
    t("sendToText", { address: etransferEmail }),
    ...(reference
      ? ["", t("paymentReferenceText", { reference }), "", t("referenceInstruction")]
      : [t("messageText", { orderNumber: order.orderNumber }), t("matchPayment")]),
    ...(deadline ? [deadline] : []),
  ];
}

/** ", payment reference 7KQ4-MXP2" after the address in an order email's preheader ("" without one). */
export function referenceSuffix(orderNumber: string, locale: Locale = "en"): string {
  const reference = paymentReference(orderNumber);
  return reference ? emailText(locale)("referenceSuffix", { reference }) : "";
}

/** "your payment reference 7KQ4-MXP2" (the order number for an order number of another form). */
export function referencePhrase(orderNumber: string, locale: Locale = "en"): string {
  const t = emailText(locale);
  const reference = paymentReference(orderNumber);
  return reference
    ? t("yourPaymentReference", { reference })
    : t("yourOrderNumber", { orderNumber });
}

const discountLabel = (order: OrderLines, locale: Locale) => {
  const t = emailText(locale);
  return order.couponCode
    ? t("discountWithCode", { code: oneLine(order.couponCode) })
    : t("discount");
};

/** The items (quantity × price, line total) and the totals, for the HTML of an order's emails. */
function orderItemsTable(order: OrderLines, locale: Locale): SafeHtml {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
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
        ${item.quantity} × ${money(item.priceAtPurchaseCents)}
      </td>
      <td
        align="right"
        style="${CELL};padding:10px 0 10px 8px;border-bottom:1px solid ${emailColors.border};color:${emailColors.text};white-space:nowrap"
      >
        ${money(item.priceAtPurchaseCents * item.quantity)}
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
        <th align="left" style="${head};padding:0 8px 8px 0">${t("item")}</th>
        <th align="center" style="${head}">${t("qty")}</th>
        <th align="right" style="${head};padding:0 0 8px 8px">${t("total")}</th>
      </tr>
      ${rows}
      <tr>
        <td colspan="3" style="height:8px;line-height:8px;font-size:0">&nbsp;</td>
      </tr>
      ${total(t("subtotal"), money(order.subtotalCents))}
      ${order.discountCents > 0 ? total(discountLabel(order, locale), `-${money(order.discountCents)}`) : ""}
      ${total(orderFeeLabel(order, locale), shippingLabel(order.shippingCostCents, locale))}
      ${(order.taxLines ?? []).map((line) => total(taxLabelIn(line, locale), money(line.amountCents)))}
      ${total(t("total"), money(order.totalAmountCents), true)}`,
  );
}

/** The items and totals of an order, as the plain-text version of its emails lists them. */
function orderItemsText(order: OrderLines, locale: Locale): string[] {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const line = (label: string, value: string) => `  ${t("labelValue", { label, value })}`;
  return [
    ...order.items.map((item) => {
      const { name, size } = itemLabel(item);
      const label = size ? `${name} (${size})` : name;
      return line(`${item.quantity} × ${label}`, money(item.priceAtPurchaseCents * item.quantity));
    }),
    "",
    line(t("subtotal"), money(order.subtotalCents)),
    ...(order.discountCents > 0
      ? [line(discountLabel(order, locale), `-${money(order.discountCents)}`)]
      : []),
    line(orderFeeLabel(order, locale), shippingLabel(order.shippingCostCents, locale)),
    ...(order.taxLines ?? []).map((tax) => line(taxLabelIn(tax, locale), money(tax.amountCents))),
    line(t("total"), money(order.totalAmountCents)),
  ];
}

const orderFeeLabel = (order: OrderLines, locale: Locale) =>
  feeLabel(order.fulfilment?.fulfilmentMethod ?? "parcel", locale);

/** What happens once the payment arrives, by the way the order reaches the shopper. */
function afterPayment(order: OrderConfirmationInput, locale: Locale): string {
  const t = emailText(locale);
  const method = order.fulfilment?.fulfilmentMethod ?? "parcel";
  if (method === "delivery") return t("afterPaymentDelivery");
  if (method === "pickup") return t("afterPaymentPickup");
  return t("afterPaymentParcel");
}

/** An order's items and totals under a heading, in HTML and as the plain-text version's lines. */
export function orderItemsSection(title: string, order: OrderLines, locale: Locale = "en") {
  return {
    html: html`${emailSubheading(title)} ${orderItemsTable(order, locale)}`,
    text: [title.toLocaleUpperCase(LOCALE_TAGS[locale]), ...orderItemsText(order, locale)],
  };
}

function plainText(
  order: OrderConfirmationInput,
  orderUrl: string,
  lookupUrl: string,
  locale: Locale,
): string {
  const t = emailText(locale);
  const { payments } = storeSettingsNow();
  const { etransferInstructions } = payments;
  const lines = [
    t("thanksForOrder", { name: oneLine(order.shippingName) }),
    "",
    t("orderReceived", { orderNumber: order.orderNumber }),
    "",
    ...paymentText(order, orderPaymentAddress(payments), locale),
    ...(etransferInstructions ? [etransferInstructions] : []),
    "",
    ...orderItemsSection(t("yourOrder"), order, locale).text,
    ...(order.fulfilment ? [fulfilmentLine(order.fulfilment, locale)] : []),
    "",
    t("viewYourOrderText", { url: orderUrl }),
    "",
    t("whatHappensNext").toLocaleUpperCase(LOCALE_TAGS[locale]),
    t("stepSend", { reference: referencePhrase(order.orderNumber, locale) }),
    t("stepAfter", { text: afterPayment(order, locale) }),
    t("stepFollowText", { url: lookupUrl }),
  ];
  return lines.join("\n");
}

/** The email a shopper gets right after placing an order: items, totals and how to pay. */
export function renderOrderConfirmationEmail(order: OrderConfirmationInput) {
  return localizableEmail(order.locale, (locale) => confirmationIn(order, locale));
}

function confirmationIn(order: OrderConfirmationInput, locale: Locale) {
  const t = emailText(locale);
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const orderUrl = orderPageUrl(order.accessToken, locale);
  const lookupUrl = storeUrl("/order-lookup", locale);
  const name = oneLine(order.shippingName);
  const total = formatMoney(order.totalAmountCents, locale);
  const n = order.orderNumber;

  const content = html`${emailHeading(t("thanksForOrder", { name }))}
  ${emailParagraph(htmlMessage(t("orderReceived", { orderNumber: "{orderNumber}" }), { orderNumber: html`<strong>${n}</strong>` }))}
  ${paymentBox(order, ETRANSFER_EMAIL, locale)}
  ${
    settings.payments.etransferInstructions
      ? emailParagraph(settings.payments.etransferInstructions)
      : ""
  }
  ${orderItemsSection(t("yourOrder"), order, locale).html}
  ${order.fulfilment ? emailParagraph(html`<strong>${fulfilmentLine(order.fulfilment, locale)}</strong>`) : ""}
  ${emailButton(orderUrl, t("viewYourOrder"))} ${emailSubheading(t("whatHappensNext"))}
  ${emailParagraph(
    html`${t("stepSend", { reference: referencePhrase(n, locale) })}<br />
      ${t("stepAfter", { text: afterPayment(order, locale) })}<br />
      ${htmlMessage(t("stepFollowLink", { link: "{link}" }), {
        link: emailLink(lookupUrl, t("orderLookupPage")),
      })}`,
  )}`;

  return renderEmail({
    subject: t("confirmationSubject", { store: STORE_NAME, orderNumber: n }),
    title: t("confirmationTitle", { orderNumber: n }),
    preheader: t("confirmationPreheader", {
      orderNumber: n,
      total,
      email: ETRANSFER_EMAIL,
      reference: referenceSuffix(n, locale),
    }),
    content,
    text: plainText(order, orderUrl, lookupUrl, locale),
    locale,
  });
}
