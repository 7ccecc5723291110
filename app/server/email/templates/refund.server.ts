import { formatMoney } from "~/lib/money";
import { REFUND_METHOD_LABELS, type RefundMethod } from "~/lib/refunds";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, emailTable, html, oneLine, renderEmail } from "./layout.server";
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
}

function howSent(input: RefundEmailInput): string {
  const reference = input.reference ? ` (reference ${input.reference})` : "";
  return input.method === "etransfer"
    ? `We sent it by Interac e-Transfer to ${input.sentTo}${reference}: your bank will tell you when it arrives.`
    : `We refunded it by another way than e-Transfer${reference}. Reply to this email if you have any question about it.`;
}

/**
 * "Your refund": what was refunded (items, shipping, tax), how it was sent and the amount, with
 * its credit note's number. A cancellation made with its refund says both in one email, instead of
 * the plain cancellation's "reply and we will refund".
 */
export function renderRefundEmail(input: RefundEmailInput) {
  const store = storeSettingsNow().store.name;
  const n = input.orderNumber;
  const amount = formatMoney(input.amountCents);
  const subject = input.cancelled
    ? `${store}: order ${n} was cancelled and refunded`
    : `${store}: refund of ${amount} for order ${n}`;
  const heading = input.cancelled ? "Your order was cancelled and refunded" : "We sent your refund";
  const lines = [
    ...(input.cancelled
      ? [
          `Order ${n} (${formatMoney(input.cancelled.totalAmountCents)}) has been cancelled.`,
          `Reason: ${input.cancelled.reason}.`,
        ]
      : []),
    `We refunded ${amount} for order ${n} (credit note ${input.creditNoteNumber}).`,
    howSent(input),
  ];
  const viewOrder = viewOrderLink(input);
  const table = emailTable(
    [{ label: "Refunded" }, { label: "Amount", align: "right" }],
    [
      ...input.rows.map((row) => [row.label, formatMoney(row.amountCents)]),
      [
        { content: "Total refunded", style: "font-weight:700" },
        { content: amount, style: "font-weight:700" },
      ],
    ],
  );
  const notice = emailNotice({ heading, lines: [`Hi ${oneLine(input.shippingName)},`, ...lines] });
  const content = html`${notice.content} ${table} ${viewOrder.html}`;
  const text = [
    ...notice.text,
    ...input.rows.map((row) => `${row.label}: ${formatMoney(row.amountCents)}`),
    `Total refunded: ${amount} (${REFUND_METHOD_LABELS[input.method]})`,
    "",
    viewOrder.text,
  ].join("\n");
  return renderEmail({ subject, preheader: lines[0]!, content, text });
}
