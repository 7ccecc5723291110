import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import {
  customers,
  emailCampaigns,
  emailOutbox,
  orderItems,
  orderStatusHistory,
  orders,
} from "~/server/db-tables";
import { exportSalesReport } from "~/server/reports/report-export.server";
import { reportRange } from "~/server/reports/report-range.server";
import { getSalesReport } from "~/server/reports/sales-report.server";
import { resetDatabase } from "../setup/database";
import { createProduct } from "./checkout-factories";

/**
 * A hand-computed week in Vancouver (UTC-7 after the 8 March DST change, UTC-8 before it). "Now"
 * is Friday 20 March 2026, 13:00 local. The 7-day report covers 14-20 March local
 * (2026-03-14T07:00Z up to 2026-03-21T07:00Z); the previous period 7-13 March (from
 * 2026-03-07T08:00Z, still PST).
 */
const TZ = "America/Vancouver";
const NOW = new Date("2026-03-20T20:00:00Z");

let ids: Record<string, string> = {};

async function customer(name: string, createdAt: string) {
  const [row] = await db()
    .insert(customers)
    .values({ name, email: `${name.toLowerCase()}@example.com`, createdAt: new Date(createdAt) })
    .returning();
  return row!;
}

async function order(
  key: string,
  who: { id: string; name: string; email: string },
  status: string,
  totalCents: number,
  createdAt: string,
  lines: [productId: string, quantity: number, priceCents: number][] = [],
  shippingName = who.name,
) {
  const [row] = await db()
    .insert(orders)
    .values({
      customerId: who.id,
      email: who.email,
      shippingName,
      shippingStreet: "1 Main St",
      shippingCity: "Vancouver",
      shippingProvince: "BC",
      shippingPostalCode: "V6B 1A1",
      status,
      subtotalCents: totalCents,
      totalAmountCents: totalCents,
      accessToken: crypto.randomBytes(12).toString("hex"),
      createdAt: new Date(createdAt),
    })
    .returning();
  ids[key] = row!.id;
  if (lines.length)
    await db()
      .insert(orderItems)
      .values(
        lines.map(([productId, quantity, priceCents]) => ({
          orderId: row!.id,
          productId,
          productName: `Product ${productId.slice(0, 4)}`,
          quantity,
          priceAtPurchaseCents: priceCents,
        })),
      );
  return row!;
}

