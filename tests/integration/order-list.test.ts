import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OrderListQuerySchema } from "~/schemas/orders";
import { db } from "~/server/db.server";
import { dateRange, listAdminOrders } from "~/server/orders/order-list.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { orders } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";

beforeEach(resetDatabase);

const query = (q: Record<string, string> = {}) => OrderListQuerySchema.parse(q);
const TZ = "America/Vancouver";

async function placeAt(createdAt: Date, overrides: { email?: string; name?: string } = {}) {
  const p = await createProduct({ stock: 5 });
  const placed = await placeOrder(checkoutInput([{ id: p.id(), quantity: 2 }], overrides), {
    now: createdAt,
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order.orderNumber;
}

describe("date filter in the store's time zone (week from Sunday)", () => {
  // Wednesday 2026-11-25 11:00 in Vancouver (18:00 UTC): UTC−7, kept all year from Nov 1, 2026.
  const now = new Date("2026-11-25T18:00:00Z");
  it("today, yesterday and this week", () => {
    expect(dateRange("today", now, TZ)!.map((d) => d.toISOString())).toEqual([
      "2026-11-25T07:00:00.000Z",
      "2026-11-26T07:00:00.000Z",
    ]);
    expect(dateRange("yesterday", now, TZ)!.map((d) => d.toISOString())).toEqual([
      "2026-11-24T07:00:00.000Z",
      "2026-11-25T07:00:00.000Z",
    ]);
    expect(dateRange("this_week", now, TZ)!.map((d) => d.toISOString())).toEqual([
      "2026-11-22T07:00:00.000Z",
      "2026-11-29T07:00:00.000Z",
    ]);
    expect(dateRange("all", now, TZ)).toBeNull();
  });

  it("filters the list", async () => {
    const now = new Date();
    const today = await placeAt(new Date(now.getTime() - 60_000));
    const old = await placeAt(new Date(now.getTime() - 30 * 86_400_000));
    const list = await listAdminOrders(query({ date: "today" }), now);
    expect(list.rows.map((r) => r.orderNumber)).toEqual([today]);
    const all = await listAdminOrders(query(), now);
    expect(all.rows.map((r) => r.orderNumber)).toEqual([today, old]);
    expect(all.rows[0]).toMatchObject({ itemCount: 2, customerName: "Jane Doe" });
    expect(all.rows[0]!.shippingAddress).toBe("123 Main St, Vancouver, BC V6B 1A1");
  });
});

describe("search and status", () => {
  it("finds by order number, digits, email prefix and name prefix", async () => {
    const now = Date.now();
    const a = await placeAt(new Date(now - 3000), { email: "ana@example.com", name: "Ana Lima" });
    const b = await placeAt(new Date(now - 2000), { email: "bo@example.com", name: "Bo Chen" });
    await db().update(orders).set({ status: "paid" }).where(eq(orders.orderNumber, b));
    const numbers = async (q: Record<string, string>) =>
      (await listAdminOrders(query(q))).rows.map((r) => r.orderNumber);
    expect(await numbers({ q: a.toLowerCase() })).toEqual([a]);
    expect(await numbers({ q: b.slice(-2) })).toContain(b);
    expect(await numbers({ q: "ANA@" })).toEqual([a]);
    expect(await numbers({ q: "bo chen" })).toEqual([b]);
    expect(await numbers({ q: "100%_" })).toEqual([]);
    expect(await numbers({ status: "paid" })).toEqual([b]);
    expect(await numbers({ status: "nonsense" })).toEqual([b, a]);
    // A pickup code said at the counter, in any case and spacing (docs/product/fulfilment.md#pickup).
    await db().update(orders).set({ pickupCode: "K7M3QZ" }).where(eq(orders.orderNumber, a));
    expect(await numbers({ q: "k7m 3qz" })).toEqual([a]);
  });
});

describe("keyset paging", () => {
  it("walks forward and back through 45 orders with no gap or repeat", async () => {
    const now = Date.now();
    for (let i = 0; i < 45; i++) await placeAt(new Date(now - i * 1000));
    const seen: string[] = [];
    let page = await listAdminOrders(query());
    expect(page).toMatchObject({ total: 45, pageCount: 3, page: 1 });
    expect(page.previous).toBeUndefined();
    seen.push(...page.rows.map((r) => r.orderNumber));
    const second = await listAdminOrders(query({ after: page.next!, page: "2" }));
    seen.push(...second.rows.map((r) => r.orderNumber));
    page = await listAdminOrders(query({ after: second.next!, page: "3" }));
    seen.push(...page.rows.map((r) => r.orderNumber));
    expect(page.next).toBeUndefined();
    expect(new Set(seen).size).toBe(45);
    const back = await listAdminOrders(query({ before: page.previous!, page: "2" }));
    expect(back.rows.map((r) => r.orderNumber)).toEqual(second.rows.map((r) => r.orderNumber));
    // A tampered cursor falls back to the first page instead of failing.
    const tampered = await listAdminOrders(query({ after: "bm90LWEtY3Vyc29y" }));
    expect(tampered.page).toBe(1);
  });
});
