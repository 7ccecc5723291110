import type { Locale } from "./i18n/locale";
import { ordersMessages } from "./i18n/messages/orders";
import { translator } from "./i18n/translate";

/** A status's label and description in a language (order look-up and confirmation pages). */
function statusWords(status: OrderStatus, locale: Locale) {
  const t = translator(ordersMessages, locale);
  const key = status.charAt(0).toUpperCase() + status.slice(1);
  return {
    label: t(`status${key}Label` as `status${Capitalize<OrderStatus>}Label`),
    description: t(`status${key}Description` as `status${Capitalize<OrderStatus>}Description`),
  };
}

/** A delivery's or a pickup's own words, where they differ from a parcel's. */
function handedOverWords(method: string, status: string, locale: Locale) {
  if (
    (method !== "delivery" && method !== "pickup") ||
    (status !== "processing" && status !== "delivered")
  )
    return null;
  const t = translator(ordersMessages, locale);
  const key = `${method}${status === "processing" ? "Processing" : "Delivered"}` as
    "deliveryProcessing" | "deliveryDelivered" | "pickupProcessing" | "pickupDelivered";
  return { label: t(`${key}Label`), description: t(`${key}Description`) };
}

/** What an order's status means to the shopper, in the page's language. */
export function orderStatusLabel(
  status: string,
  method = "parcel",
  locale: Locale = "en",
): { label: string; description: string } {
  return (
    handedOverWords(method, status, locale) ??
    ((ORDER_STATUSES as readonly string[]).includes(status)
      ? statusWords(status as OrderStatus, locale)
      : { label: status, description: "" })
  );
}

/** Statuses after the parcel left: the tracking link is shown from here on. */
export const SHIPPED_STATUSES = ["shipped", "delivered", "completed"];

/** Canada Post's public tracking page for a tracking number. */
export function canadaPostTrackingUrl(trackingNumber: string, locale: Locale = "en"): string {
  return `https://www.canadapost-postescanada.ca/track-reperage/${locale}#/search?searchFor=${encodeURIComponent(trackingNumber)}`;
}

/** "bbs-00000012", "BBS 00000012" or "00000012" → "BBS-00000012"; null for anything else. */
export function normalizeOrderNumber(value: string): string | null {
  const match = /^(?:BBS[\s-]?)?(\d{8})$/i.exec(value.trim());
  return match ? `BBS-${match[1]}` : null;
}

/** Every order status, in the order an order moves through them. */
export const ORDER_STATUSES = [
  "pending",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SHIPMENT_STATUSES = ["preparing", "shipped", "in_transit", "delivered"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const INVOICE_STATUSES = ["pending", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The only moves an order can make (docs/product/orders-and-money.md#order-states). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "cancelled"],
  paid: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["completed"],
  completed: [],
  cancelled: [],
};

/**
 * A local delivery or a pickup is never shipped: it is handed over ("delivered"), from paid or
 * processing, only by recording the handover with its ID check (docs/product/fulfilment.md).
 */
export const HANDED_OVER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  ...ORDER_TRANSITIONS,
  paid: ["processing", "delivered", "cancelled"],
  processing: ["delivered", "cancelled"],
};

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The steps an order may take from `from`; `method` is its fulfilment method. */
export function nextOrderStatuses(from: string, method = "parcel"): readonly OrderStatus[] {
  if (!isOrderStatus(from)) return [];
  return method === "parcel" ? ORDER_TRANSITIONS[from] : HANDED_OVER_TRANSITIONS[from];
}

export function statusName(status: string): string {
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Why an order cannot move from `from` to `to`, or null when it can (never to where it is). */
export function transitionRefusal(from: string, to: string, method = "parcel"): string | null {
  if (from === to)
    return `This order is already ${statusName(from)}: it cannot be marked ${statusName(to)} again.`;
  const next = nextOrderStatuses(from, method);
  if (next.includes(to as OrderStatus)) return null;
  const allowed = next.map(statusName);
  const options = allowed.length
    ? `From ${statusName(from)} it can only become ${allowed.join(" or ")}.`
    : `${statusName(from)} is final.`;
  return `An order that is ${statusName(from)} cannot be marked ${statusName(to)}. ${options}`;
}

/** How a refund's entry in its order's history begins: "Refund BBS-00000012-R1: $56.00 by …". */
export const REFUND_NOTE_PREFIX = "Refund ";

/**
 * What an entry of an order's history is. Besides its status moves (the first one, placed, from
 * nothing), the history holds notes that leave the status as it was: a refund's (its note begins
 * REFUND_NOTE_PREFIX) and an edit's. A note is never a move: nothing shows it as "Shipped →
 * Shipped" or counts it as one.
 */
export function historyEntryKind(entry: {
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
}): "placed" | "moved" | "refund" | "edited" {
  if (entry.fromStatus === null) return "placed";
  if (entry.fromStatus !== entry.toStatus) return "moved";
  return entry.note?.startsWith(REFUND_NOTE_PREFIX) ? "refund" : "edited";
}

/** The invoice follows its order (docs/product/orders-and-money.md#invoices). */
export function invoiceStatusFor(orderStatus: string): InvoiceStatus {
  if (orderStatus === "pending") return "pending";
  if (orderStatus === "cancelled") return "cancelled";
  return "paid";
}

/** Moves a shipment can make on the Shipping screen (delivered is final). */
export const SHIPMENT_TRANSITIONS: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  preparing: ["shipped"],
  shipped: ["in_transit", "delivered"],
  in_transit: ["delivered"],
  delivered: [],
};

export function nextShipmentStatuses(from: string): readonly ShipmentStatus[] {
  return (SHIPMENT_STATUSES as readonly string[]).includes(from)
    ? SHIPMENT_TRANSITIONS[from as ShipmentStatus]
    : [];
}

export const TRACKING_NUMBER_HELP =
  "Enter a Canada Post tracking number: 16 or 12 digits (e.g. 1234 5678 9012 3456), or 2 letters, 9 digits and CA (e.g. RR123456789CA).";

/**
 * Canada Post tracking numbers: 16-digit domestic PINs, 12-digit ones, and the international
 * (UPU S10) form AA999999999CA. Spaces and dashes are ignored; null when it is none of these.
 */
export function normalizeTrackingNumber(value: string): string | null {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  return /^(\d{16}|\d{12}|[A-Z]{2}\d{9}CA)$/.test(compact) ? compact : null;
}

/** Days Canada Post is expected to take: a shipment's estimated delivery is 3 days ahead. */
export const DELIVERY_DAYS = 3;
