import { asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderLine } from "~/lib/order-edit";
import { db, type Executor } from "../db.server";
import { orderItems, orders, productVariations, products } from "../db-tables";

/** What an order records of how it reaches the shopper, for `fulfilmentLine`. */
export const orderFulfilmentColumns = {
  fulfilmentMethod: orders.fulfilmentMethod,
  deliveryDate: orders.deliveryDate,
  deliveryStarts: orders.deliveryStarts,
  deliveryEnds: orders.deliveryEnds,
  pickupCode: orders.pickupCode,
  proofOfAge: orders.proofOfAge,
  parcelServiceName: orders.parcelServiceName,
};

/** An order as a driver or the counter needs it: who it is for and where it goes. */
export const orderRecipientColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  name: orders.shippingName,
  phone: orders.phone,
  street: orders.shippingStreet,
  city: orders.shippingCity,
  province: orders.shippingProvince,
  postalCode: orders.shippingPostalCode,
};

export interface PrintedItem {
  productId: string | null;
  variationId: string | null;
  name: string;
  size: string | null;
  quantity: number;
  /** One unit's packed weight (its size's, or the product's without sizes); null: not weighed. */
  packedGrams: number | null;
}

/**
 * The items of several orders in one statement, by order, each order's by product name and size:
 * what packing slips and the delivery run print, with each unit's packed weight for the parcel
 * (app/lib/parcel.ts). A size deleted since leaves its line without a packed weight.
 */
export async function itemsByOrder(
  orderIds: string[],
  executor: Executor = db(),
): Promise<Map<string, PrintedItem[]>> {
  const byOrder = new Map<string, PrintedItem[]>();
  if (orderIds.length === 0) return byOrder;
  const items = await executor
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      variationId: orderItems.variationId,
      name: orderItems.productName,
      size: orderItems.sizeLabel,
      quantity: orderItems.quantity,
      packedGrams: sql<number | null>`case
        when ${orderItems.variationId} is not null then ${productVariations.packedGrams}
        when ${orderItems.sizeLabel} is null then ${products.packedGrams} end`,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productVariations, eq(productVariations.id, orderItems.variationId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel), asc(orderItems.id));
  for (const { orderId, ...item } of items)
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item]);
  return byOrder;
}

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
