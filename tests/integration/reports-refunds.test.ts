import { eq, sql, type SQL } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PeriodChoice } from "~/lib/report-period";
import { getOverview } from "~/server/admin/overview.server";
import { getCustomerView } from "~/server/customers/customer-admin.server";
import { getCustomerStats, getCustomerTotals } from "~/server/customers/customer-list.server";
import { db } from "~/server/db.server";
import {
  dailySummary,
  DAILY_SUMMARY_KIND,
  sendDailySummaryEmail,
} from "~/server/orders/staff-alerts.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { DEFAULT_FULFILMENT } from "~/lib/store-settings";
import { bookableWindows } from "~/server/fulfilment/choices.server";
import { addDeliveryWindow, saveDeliveryZone } from "~/server/fulfilment/delivery-setup.server";
import { testActor } from "../setup/audit";
import { exportSalesReport } from "~/server/reports/report-export.server";
import { getSalesReport, type Metric } from "~/server/reports/sales-report.server";
import { customers, emailOutbox, orderItems, orders } from "~/server/db-tables";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";
import * as reportRoute from "~/routes/admin/reports/report";
import * as exportRoute from "~/routes/admin/reports/export";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { resetDatabase } from "../setup/database";
import { callRoute, type RouteModule } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";
import { insertTestRefund } from "./refund-factories";

/**
 * Money net of refunds (docs/decisions/reports-net-of-refunds.md), in Toronto's time zone. Each
 * order is $100 + $20 shipping: in BC, GST $6.00 + PST $8.40 = $134.40; in Ontario HST $15.60 =
 * $135.60.
 * - A (BC), placed 10 March, paid; $56.00 refunded on 31 March at 11:30 p.m. (1 April in UTC):
 *   $50 of goods, GST $2.50, PST $3.50, no lines (an amount).
 * - B (BC), placed 15 March, paid; cancelled and refunded in full on 5 April ($134.40).
 * - C (BC), placed 20 March, paid, cancelled before refunds were recorded: no refund, not a sale.
 * - D (BC), placed 25 March, unpaid.
 * - E (ON), placed 2 April, paid; its shipping refunded on 10 April ($20 + HST $2.60).
 */
const TZ = "America/Toronto";
const NOW = new Date("2026-05-20T16:00:00Z");
const MARCH: PeriodChoice = { kind: "month", month: "2026-03" };
const APRIL: PeriodChoice = { kind: "month", month: "2026-04" };

const ids: Record<string, string> = {};
const numbers: Record<string, string> = {};

/** Ontario takes no parcels: its order is a local delivery, at the $20 a parcel costs. */
async function openTorontoDelivery() {
  await saveSettingsSection("fulfilment", { ...DEFAULT_FULFILMENT, delivery: true });
  const actor = testActor();
  await saveDeliveryZone(
    { name: "Toronto", prefixes: ["M"], feeCents: 2000, minimumOrderCents: 0 },
    actor,
  );
  for (let weekday = 1; weekday <= 7; weekday++)
    await addDeliveryWindow({ weekday, starts: "16:00", ends: "18:00", capacity: 10 }, actor);
}

async function place(key: string, iso: string, productId: string, province: "BC" | "ON") {
  const address =
    province === "ON"
      ? {
          province,
          city: "Toronto",
          postalCode: "M5V 2T6",
          fulfilmentMethod: "delivery" as const,
          deliveryWindow: (await bookableWindows(new Date(iso)))[0]!.key,
        }
      : { province, city: "Vancouver", postalCode: "V6B 1A1" };
  const placed = await placeOrder(
    checkoutInput([{ id: productId, quantity: 1 }], {
      ...address,
      name: `Buyer ${key}`,
      email: `${key.toLowerCase()}@example.com`,
    }),
    { now: new Date(iso) },
  );
  if (!placed.ok) throw new Error(placed.message);
  ids[key] = placed.order.id;
  numbers[key] = placed.order.orderNumber;
  return placed.order.id;
}

async function setStatus(key: string, status: string, paidAt: string | null) {
  await db()
    .update(orders)
    .set({ status, paidAt: paidAt ? new Date(paidAt) : null })
    .where(eq(orders.id, ids[key]!));
}

const report = (period: PeriodChoice) => getSalesReport({ period, timeZone: TZ, now: NOW });

