import { and, asc, count, eq, gte, ne } from "drizzle-orm";
import { db } from "../db.server";
import { orders } from "../db-tables";
import {
  itemsByOrder,
  orderRecipientColumns,
  type PrintedItem,
} from "../orders/order-lines.server";

export interface RunStop {
  orderNumber: string;
  status: string;
  name: string;
  phone: string | null;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  items: PrintedItem[];
}

export interface RunWindow {
  starts: string;
  ends: string;
  stops: RunStop[];
}

/**
 * A day's local deliveries for the driver (docs/product/fulfilment.md#the-delivery-run): each
 * window's orders in route order (postal code, then street), cancelled ones left out. Two
 * statements: the orders (on orders_delivery_idx), then all their items (itemsByOrder).
 */
export async function deliveryRun(date: string): Promise<RunWindow[]> {
  const rows = await db()
    .select({
      ...orderRecipientColumns,
      starts: orders.deliveryStarts,
      ends: orders.deliveryEnds,
    })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryDate, date),
        eq(orders.fulfilmentMethod, "delivery"),
        ne(orders.status, "cancelled"),
      ),
    )
    .orderBy(
      asc(orders.deliveryStarts),
      asc(orders.shippingPostalCode),
      asc(orders.shippingStreet),
    );
  const items = await itemsByOrder(rows.map((row) => row.id));
  const windows: RunWindow[] = [];
  for (const { id, starts, ends, ...stop } of rows) {
    const key = { starts: starts ?? "", ends: ends ?? "" };
    let window = windows.at(-1);
    if (!window || window.starts !== key.starts || window.ends !== key.ends) {
      window = { ...key, stops: [] };
      windows.push(window);
    }
    window.stops.push({ ...stop, items: items.get(id) ?? [] });
  }
  return windows;
}

/** The days from `from` on with deliveries booked (not cancelled), soonest first, with how many. */
export async function bookedDeliveryDays(
  from: string,
  limit = 14,
): Promise<{ date: string; deliveries: number }[]> {
  const rows = await db()
    .select({ date: orders.deliveryDate, deliveries: count() })
    .from(orders)
    .where(
      and(
        gte(orders.deliveryDate, from),
        eq(orders.fulfilmentMethod, "delivery"),
        ne(orders.status, "cancelled"),
      ),
    )
    .groupBy(orders.deliveryDate)
    .orderBy(asc(orders.deliveryDate))
    .limit(limit);
  return rows.map((row) => ({ date: row.date!, deliveries: row.deliveries }));
}
