import { LOCALE_TAGS, type Locale } from "~/lib/i18n/locale";
import { formatMoney } from "~/lib/money";
import { orderPaymentAddress } from "~/lib/store-settings";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailHeading,
  emailParagraph,
  emailSubheading,
  emailText,
  html,
  localizableEmail,
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
  /** The order's language (orders.locale); English when not given. */
  locale?: Locale;
}

/**
 * "Your order was updated": sent when staff edit a pending order (quantities, lines, address). It
 * lists the order as it now is and the new amount to send by Interac e-Transfer to the store's
 * e-Transfer address, with the order's payment reference (unchanged by the edit) as the message and
 * the same deadline as before.
 */
export function renderOrderUpdatedEmail(order: OrderUpdatedInput) {
  return localizableEmail(order.locale, (locale) => updatedEmailIn(order, locale));
}

function updatedEmailIn(order: OrderUpdatedInput, locale: Locale) {
  const t = emailText(locale);
  const settings = storeSettingsNow();
  const STORE_NAME = settings.store.name;
  const ETRANSFER_EMAIL = orderPaymentAddress(settings.payments);
  const orderUrl = orderPageUrl(order.accessToken, locale);
  const name = oneLine(order.shippingName);
  const total = formatMoney(order.totalAmountCents, locale);
  const previous = formatMoney(order.previousTotalCents, locale);
  const moved = order.previousTotalCents !== order.totalAmountCents;
  const n = order.orderNumber;
  const intro = t("updatedIntro", { orderNumber: n });
  const amount = moved
    ? t("updatedAmountMoved", { total, previous })
    : t("updatedAmountSame", { total });
  const items = orderItemsSection(t("yourOrder"), order, locale);
  const address = [
    name,
    oneLine(order.shipping.street),
    `${oneLine(order.shipping.city)}, ${order.shipping.province} ${order.shipping.postalCode}`,
  ];
  const hi = t("hiName", { name });

  const content = html`${emailHeading(t("updatedHeading"))} ${emailParagraph(hi)}
  ${emailParagraph(intro)} ${emailParagraph(amount)} ${paymentBox(order, ETRANSFER_EMAIL, locale)}
  ${items.html} ${emailSubheading(t("shippingTo"))}
  ${emailParagraph(html`${address[0]}<br />${address[1]}<br />${address[2]}`)}
  ${emailButton(orderUrl, t("viewYourOrder"))}`;

  const text = [
    t("updatedHeading"),
    "",
    hi,
    "",
    intro,
    "",
    amount,
    "",
    ...paymentText(order, ETRANSFER_EMAIL, locale),
    "",
    ...items.text,
    "",
    t("shippingTo").toLocaleUpperCase(LOCALE_TAGS[locale]),
    ...address.map((line) => `  ${line}`),
    "",
    t("viewYourOrderText", { url: orderUrl }),
  ].join("\n");

  return renderEmail({
    subject: t("updatedSubject", { store: STORE_NAME, orderNumber: n }),
    title: t("updatedTitle", { orderNumber: n }),
    preheader: t("updatedPreheader", {
      orderNumber: n,
      total,
      email: ETRANSFER_EMAIL,
      reference: referenceSuffix(n, locale),
    }),
    content,
    text,
    locale,
  });
}
