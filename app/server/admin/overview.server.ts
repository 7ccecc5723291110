import { and, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { saleCondition } from "~/lib/report-period";
import { db } from "../db.server";
import { lowStockItems } from "../inventory/low-stock.server";
import { orderSummaryColumns } from "../orders/order-lines.server";
import { customers, orderItems, orders, productVariations, products, refunds } from "../db-tables";

/**
 * The money kept, as SQL over the orders table: the totals of every sale (paid and later, or
 * cancelled with a refund; saleCondition), tax and shipping included, less what was refunded on
 * them. Only paid orders have refunds, so this is every payment kept: a customer's Spent.
 */
export const netRevenueSql = () =>
  sql<number>`coalesce(sum(${orders.totalAmountCents} - ${orders.refundedCents}) filter (where ${sql.raw(saleCondition())}), 0)::bigint`;

/**
 * Net sales of all time, as SQL over the orders table: the goods of every sale (after discounts,
 * before tax and shipping) less the goods of every refund (refunds are only made on sales). The
 * Overview's and the Customers list's Total Revenue, on the same terms as the Reports' Net Sales.
 */
export const netSalesSql = () =>
  sql<number>`(coalesce(sum(${orders.subtotalCents} - ${orders.discountCents}) filter (where ${sql.raw(saleCondition())}), 0) - (select coalesce(sum(${refunds.goodsCents}), 0) from ${refunds}))::bigint`;

export async function getOverview(
  options: { recent?: number; top?: number; lowStock?: number } = {},
) {
  const [totals] = await db()
    .select({ revenueCents: netSalesSql(), orderCount: count() })
    .from(orders);
  const [{ customerCount }] = (await db().select({ customerCount: count() }).from(customers)) as [
    { customerCount: number },
  ];
  const [{ productCount }] = (await db()
    .select({ productCount: count() })
    .from(products)
    .where(eq(products.status, "active"))) as [{ productCount: number }];

  const stock = await countLowStock();
  // Which sizes are low, by name (out of stock first).
  const lowStock = await lowStockItems(options.lowStock ?? 6);

  const recentOrders = await db()
    .select({ ...orderSummaryColumns, totalCents: orders.totalAmountCents })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.recent ?? 5);

  const unitsSold = sql<number>`sum(${orderItems.quantity})::int`;
  const topProducts = await db()
    .select({
      id: orderItems.productId,
      name: sql<string>`min(${products.name})`,
      imageUrl: sql<string>`min(${products.imageUrl})`,
      unitsSold,
      revenueCents: sql<number>`sum(${orderItems.quantity} * ${orderItems.priceAtPurchaseCents})::bigint`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(ne(orders.status, "cancelled"))
    .groupBy(orderItems.productId)
    .orderBy(
      desc(unitsSold),
      desc(sql`sum(${orderItems.quantity} * ${orderItems.priceAtPurchaseCents})`),
    )
    .limit(options.top ?? 5);

  return {
    revenueCents: Number(totals?.revenueCents ?? 0),
    orderCount: totals?.orderCount ?? 0,
    customerCount,
    productCount,
    stock,
    lowStock,
    recentOrders,
    topProducts: topProducts.map((p) => ({ ...p, revenueCents: Number(p.revenueCents) })),
  };
}

/**
 * Active products' sizes at or under their product's alert level (sold-out included) and sold out;
 * a product without sizes counts as one. What the Products list's Low stock and Out of stock
 * filters find, counted per size.
 */
export async function countLowStock(): Promise<{ low: number; out: number }> {
  const stock = sql`coalesce(${productVariations.stock}, ${products.stock})`;
  const [row] = await db()
    .select({
      low: sql<number>`(count(*) filter (where ${stock} <= ${products.stockAlertLevel}))::int`,
      out: sql<number>`(count(*) filter (where ${stock} = 0))::int`,
    })
    .from(products)
    .leftJoin(
      productVariations,
      and(eq(productVariations.productId, products.id), isNull(productVariations.archivedAt)),
    )
    .where(eq(products.status, "active"));
  return { low: row?.low ?? 0, out: row?.out ?? 0 };
}
