import type { OrderLine } from "~/lib/order-edit";
import { orderItems, orders } from "../db-tables";

/** An order as the admin's lists name it: its number, who it is for, its status and date. */
export const orderSummaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.shippingName,
  email: orders.email,
  status: orders.status,
  createdAt: orders.createdAt,
};

/** An order's line as the order services read it: what was ordered, from where, at what price. */
export const orderLineColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  variationId: orderItems.variationId,
  productName: orderItems.productName,
  sizeLabel: orderItems.sizeLabel,
  quantity: orderItems.quantity,
  priceCents: orderItems.priceAtPurchaseCents,
};

/** The rows of an order's new lines (checkout's, or an edit's added sizes), at their price now. */
export function orderLineValues(orderId: string, lines: Omit<OrderLine, "id">[]) {
  return lines.map((line) => ({
    orderId,
    productId: line.productId,
    variationId: line.variationId,
    productName: line.productName,
    sizeLabel: line.sizeLabel,
    quantity: line.quantity,
    priceAtPurchaseCents: line.priceCents,
  }));
}
