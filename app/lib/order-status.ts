/** What each order status means to the shopper (order look-up and confirmation pages). */
export const ORDER_STATUS_LABELS: Record<string, { label: string; description: string }> = {
  pending: {
    label: "Awaiting payment",
    description:
      "We're waiting for your Interac e-Transfer. We'll start on your order once it arrives.",
  },
  paid: {
    label: "Payment received",
    description: "Thank you! Your payment arrived and your order is in the queue to be packed.",
  },
  processing: {
    label: "Being prepared",
    description: "Your order is being packed for Canada Post.",
  },
  shipped: {
    label: "Shipped",
    description: "Your order is on its way with Canada Post.",
  },
  delivered: { label: "Delivered", description: "Canada Post has delivered your order." },
  completed: { label: "Completed", description: "Your order is complete. Enjoy!" },
  cancelled: {
    label: "Cancelled",
    description: "This order was cancelled. Contact us if you have any questions.",
  },
};

export function orderStatusLabel(status: string) {
  return ORDER_STATUS_LABELS[status] ?? { label: status, description: "" };
}

/** Statuses after the parcel left: the tracking link is shown from here on. */
export const SHIPPED_STATUSES = ["shipped", "delivered", "completed"];

/** Canada Post's public tracking page for a tracking number. */
export function canadaPostTrackingUrl(trackingNumber: string): string {
  return `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${encodeURIComponent(trackingNumber)}`;
}

/** "bbs-00000012", "BBS 00000012" or "00000012" → "BBS-00000012"; null for anything else. */
export function normalizeOrderNumber(value: string): string | null {
  const match = /^(?:BBS[\s-]?)?(\d{8})$/i.exec(value.trim());
  return match ? `BBS-${match[1]}` : null;
}
