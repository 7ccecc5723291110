import type { Locale } from "~/lib/i18n/locale";
import { formatMoney } from "~/lib/money";
import type { RefundMethod } from "~/lib/refunds";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailNotice,
  emailTable,
  emailText,
  html,
  localizableEmail,
  oneLine,
  renderEmail,
} from "./layout.server";
import { viewOrderLink } from "./order-confirmation.server";

/** A refund as the shopper is told about it (refunds.server.ts queues it in the refund's transaction). */
export interface RefundEmailInput {
  orderNumber: string;
  shippingName: string;
  accessToken: string;
  creditNoteNumber: string;
  amountCents: number;
  /** What was refunded, one row each: "2 × Pink Kush (3.5g)", "Shipping", "GST 5%"… */
  rows: { label: string; amountCents: number }[];
  method: RefundMethod;
  /** Where an e-Transfer was sent (the order's email). */
  sentTo: string;
  reference: string | null;
  /** Set when the refund came with the order's cancellation: one email says both. */
  cancelled?: { reason: string; totalAmountCents: number };
  /** The order's language (orders.locale); English when not given. */
  locale?: Locale;
}

function howSent(input: RefundEmailInput, locale: Locale): string {
  const t = emailText(locale);
  const reference = input.reference ? t("refundReference", { reference: input.reference }) : "";
  return input.method === "etransfer"
    ? t("refundViaEtransfer", { email: input.sentTo, reference })
    : t("refundOtherWay", { reference });
}

/** A row's label in the email's language: the plan's own words ("Shipping"), else as written. */
function rowLabel(label: string, locale: Locale): string {
  const t = emailText(locale);
  if (label === "Shipping") return t("shippingRow");
  if (label === "Amount (before tax)") return t("amountBeforeTaxRow");
  return label;
}

/**
 * "Your refund": what was refunded (items, shipping, tax), how it was sent and the amount, with
 * its credit note's number. A cancellation made with its refund says both in one email, instead of
 * the plain cancellation's "reply and we will refund".
 */
export function renderRefundEmail(input: RefundEmailInput) {
  return localizableEmail(input.locale, (locale) => refundEmailIn(input, locale));
}

function refundEmailIn(input: RefundEmailInput, locale: Locale) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const store = storeSettingsNow().store.name;
  const n = input.orderNumber;
  const amount = money(input.amountCents);
  const subject = input.cancelled
    ? t("refundCancelledSubject", { store, orderNumber: n })
    : t("refundSubject", { store, amount, orderNumber: n });
  const heading = t(input.cancelled ? "refundCancelledHeading" : "refundHeading");
  const lines = [
    ...(input.cancelled
      ? [
          t("cancelledLine", { orderNumber: n, total: money(input.cancelled.totalAmountCents) }),
          t("reason", { reason: input.cancelled.reason }),
        ]
      : []),
    t("refundedLine", { amount, orderNumber: n, creditNote: input.creditNoteNumber }),
    howSent(input, locale),
  ];
  const viewOrder = viewOrderLink(input, locale);
  const rows = input.rows.map((row) => ({ ...row, label: rowLabel(row.label, locale) }));
  const table = emailTable(
    [{ label: t("refunded") }, { label: t("amount"), align: "right" }],
    [
      ...rows.map((row) => [row.label, money(row.amountCents)]),
      [
        { content: t("totalRefunded"), style: "font-weight:700" },
        { content: amount, style: "font-weight:700" },
      ],
    ],
  );
  const notice = emailNotice({
    heading,
    lines: [t("hiName", { name: oneLine(input.shippingName) }), ...lines],
    locale,
  });
  const content = html`${notice.content} ${table} ${viewOrder.html}`;
  const method = t(input.method === "etransfer" ? "methodEtransfer" : "methodOther");
  const text = [
    ...notice.text,
    ...rows.map((row) => t("labelValue", { label: row.label, value: money(row.amountCents) })),
    t("totalRefundedText", { amount, method }),
    "",
    viewOrder.text,
  ].join("\n");
  return renderEmail({ subject, preheader: lines[0]!, content, text, locale });
}