beforeAll(async () => {
  await resetDatabase();
  await openTorontoDelivery();
  const flower = await createProduct({ name: "Pink Kush", priceCents: 10000, stock: 20 });
  const gummies = await createProduct({ name: "Sour Gummies", priceCents: 10000, stock: 20 });
  await place("A", "2026-03-10T15:00:00Z", flower.id(), "BC");
  await place("B", "2026-03-15T15:00:00Z", flower.id(), "BC");
  await place("C", "2026-03-20T15:00:00Z", flower.id(), "BC");
  await place("D", "2026-03-25T15:00:00Z", flower.id(), "BC");
  await place("E", "2026-04-02T15:00:00Z", gummies.id(), "ON");
  await setStatus("A", "shipped", "2026-03-11T15:00:00Z");
  await setStatus("B", "paid", "2026-03-16T15:00:00Z");
  await setStatus("C", "cancelled", "2026-03-21T15:00:00Z");
  await setStatus("E", "processing", "2026-04-03T15:00:00Z");
  await insertTestRefund({
    orderId: ids.A!,
    goodsCents: 5000,
    tax: { GST: 250, PST: 350 },
    at: new Date("2026-04-01T03:30:00Z"),
  });
  await insertTestRefund({
    orderId: ids.B!,
    full: true,
    cancel: true,
    at: new Date("2026-04-05T15:00:00Z"),
  });
  await insertTestRefund({
    orderId: ids.E!,
    shippingCents: 2000,
    tax: { HST: 260 },
    at: new Date("2026-04-10T15:00:00Z"),
    method: "other",
    reference: "=cash",
  });
});

describe("gross, refunds and net", () => {
  it("a month: gross from its paid orders, refunds made in it, net the difference", async () => {
    const { totals, range } = await report(MARCH);
    expect([range.label, range.previousLabel]).toEqual(["March 2026", "February 2026"]);
    const current = (money: { gross: Metric; refunds: Metric; net: Metric }) =>
      [money.gross, money.refunds, money.net].map((m) => m.current);
    // A and B (B is cancelled now, but its refund takes it out in April); C and D are not sales.
    // A's refund at 11:30 p.m. on 31 March in Toronto counts in March: $50 of goods and its tax.
    // Net sales, the headline, are the goods alone: no tax, no shipping.
    expect(current(totals.sales)).toEqual([20000, 5000, 15000]);
    expect(totals.sales.net).toEqual({ current: 15000, previous: 0, change: { kind: "new" } });
    expect(current(totals.shipping)).toEqual([4000, 0, 4000]);
    expect(current(totals.tax)).toEqual([2880, 600, 2280]);
    expect(current(totals.total)).toEqual([26880, 5600, 21280]);
    expect(totals.orders.current).toBe(2);
    expect(totals.refunds.current).toBe(1);
    // Goods sold per order, before tax and shipping.
    expect(totals.averageOrderCents.current).toBe(10000);
  });

  it("a refund made in a later month counts in that month, whatever the order's date", async () => {
    const { totals } = await report(APRIL);
    expect(totals.total.gross.current).toBe(13560);
    // B's full refund (an order of March) and E's shipping: the total below zero, as the cash
    // went out; E's goods sold and B's given back leave no net sales.
    expect(totals.total.refunds.current).toBe(13440 + 2260);
    expect(totals.total.net.current).toBe(13560 - 15700);
    expect(totals.sales.net).toEqual({
      current: 10000 - 10000,
      previous: 15000,
      change: { kind: "percent", value: -100 },
    });
    expect(totals.shipping.net.current).toBe(2000 - 4000);
    expect(totals.total.refunds.previous).toBe(5600);
    expect(totals.tax.refunds.current).toBe(600 + 840 + 260);
  });

  it("a quarter and a custom range add up the same money", async () => {
    const q1 = await report({ kind: "quarter", quarter: "2026-Q1" });
    expect([q1.totals.total.gross.current, q1.totals.total.refunds.current]).toEqual([26880, 5600]);
    expect(q1.totals.sales.net.current).toBe(15000);
    const both = await report({ kind: "custom", from: "2026-03-01", to: "2026-04-30" });
    expect(both.totals.total.gross.current).toBe(26880 + 13560);
    expect(both.totals.total.refunds.current).toBe(5600 + 15700);
    expect(both.totals.total.net.current).toBe(40440 - 21300);
    expect(both.totals.sales.net.current).toBe(30000 - 15000);
    expect(both.range.granularity).toBe("week");
  });

  it("Sales Overview: each bar's gross, the refunds made in it, and its net", async () => {
    const { series } = await report(APRIL);
    const day = (d: string) => series.find((p) => p.bucket === d)!;
    expect(series).toHaveLength(30);
    expect(day("2026-04-02")).toMatchObject({
      grossSalesCents: 10000,
      refundedSalesCents: 0,
      orders: 1,
    });
    expect(day("2026-04-05")).toMatchObject({
      grossSalesCents: 0,
      refundedSalesCents: 10000,
      netSalesCents: -10000,
    });
    const march = await report(MARCH);
    expect(march.series.find((p) => p.bucket === "2026-03-31")!.refundedSalesCents).toBe(5000);
    expect(march.series.reduce((n, p) => n + p.netSalesCents, 0)).toBe(15000);
  });

  it("Top Products: the units and revenue the sales kept (refunded lines taken off)", async () => {
    const { topProducts } = await report(MARCH);
    // A and B bought one each; B's line came back with its refund; A's refund was an amount.
    expect(topProducts.map((p) => [p.name, p.units, p.revenueCents])).toEqual([
      ["Pink Kush", 1, 10000],
    ]);
  });

  it("Recent Activity names each refund with its credit note", async () => {
    const { activity } = await report(APRIL);
    expect(activity.filter((a) => a.kind === "refund")).toEqual([
      expect.objectContaining({
        reference: numbers.E,
        detail: `${numbers.E}-R1`,
        amount: 2260,
        who: "Owner",
      }),
      expect.objectContaining({ reference: numbers.B, detail: `${numbers.B}-R1`, amount: 13440 }),
    ]);
  });
});

