/**
 * Recalls: the pure rules of a recalled lot's affected orders, shared by the lot page, its CSV and
 * the recall notices.
 */
import { statusName } from "./order-status";

export const RECALL_NOTICE_NUMBER_MAX = 60;
export const RECALL_NOTICE_TEXT_MAX = 5000;

/** The affected orders a page shows; more are paged (the CSV has them all). */
export const LOT_ORDERS_PAGE_SIZE = 100;

/** An order's units of one lot: taken by its sales, given back (cancelled, refunded, returned). */
export interface LotUnits {
  taken: number;
  returned: number;
}

/** The units an order still holds from the lot (never below 0). */
export function unitsStillOut(units: LotUnits): number {
  return Math.max(0, units.taken - units.returned);
}

/** Whether the order reached its customer: delivered (or picked up), on its way, or not yet. */
export type OrderReach = "delivered" | "shipped" | "not-shipped" | "cancelled";

export function orderReach(status: string): OrderReach {
  if (status === "delivered" || status === "completed") return "delivered";
  if (status === "shipped") return "shipped";
  if (status === "cancelled") return "cancelled";
  return "not-shipped";
}

export const ORDER_REACH_LABELS: Record<OrderReach, string> = {
  delivered: "Delivered",
  shipped: "On its way",
  "not-shipped": "Not shipped yet",
  cancelled: "Cancelled",
};

/** "Paid · Not shipped yet": the order's status and whether the units reached the customer. */
export function orderReachText(status: string): string {
  const reach = orderReach(status);
  const name = statusName(status);
  return reach === "delivered" || reach === "cancelled"
    ? name
    : `${name} · ${ORDER_REACH_LABELS[reach]}`;
}

/** Whether a customer of this order is sent a recall notice: units still out, not cancelled. */
export function needsRecallNotice(order: LotUnits & { status: string }): boolean {
  return order.status !== "cancelled" && unitsStillOut(order) > 0;
}

/** The outbox state of a notice, in the admin's words. */
export function noticeStateLabel(status: string | null): string {
  switch (status) {
    case "sent":
      return "Sent";
    case "failed":
    case "bounced":
      return "Failed";
    case null:
      return "Not queued";
    default:
      return "Queued";
  }
}
