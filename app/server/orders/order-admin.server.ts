import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql } from "drizzle-orm";
import { zonedTime } from "~/lib/dates";
import { normalizeOrderNumber } from "~/lib/order-status";
import { config } from "../config.server";
import { orderLineColumns, orderSummaryColumns } from "./order-lines.server";
import { getOrderTaxLines } from "../taxes/taxes.server";
import { db } from "../db.server";
import {
  customers,
  emailOutbox,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orders,
  shipmentEvents,
  shipments,
  stockLots,
  stockMovements,
} from "../db-tables";

/** Everything the order page shows, in seven statements whatever the order's size. */
export async function getAdminOrder(orderNumberText: string) {
  const orderNumber = normalizeOrderNumber(orderNumberText);
  if (!orderNumber) return null;
  // With the customer's number, for the link to the customer's page (its URL id).
  const [order] = await db()
    .select({ ...getTableColumns(orders), customerNumber: customers.customerNumber })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const [items, history, shipment, emails, taxLines, trackingEvents] = await Promise.all([
    db()
      .select(orderLineColumns)
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.productName)),
    db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt)),
    db()
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id))
      .then((rows) => rows[0] ?? null),
    db()
      .select({
        id: orderEmailsSent.id,
        kind: orderEmailsSent.kind,
        sentTo: orderEmailsSent.sentTo,
        queuedAt: orderEmailsSent.createdAt,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        sentAt: emailOutbox.sentAt,
        lastError: emailOutbox.lastError,
      })
      .from(orderEmailsSent)
      .leftJoin(emailOutbox, eq(emailOutbox.id, orderEmailsSent.outboxId))
      .where(eq(orderEmailsSent.orderId, order.id))
      .orderBy(asc(orderEmailsSent.createdAt)),
    getOrderTaxLines(order.id),
    // The parcel's Canada Post scans (the tracking job's), newest first.
    db()
      .select({
        id: shipmentEvents.id,
        at: shipmentEvents.at,
        description: shipmentEvents.description,
        location: shipmentEvents.location,
        state: shipmentEvents.state,
      })
      .from(shipmentEvents)
      .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
      .where(eq(shipments.orderId, order.id))
      .orderBy(desc(shipmentEvents.at), desc(shipmentEvents.code)),
  ]);
  return {
    order,
    items,
    history,
    shipment,
    trackingEvents,
    emails,
    taxLines,
    lots: await orderLots(order.id),
  };
}

/** The lots an order's units came from, and how many it still holds of each (its movements' sum). */
async function orderLots(orderId: string) {
  return db()
    .select({
      lotId: stockLots.id,
      productId: stockMovements.productId,
      variationId: stockMovements.variationId,
      lotNumber: stockLots.lotNumber,
      expiresOn: stockLots.expiresOn,
      recalled: sql<boolean>`${stockLots.recalledAt} is not null`,
      quantity: sql<number>`(-sum(${stockMovements.quantity}))::int`,
    })
    .from(stockMovements)
    .innerJoin(stockLots, eq(stockLots.id, stockMovements.lotId))
    .where(eq(stockMovements.orderId, orderId))
    .groupBy(stockLots.id, stockMovements.productId, stockMovements.variationId)
    .having(sql`sum(${stockMovements.quantity}) < 0`)
    .orderBy(asc(stockLots.expiresOn), asc(stockLots.lotNumber));
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

/** The id of an order from its number, for actions that post to the order page. */
export async function findOrderId(orderNumberText: string): Promise<string | null> {
  const orderNumber = normalizeOrderNumber(orderNumberText);
  if (!orderNumber) return null;
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row?.id ?? null;
}

/** [start, end) of calendar days `from` to `to` (YYYY-MM-DD, inclusive) in the store's zone. */
function dayRange(from: string, to: string): [Date, Date] {
  const tz = config().STORE_TIMEZONE;
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return [zonedTime(tz, fy, fm, fd), zonedTime(tz, ty, tm, td + 1)];
}

export async function countOrdersForPrint(from: string, to: string): Promise<number> {
  const [start, end] = dayRange(from, to);
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)));
  return row?.n ?? 0;
}

/**
 * Print Orders: every order placed between two calendar days (inclusive, store time zone), oldest
 * first, with item counts and totals, in two statements.
 */
export async function listOrdersForPrint(from: string, to: string) {
  const [start, end] = dayRange(from, to);
  const rows = await db()
    .select({
      ...orderSummaryColumns,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCostCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalAmountCents,
      city: orders.shippingCity,
      province: orders.shippingProvince,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(5000);
  const counts = rows.length
    ? await db()
        .select({
          orderId: orderItems.orderId,
          items: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(orderItems.orderId)
    : [];
  const itemsByOrder = new Map(counts.map((c) => [c.orderId, c.items]));
  const list = rows.map((row) => ({ ...row, itemCount: itemsByOrder.get(row.id) ?? 0 }));
  const counted = list.filter((o) => o.status !== "cancelled");
  return {
    orders: list,
    totals: {
      orders: list.length,
      cancelled: list.length - counted.length,
      items: counted.reduce((n, o) => n + o.itemCount, 0),
      subtotalCents: counted.reduce((n, o) => n + o.subtotalCents, 0),
      discountCents: counted.reduce((n, o) => n + o.discountCents, 0),
      shippingCents: counted.reduce((n, o) => n + o.shippingCents, 0),
      taxCents: counted.reduce((n, o) => n + o.taxCents, 0),
      totalCents: counted.reduce((n, o) => n + o.totalCents, 0),
    },
  };
}