describe("Sales Tax Collected, net of refunds", () => {
  it("per province and tax: collected on the period's sales, refunded by its refunds", async () => {
    const march = await report(MARCH);
    expect(march.taxes).toEqual([
      {
        province: "BC",
        kind: "GST",
        orders: 2,
        collectedCents: 1200,
        refundedCents: 250,
        netCents: 950,
      },
      {
        province: "BC",
        kind: "PST",
        orders: 2,
        collectedCents: 1680,
        refundedCents: 350,
        netCents: 1330,
      },
    ]);
    expect(march.taxTotals).toMatchObject({
      collectedCents: 2880,
      refundedCents: 600,
      netCents: 2280,
    });
    const april = await report(APRIL);
    // B's tax came back in April: BC's rows show it against no April sale.
    expect(april.taxes).toEqual([
      {
        province: "BC",
        kind: "GST",
        orders: 0,
        collectedCents: 0,
        refundedCents: 600,
        netCents: -600,
      },
      {
        province: "BC",
        kind: "PST",
        orders: 0,
        collectedCents: 0,
        refundedCents: 840,
        netCents: -840,
      },
      {
        province: "ON",
        kind: "HST",
        orders: 1,
        collectedCents: 1560,
        refundedCents: 260,
        netCents: 1300,
      },
    ]);
    expect(april.taxTotals.byKind).toEqual([
      { kind: "GST", collectedCents: 0, refundedCents: 600, netCents: -600 },
      { kind: "HST", collectedCents: 1560, refundedCents: 260, netCents: 1300 },
      { kind: "PST", collectedCents: 0, refundedCents: 840, netCents: -840 },
    ]);
    // The table and the totals agree.
    expect(april.taxTotals.refundedCents).toBe(april.totals.tax.refunds.current);
    expect(april.taxTotals.collectedCents).toBe(april.totals.tax.gross.current);
  });
});

describe("the customer's figures and the Overview", () => {
  it("Refunds is the amount refunded; Spent what their payments left with the store", async () => {
    const byEmail = async (email: string) => {
      const [c] = await db().select().from(customers).where(eq(customers.email, email));
      return (await getCustomerTotals([c!.id])).get(c!.id)!;
    };
    expect(await byEmail("a@example.com")).toEqual({
      orders: 1,
      spentCents: 13440 - 5600,
      refunds: 1,
      refundedCents: 5600,
      cancellations: 0,
    });
    expect(await byEmail("b@example.com")).toMatchObject({
      spentCents: 0,
      refunds: 1,
      refundedCents: 13440,
      cancellations: 1,
    });
    // Cancelled before refunds were recorded: a cancellation, no refund, nothing spent.
    expect(await byEmail("c@example.com")).toMatchObject({
      spentCents: 0,
      refunds: 0,
      refundedCents: 0,
      cancellations: 1,
    });
    const [a] = await db().select().from(customers).where(eq(customers.email, "a@example.com"));
    const view = await getCustomerView(String(a!.customerNumber));
    expect(view!.totals.refundedCents).toBe(5600);
  });

  it("the Overview's and the Customers list's Total Revenue are net sales: goods less refunds", async () => {
    // A, B and E sold $100 of goods each; $50 of A's and all of B's came back (E's shipping
    // refund gave back no goods). Tax and shipping are not revenue.
    const net = 30000 - 5000 - 10000;
    expect((await getOverview()).revenueCents).toBe(net);
    expect((await getCustomerStats()).revenueCents).toBe(net);
  });
});