beforeAll(async () => {
  await resetDatabase();
  ids = {};
  const p1 = (await createProduct({ name: "Pink Kush" })).product;
  const p2 = (await createProduct({ name: "Blue Dream" })).product;
  const p3 = (await createProduct({ name: "Gummies" })).product;
  ids.p1 = p1.id;
  ids.p2 = p2.id;
  ids.p3 = p3.id;
  const ann = await customer("Ann", "2026-03-15T12:00:00Z"); // 15 Mar local: new this period
  const bob = await customer("Bob", "2026-01-01T12:00:00Z");
  const cat = await customer("Cat", "2026-03-20T10:00:00Z"); // 20 Mar 03:00 local: new
  const dan = await customer("Dan", "2026-03-10T12:00:00Z"); // previous period
  const eve = await customer("Eve", "2025-06-01T12:00:00Z");
  await customer("Fay", "2026-03-08T12:00:00Z"); // previous period
  await customer("Gus", "2026-03-14T06:00:00Z"); // 13 Mar 23:00 local: previous period
  const fay = {
    id: (await db().select().from(customers)).find((c) => c.name === "Fay")!.id,
    name: "Fay",
    email: "fay@example.com",
  };

  // This period: sales o1 $100 + o2 $50 + o3 $30 + o6 $20 = $200 in 4 orders.
  await order("o1", ann, "paid", 10000, "2026-03-14T07:00:00Z", [
    [p1.id, 2, 3000],
    [p2.id, 1, 4000],
  ]); // exactly at the start: in
  await order("o2", ann, "completed", 5000, "2026-03-16T18:00:00Z", [[p2.id, 1, 5000]]);
  await order("o3", bob, "shipped", 3000, "2026-03-20T06:59:59Z", [[p3.id, 3, 1000]]); // 19 Mar 23:59:59
  await order("o4", cat, "pending", 99900, "2026-03-18T12:00:00Z", [[p3.id, 10, 9990]]); // unpaid
  await order("o5", dan, "cancelled", 50000, "2026-03-17T12:00:00Z", [], "=cmd|' /C calc'!A0");
  await order("o6", eve, "delivered", 2000, "2026-03-20T19:00:00Z", [[p1.id, 1, 2000]]);
  // Previous period: o7 $40 + o8 $60 = $100 in 2 orders.
  await order("o7", bob, "processing", 4000, "2026-03-14T06:59:59Z", [[p3.id, 5, 800]]); // 13 Mar 23:59:59
  await order("o8", fay, "completed", 6000, "2026-03-07T08:00:00Z"); // exactly the previous start
  // Before both periods; cancelled, so Eve is not a returning buyer.
  await order("o9", eve, "cancelled", 7000, "2026-02-01T12:00:00Z");

  await db()
    .insert(orderStatusHistory)
    .values([
      {
        orderId: ids.o1!,
        fromStatus: null,
        toStatus: "pending",
        changedBy: "checkout",
        createdAt: new Date("2026-03-14T07:00:00Z"),
      },
      {
        orderId: ids.o1!,
        fromStatus: "pending",
        toStatus: "paid",
        changedBy: "Sam",
        createdAt: new Date("2026-03-14T09:00:00Z"),
      },
      {
        orderId: ids.o7!,
        fromStatus: "pending",
        toStatus: "paid",
        changedBy: "Sam",
        createdAt: new Date("2026-03-13T09:00:00Z"),
      },
    ]);
  const [campaign] = await db()
    .insert(emailCampaigns)
    .values({
      name: "Spring",
      subject: "Spring sale",
      status: "sent",
      sentAt: new Date("2026-03-18T16:00:00Z"),
    })
    .returning();
  await db()
    .insert(emailOutbox)
    .values(
      ["a@example.com", "b@example.com"].map((to) => ({
        kind: "newsletter",
        toAddress: to,
        subject: "Spring sale",
        html: "<p>Hi</p>",
        text: "Hi",
        campaignId: campaign!.id,
        trackingToken: crypto.randomBytes(8).toString("hex"),
      })),
    );
});

describe("report period", () => {
  it("is whole days in the store's time zone, ending today, with the previous period before it", () => {
    const range = reportRange(7, TZ, NOW);
    expect(range.start.toISOString()).toBe("2026-03-14T07:00:00.000Z");
    expect(range.end.toISOString()).toBe("2026-03-21T07:00:00.000Z");
    expect(range.previousStart.toISOString()).toBe("2026-03-07T08:00:00.000Z");
    expect([range.firstDay, range.lastDay]).toEqual(["2026-03-14", "2026-03-20"]);
  });
});

