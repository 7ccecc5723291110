/**
 * The payments vocabulary shared by the server and the admin screens (docs/product/payments.md):
 * where a payment came from, what became of it, and why one waits for staff.
 */

export const PAYMENT_SOURCES = ["mailbox", "bank_export", "manual"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  mailbox: "Payments mailbox",
  bank_export: "Bank export",
  manual: "Recorded by staff",
};

export type PaymentState = "applied" | "suggested" | "queued" | "returned" | "ignored";
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  applied: "Applied",
  suggested: "Suggested",
  queued: "Waiting",
  returned: "Sent back",
  ignored: "Ignored",
};

/** Why a payment waits for staff. */
export type QueueReason =
  "no_reference" | "unknown_reference" | "order_cancelled" | "order_paid" | "typo" | "name_amount";
export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  no_reference: "No payment reference in the message",
  unknown_reference: "The reference matches no order",
  order_cancelled: "The order was cancelled",
  order_paid: "The order is already paid",
  typo: "Reference one character off",
  name_amount: "Same name and amount as an unpaid order",
};

export function queueReasonLabel(reason: string | null): string {
  return reason && reason in QUEUE_REASON_LABELS
    ? QUEUE_REASON_LABELS[reason as QueueReason]
    : "Waiting for staff";
}

/** The queue's tabs: what waits for a decision, part-paid orders, differences to send back, all. */
export const PAYMENT_TABS = ["waiting", "part-paid", "to-refund", "all"] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];
export const PAYMENT_TAB_LABELS: Record<PaymentTab, string> = {
  waiting: "Unmatched",
  "part-paid": "Part paid",
  "to-refund": "To refund",
  all: "All payments",
};

/**
 * Whether a transfer's sender is the order's shopper: the same last name and the same first
 * initial, accents and case aside ("J. TREMBLAY" is "Josée Tremblay"; "TREMBLAY JOSEE" is not).
 */
export function sameShopper(sender: string | null, orderName: string): boolean {
  const a = nameWords(sender ?? "");
  const b = nameWords(orderName);
  if (a.length < 2 || b.length < 2) return false;
  return a.at(-1) === b.at(-1) && a[0]![0] === b[0]![0];
}

function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z'-]+/)
    .filter(Boolean);
}
