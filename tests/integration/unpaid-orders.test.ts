import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { processUnpaidOrders } from "~/server/orders/unpaid-orders.server";
import { emailOutbox, orderEmailsSent, orderStatusHistory, orders } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct, productStock } from "./checkout-factories";

beforeEach(resetDatabase);

const HOUR = 3_600_000;
const NOW = new Date("2026-06-10T12:00:00Z");

async function orderPlacedHoursAgo(hours: number, productId: () => string) {
  const placed = await placeOrder(checkoutInput([{ id: productId(), quantity: 1 }]), {
    now: new Date(NOW.getTime() - hours * HOUR),
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order.id;
}

async function statusOf(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe("unpaid orders (defaults: reminder after 48 h, cancelled after 5 days)", () => {
  it("reminds once after 48 hours and cancels after 5 days, releasing stock, as the system", async () => {
    const p = await createProduct({ stock: 10 });
    const fresh = await orderPlacedHoursAgo(47, () => p.id());
    const late = await orderPlacedHoursAgo(49, () => p.id());
    const overdue = await orderPlacedHoursAgo(5 * 24 + 1, () => p.id());
    expect(await productStock(p.product.id)).toBe(7);

    const first = await Promise.all([processUnpaidOrders(NOW), processUnpaidOrders(NOW)]);
    expect(first.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    expect(first.reduce((n, r) => n + r.cancelled, 0)).toBe(1);
    const again = await processUnpaidOrders(NOW);
    expect(again).toEqual({ cancelled: 0, reminded: 0 });

    expect((await statusOf(fresh)).reminderSentAt).toBeNull();
    expect((await statusOf(late)).reminderSentAt).toEqual(NOW);
    expect((await statusOf(late)).status).toBe("pending");
    const cancelled = await statusOf(overdue);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelReason).toBe("Payment not received within 5 days");
    expect(await productStock(p.product.id)).toBe(8);

    const [history] = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.toStatus, "cancelled"));
    expect(history).toMatchObject({ orderId: overdue, changedBy: "system", fromStatus: "pending" });
    const reminders = await db()
      .select()
      .from(orderEmailsSent)
      .where(eq(orderEmailsSent.kind, "unpaid_reminder"));
    expect(reminders.map((r) => r.orderId)).toEqual([late]);
    // The reminder repeats the date by which the e-Transfer must arrive: placed 49 h before
    // Wednesday 10 June 2026 12:00 UTC, + 5 days = Saturday 13 June in Vancouver.
    const [reminder] = await db()
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order_unpaid_reminder"));
    expect(reminder!.text).toContain(
      "Your e-Transfer must arrive by Saturday, June 13, or the order is cancelled",
    );
  });

  it("leaves paid orders alone", async () => {
    const p = await createProduct({ stock: 10 });
    const id = await orderPlacedHoursAgo(10 * 24, () => p.id());
    await db().update(orders).set({ status: "paid" }).where(eq(orders.id, id));
    expect(await processUnpaidOrders(NOW)).toEqual({ cancelled: 0, reminded: 0 });
    expect((await statusOf(id)).status).toBe("paid");
  });
});
