import { eq } from "drizzle-orm";
import { orderParcel, type Parcel, type ParcelOrder } from "~/lib/parcel";
import type { Executor } from "../db.server";
import { itemsByOrder } from "./order-lines.server";
import { orders, shipments } from "../db-tables";

/**
 * Canada Post parcels: each one's Proof of Age code and weight, as staff buy its label and as its
 * shipment records them (docs/product/fulfilment.md#parcels-proof-of-age-and-weight). In the
 * orders area, below shipping: the order's status change records its parcel.
 */

/**
 * The parcels of these orders, by order id: one statement for all their items with their packed
 * weights (itemsByOrder). Orders not sent by Canada Post have none.
 */
export async function parcelsOfOrders(
  executor: Executor,
  parcelOrders: readonly (ParcelOrder & { id: string })[],
): Promise<Map<string, Parcel>> {
  const parcels = new Map<string, Parcel>();
  const shipped = parcelOrders.filter((order) => order.fulfilmentMethod === "parcel");
  if (shipped.length === 0) return parcels;
  const items = await itemsByOrder(
    shipped.map((order) => order.id),
    executor,
  );
  for (const order of shipped) {
    const parcel = orderParcel(order, items.get(order.id) ?? []);
    if (parcel) parcels.set(order.id, parcel);
  }
  return parcels;
}

/** One order's parcel; null when the order is unknown or not sent by Canada Post. */
export async function parcelOfOrder(executor: Executor, orderId: string): Promise<Parcel | null> {
  const found = await executor
    .select({
      id: orders.id,
      fulfilmentMethod: orders.fulfilmentMethod,
      proofOfAge: orders.proofOfAge,
      province: orders.shippingProvince,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return (await parcelsOfOrders(executor, found)).get(orderId) ?? null;
}

/**
 * Writes a parcel order's Proof of Age code and weight on its shipment, in the caller's
 * transaction (when the order goes to processing, and again when it ships, so a packed weight
 * entered meanwhile counts). The weight is written only when every size in the parcel has a packed
 * weight; otherwise it stays empty and staff weigh the parcel. Nothing is written for delivery and
 * pickup orders. Returns the parcel, or null.
 */
export async function recordParcel(executor: Executor, orderId: string): Promise<Parcel | null> {
  const parcel = await parcelOfOrder(executor, orderId);
  if (!parcel) return null;
  await executor
    .update(shipments)
    .set({
      proofOfAge: parcel.proofOfAge,
      weightGrams: parcel.missing.length === 0 ? parcel.grams : null,
    })
    .where(eq(shipments.orderId, orderId));
  return parcel;
}