describe("the CSV export", () => {
  it("has gross, refunds and net, tax collected, refunded and net, the refunds and the orders", async () => {
    const { fileName, body } = await exportSalesReport({
      period: MARCH,
      timeZone: TZ,
      storeName: "Budz Boutique",
      now: NOW,
    });
    expect(fileName).toBe("sales-report-2026-03-01-to-2026-03-31.csv");
    const lines = (await new Response(body).text()).split("\r\n");
    for (const line of [
      "Period,March 2026,2026-03-01,2026-03-31,America/Toronto",
      "Compared with,February 2026,2026-02-01,2026-02-28",
      "Gross sales ($),200.00,0.00,New",
      "Sales refunded ($),50.00,0.00,New",
      "Net sales ($),150.00,0.00,New",
      "Shipping charged ($),40.00,0.00,New",
      "Shipping refunded ($),0.00,0.00,—",
      "Net shipping ($),40.00,0.00,New",
      "Tax collected ($),28.80,0.00,New",
      "Tax refunded ($),6.00,0.00,New",
      "Net tax ($),22.80,0.00,New",
      "Total charged ($),268.80,0.00,New",
      "Total refunded ($),56.00,0.00,New",
      "Net total ($),212.80,0.00,New",
      "Orders,2,0,New",
      "Average order value ($),100.00,0.00,New",
      "Refunds made,1,0,New",
      "Sales tax,Tax,Orders,Collected ($),Refunded ($),Net ($)",
      "British Columbia,GST,2,12.00,2.50,9.50",
      "British Columbia,PST,2,16.80,3.50,13.30",
      "Total GST,GST,,12.00,2.50,9.50",
      "Total,,,28.80,6.00,22.80",
      `${numbers.A}-R1,${numbers.A},2026-03-10 11:00,2026-03-31 23:30,50.00,0.00,6.00,56.00,Interac e-Transfer,,Owner`,
      "Order,Placed,Status,Counts as sale,Fulfilment,Customer,Email,Items,Subtotal ($),Discount ($),Shipping ($),Tax ($),Total ($),Refunded to date ($),Net ($)",
      `${numbers.A},2026-03-10 11:00,shipped,yes,Canada Post parcel,Buyer A,a@example.com,1,100.00,0.00,20.00,14.40,134.40,56.00,78.40`,
      // Refunded in April: a sale of March, its refund in April's file.
      `${numbers.B},2026-03-15 11:00,cancelled,yes,Canada Post parcel,Buyer B,b@example.com,1,100.00,0.00,20.00,14.40,134.40,134.40,0.00`,
      `${numbers.C},2026-03-20 11:00,cancelled,no,Canada Post parcel,Buyer C,c@example.com,1,100.00,0.00,20.00,14.40,134.40,0.00,134.40`,
    ])
      expect(lines).toContain(line);
    const april = await exportSalesReport({
      period: APRIL,
      timeZone: TZ,
      storeName: "Budz Boutique",
      now: NOW,
    });
    const aprilText = await new Response(april.body).text();
    // A staff-typed reference is kept from being a formula.
    expect(aprilText).toContain(
      `${numbers.E}-R1,${numbers.E},2026-04-02 11:00,2026-04-10 11:00,0.00,20.00,2.60,22.60,Other,'=cash,Owner`,
    );
    expect(aprilText).toContain(`${numbers.B}-R1,${numbers.B},2026-03-15 11:00,`);
    // Ontario's order went by local delivery (no parcels there).
    expect(aprilText).toContain(`${numbers.E},2026-04-02 11:00,processing,yes,Local delivery,`);
  });

  it("the routes: the screen and the export follow the chosen period; bad ranges are 400s", async () => {
    const admin = await createAdminUser({
      username: "report-manager",
      password: "manager-pass-1",
      role: "manager",
    });
    const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
    const get = (module: RouteModule, path: string) =>
      callRoute(
        module,
        "loader",
        new Request(`http://store.test${path}`, { headers: { Cookie: cookie } }),
      );
    type Answer = {
      data?: { report: unknown; error?: { field: string; message: string } };
      init?: { status?: number };
    };
    const month = (await get(
      reportRoute,
      "/budzadmin/dashboard/reports?period=month&month=2026-03",
    )) as {
      report: { range: { label: string } };
    };
    expect(month.report.range.label).toBe("March 2026");
    const reversed = (await get(
      reportRoute,
      "/budzadmin/dashboard/reports?period=custom&from=2026-03-31&to=2026-03-01",
    )) as Answer;
    expect(reversed.init?.status).toBe(400);
    expect(reversed.data).toMatchObject({
      report: null,
      error: { field: "to", message: expect.stringContaining("The range ends before it begins") },
    });
    const csv = (await get(
      exportRoute,
      "/budzadmin/dashboard/reports/export?period=custom&from=2026-03-01&to=2026-03-31",
    )) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toContain(
      "sales-report-2026-03-01-to-2026-03-31.csv",
    );
    expect(await csv.text()).toContain("Total charged ($),268.80,");
    for (const query of [
      "period=month&month=2026-13",
      "period=custom&from=2026-02-30&to=x",
      "period=14",
    ])
      await expect(
        get(exportRoute, `/budzadmin/dashboard/reports/export?${query}`),
      ).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("every report query is served by an index", () => {
  const queries: SQL[] = [];
  afterEach(() => vi.restoreAllMocks());

  it("sales by the orders_sales_* indexes, refunds by refunds_created_idx, no sequential scan", async () => {
    const database = db();
    const execute = database.execute.bind(database);
    vi.spyOn(database, "execute").mockImplementation(((query: SQL) => {
      queries.push(query);
      return execute(query);
    }) as typeof database.execute);
    await report(APRIL);
    vi.restoreAllMocks();
    expect(queries.length).toBeGreaterThanOrEqual(8);
    const plans = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const out: string[] = [];
      for (const query of queries) {
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: Record<string, string>[];
        };
        out.push(result.rows.map((r) => Object.values(r)[0]).join("\n"));
      }
      return out;
    });
    const all = plans.join("\n");
    for (const plan of plans)
      expect(plan).not.toMatch(
        /Seq Scan on (orders|refunds|refund_tax_lines|order_tax_lines|order_items|refund_lines)\b/,
      );
    expect(all).toMatch(/orders_sales_created_idx/);
    expect(all).toMatch(/orders_sales_customer_idx|orders_sales_created_idx/);
    expect(all).toMatch(/refunds_created_idx/);
  });
});

describe("the daily summary's refunds line", () => {
  // 9:00 a.m. in Vancouver (the store's zone in tests): yesterday is 9 June, 07:00Z to 07:00Z.
  const SUMMARY_NOW = new Date("2026-06-10T16:00:00Z");

  it("counts yesterday's refunds and their amount, and says so in the email", async () => {
    await resetDatabase();
    const product = await createProduct({ priceCents: 10000, stock: 10 });
    const order = async (iso: string) => {
      const placed = await placeOrder(checkoutInput([{ id: product.id(), quantity: 1 }]), {
        now: new Date(iso),
      });
      if (!placed.ok) throw new Error(placed.message);
      await db()
        .update(orders)
        .set({ status: "completed", paidAt: new Date(iso) })
        .where(eq(orders.id, placed.order.id));
      return placed.order.id;
    };
    const old = await order("2026-05-01T18:00:00Z");
    const refund = (cents: number, iso: string) =>
      insertTestRefund({ orderId: old, goodsCents: cents, at: new Date(iso) });
    await refund(1000, "2026-06-09T06:59:59Z"); // 8 June, 11:59 p.m.: not yesterday
    await refund(1500, "2026-06-09T07:00:00Z"); // 9 June, midnight
    await refund(2025, "2026-06-10T06:59:59Z"); // 9 June, 11:59 p.m.
    await refund(500, "2026-06-10T07:00:00Z"); // today

    const summary = await dailySummary(db(), SUMMARY_NOW, 5);
    expect(summary.refunds).toEqual({ count: 2, totalCents: 3525 });
    expect(summary.placed.count).toBe(0);

    await saveSettingsSection("notifications", {
      ...(await storeSettings()).notifications,
      dailySummaryEmails: ["owner@budz.example"],
    });
    // A day with nothing but refunds is not a quiet day.
    expect(await sendDailySummaryEmail({ now: SUMMARY_NOW })).toMatchObject({ sent: true });
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, DAILY_SUMMARY_KIND));
    expect(email!.subject).toContain("2 refunds ($35.25)");
    expect(email!.text).toContain("Refunds made: 2 refunds, $35.25 given back");
    // The order items are untouched by the fixture (no stock moves): only the money.
    expect(await db().select().from(orderItems)).toHaveLength(1);
  });
});