describe("7-day report figures", () => {
  it("metric cards: net sales, orders, average order value, new customers, with changes", async () => {
    const { totals } = await getSalesReport({ days: 7, timeZone: TZ, now: NOW });
    expect(totals.sales.net).toEqual({
      current: 20000,
      previous: 10000,
      change: { kind: "percent", value: 100 },
    });
    expect(totals.orders).toEqual({
      current: 4,
      previous: 2,
      change: { kind: "percent", value: 100 },
    });
    expect(totals.averageOrderCents).toEqual({
      current: 5000,
      previous: 5000,
      change: { kind: "percent", value: 0 },
    });
    expect(totals.newCustomers).toEqual({
      current: 2,
      previous: 3,
      change: { kind: "percent", value: -33.3 },
    });
  });

  it("Sales Overview: one bar per local day, sales, orders and sign-ups", async () => {
    const { series } = await getSalesReport({ days: 7, timeZone: TZ, now: NOW });
    expect(series.map((p) => p.bucket)).toEqual([
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
      "2026-03-17",
      "2026-03-18",
      "2026-03-19",
      "2026-03-20",
    ]);
    expect(series.map((p) => p.netSalesCents)).toEqual([10000, 0, 5000, 0, 0, 3000, 2000]);
    expect(series.map((p) => p.orders)).toEqual([1, 0, 1, 0, 0, 1, 1]);
    expect(series.map((p) => p.customers)).toEqual([0, 1, 0, 0, 0, 0, 1]);
  });

  it("Top Products: units and item revenue of sales only, most units first", async () => {
    const { topProducts } = await getSalesReport({ days: 7, timeZone: TZ, now: NOW });
    expect(topProducts.map((p) => [p.productId, p.units, p.revenueCents])).toEqual([
      [ids.p1, 3, 8000],
      [ids.p3, 3, 3000],
      [ids.p2, 2, 9000],
    ]);
  });

  it("Customer Metrics: new vs returning buyers and the repeat rate", async () => {
    const { customers: m } = await getSalesReport({ days: 7, timeZone: TZ, now: NOW });
    // Ann (2 sales, first ever), Bob (bought on 13 Mar), Eve (only a cancelled order before).
    expect(m).toEqual({
      buyers: 3,
      newBuyers: 2,
      returningBuyers: 1,
      repeatBuyers: 2,
      repeatRate: 66.7,
    });
  });

  it("Recent Activity: orders, status changes, sign-ups and newsletter sends of the period", async () => {
    const { activity } = await getSalesReport({ days: 7, timeZone: TZ, now: NOW });
    expect(activity).toHaveLength(10);
    expect(activity.map((a) => a.kind).sort()).toEqual(
      [
        "newsletter",
        "order",
        "order",
        "order",
        "order",
        "order",
        "order",
        "signup",
        "signup",
        "status",
      ].sort(),
    );
    expect(activity[0]).toMatchObject({
      kind: "order",
      at: "2026-03-20T19:00:00.000Z",
      amount: 2000,
    });
    expect(activity.find((a) => a.kind === "status")).toMatchObject({
      who: "Sam",
      detail: "pending>paid",
    });
    expect(activity.find((a) => a.kind === "newsletter")).toMatchObject({
      reference: "Spring sale",
      amount: 2,
    });
  });

  it("shows no change as — and a first period as new, never Infinity or NaN", async () => {
    const later = new Date("2027-06-01T20:00:00Z");
    const empty = await getSalesReport({ days: 7, timeZone: TZ, now: later });
    expect(empty.totals.sales.net.change).toEqual({ kind: "none" });
    expect(empty.totals.averageOrderCents.current).toBe(0);
    expect(empty.customers.repeatRate).toBeNull();
    // 30 days to 20 March: the previous 30 days hold nothing but o9 (cancelled).
    const month = await getSalesReport({ days: 30, timeZone: TZ, now: NOW });
    expect(month.totals.sales.net).toEqual({
      current: 30000,
      previous: 0,
      change: { kind: "new" },
    });
  });
});

describe("CSV export", () => {
  it("has the figures, every order of the period, and neutralised formula cells", async () => {
    const { fileName, body } = await exportSalesReport({
      days: 7,
      timeZone: TZ,
      storeName: "Budz Boutique",
      now: NOW,
    });
    expect(fileName).toBe("sales-report-2026-03-14-to-2026-03-20.csv");
    const csv = await new Response(body).text();
    const lines = csv.split("\r\n");
    expect(lines).toContain("Gross sales ($),200.00,100.00,100");
    expect(lines).toContain("Sales refunded ($),0.00,0.00,—");
    expect(lines).toContain("Net sales ($),200.00,100.00,100");
    expect(lines).toContain("Orders,4,2,100");
    expect(lines).toContain("New customers,2,3,-33.3");
    expect(lines).toContain("Repeat rate (%),66.7");
    expect(lines).toContain("Average order value ($),50.00,50.00,0");
    const orderLines = lines.filter((l) => l.startsWith("BBS-"));
    expect(orderLines).toHaveLength(6); // o1-o6, all statuses, sale or not
    const o5 = orderLines.find((l) => l.includes("cancelled"))!;
    expect(o5).toContain(",'=cmd|' /C calc'!A0,");
    expect(o5).toContain(",no,");
    expect(orderLines[0]).toMatch(
      /^BBS-\d{8},2026-03-14 00:00,paid,yes,Canada Post parcel,Ann,ann@example.com,3,100.00,0.00,0.00,0.00,100.00,0.00,100.00$/,
    );
  });
});
