import { count, eq, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { fail, type Result } from "~/lib/errors";
import { SAMPLE_SUPPORT_HOURS } from "~/lib/store-settings";
import { db } from "../db.server";
import { logger } from "../logger.server";
import { coupons, customers, orders, products } from "../db-tables";
import {
  SAMPLE_ETRANSFER_EMAIL,
  SAMPLE_IDENTITY,
  saveSettingsSection,
  storeSettings,
} from "../settings/store-settings.server";
import { invalidatePageCache } from "../storefront/page-invalidation.server";
import { clearOrderData } from "./sample-data.server";

export const REAL_ORDERS_EXIST =
  "The store has real orders, so its data is no longer sample data: nothing was removed. (Real orders are those placed at checkout, not made by the sample generator.)";

/** How many orders were not made by the sample generator (`orders.sample` is false). */
export async function countRealOrders(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.sample, false));
  return row?.n ?? 0;
}

/**
 * Starting for real: removes the sample products, customers, coupons and orders (and everything
 * hanging off them) in one transaction, refused while any real order exists. The orders table is
 * locked for the check, so an order placed at that moment waits and is never removed. What the
 * owner made meanwhile (products, coupons, customers who registered) stays. Sample contact and
 * payment details the owner never changed are cleared too.
 */
export async function removeSampleData(
  actor?: AuditActor,
): Promise<Result<{ orders: number; products: number; customers: number; coupons: number }>> {
  const result = await db().transaction(async (tx) => {
    await tx.execute(sql`lock table orders in share row exclusive mode`);
    const counted = await tx.execute(sql`select
      (select count(*) from orders where not sample)::int as real_orders,
      (select count(*) from orders)::int as orders,
      (select count(*) from products where sample)::int as products,
      (select count(*) from customers where source = 'sample')::int as customers,
      (select count(*) from coupons where sample)::int as coupons`);
    const row = (counted as unknown as { rows: Record<string, number>[] }).rows[0]!;
    if (Number(row.real_orders) > 0) return fail(409, REAL_ORDERS_EXIST);
    // Every order is a sample order here (the check above, under the lock).
    await clearOrderData(tx);
    await tx.delete(products).where(eq(products.sample, true));
    await tx.delete(customers).where(eq(customers.source, "sample"));
    await tx.delete(coupons).where(eq(coupons.sample, true));
    if (actor)
      await recordAudit(tx, {
        actor,
        area: "sample-data",
        action: "remove",
        changes: {
          orders: Number(row.orders),
          products: Number(row.products),
          customers: Number(row.customers),
          coupons: Number(row.coupons),
        },
      });
    return {
      ok: true as const,
      orders: Number(row.orders),
      products: Number(row.products),
      customers: Number(row.customers),
      coupons: Number(row.coupons),
    };
  });
  if (!result.ok) return result;
  const { store, payments } = await storeSettings();
  const sampleValue = <K extends keyof typeof SAMPLE_IDENTITY>(key: K) =>
    store[key] === SAMPLE_IDENTITY[key] ? null : store[key];
  await saveSettingsSection("store", {
    ...store,
    email: sampleValue("email"),
    phone: sampleValue("phone"),
    hours: store.hours === SAMPLE_SUPPORT_HOURS ? null : store.hours,
    address: sampleValue("address"),
  });
  if (payments.etransferEmail === SAMPLE_ETRANSFER_EMAIL)
    await saveSettingsSection("payments", { ...payments, etransferEmail: null });
  await invalidatePageCache("sample data removed");
  logger.info(result, "sample data removed");
  return result;
}
