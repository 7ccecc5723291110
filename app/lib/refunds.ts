/** How a refund's money went back to the shopper. */
export const REFUND_METHODS = ["etransfer", "other"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  etransfer: "Interac e-Transfer",
  other: "Other",
};
