import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  CustomerEmailSchema,
  CustomerFormSchema,
  CustomerListQuerySchema,
} from "~/schemas/customers";
import { getOverview } from "~/server/admin/overview.server";
import {
  getCustomerView,
  sendCustomerEmail,
  updateCustomer,
} from "~/server/customers/customer-admin.server";
import { exportCustomersCsv } from "~/server/customers/customer-export.server";
import { getCustomerStats, listCustomers } from "~/server/customers/customer-list.server";
import { db } from "~/server/db.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { changeOrderStatus } from "~/server/orders/order-status.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { customers, emailOutbox, orders } from "~/server/db-tables";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { checkoutInput, createProduct } from "./checkout-factories";
import { insertTestRefund } from "./refund-factories";

beforeEach(resetDatabase);

const query = (q: Record<string, string> = {}) => CustomerListQuerySchema.parse(q);

async function order(email: string, name: string, steps: ("paid" | "cancelled")[] = []) {
  const p = await createProduct({ priceCents: 5000, stock: 50 });
  const placed = await placeOrder(checkoutInput([{ id: p.id(), quantity: 1 }], { email, name }));
  if (!placed.ok) throw new Error(placed.message);
  let from = "pending";
  for (const to of steps) {
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    const change =
      to === "paid"
        ? ({ to, reference: "R1", amountReceivedCents: row!.totalAmountCents } as const)
        : ({ to, reason: "Out of stock" } as const);
    const moved = await changeOrderStatus({
      orderId: placed.order.id,
      expectedStatus: from,
      change,
      actor: "t",
    });
    if (!moved.ok) throw new Error(moved.message);
    // Cancelling a paid order gives the money back: its refund, in full.
    if (to === "cancelled" && from === "paid")
      await insertTestRefund({ orderId: placed.order.id, full: true });
    from = to;
  }
  return placed.order;
}

async function addCustomers(n: number, status = "active") {
  await db().execute(sql`
    insert into customers (name, email, phone, status, created_at)
    select 'Person ' || g, 'person' || g || '@example.com', '604-555-0100', ${status},
      now() - (g || ' minutes')::interval
    from generate_series(1, ${n}) g`);
}

describe("Customers list", () => {
  it("computes the cards: totals, active, average orders, revenue as on the Overview", async () => {
    expect(await getCustomerStats()).toEqual({
      totalCustomers: 0,
      activeCustomers: 0,
      averageOrders: 0,
      revenueCents: 0,
    });
    await order("ann@example.com", "Ann Lee", ["paid"]); // 5000 + 2000 shipping, counts
    await order("ann@example.com", "Ann Lee", ["paid", "cancelled"]); // refunded: no revenue
    await order("bob@example.com", "Bob Ray"); // pending: not revenue
    await db()
      .update(customers)
      .set({ status: "inactive" })
      .where(eq(customers.email, "bob@example.com"));
    const stats = await getCustomerStats();
    expect(stats).toEqual({
      totalCustomers: 2,
      activeCustomers: 1,
      averageOrders: 1.5,
      revenueCents: 5000, // net sales: $50 of goods (its $20 shipping and $8.40 tax are not revenue)
    });
    expect(stats.revenueCents).toBe((await getOverview()).revenueCents);
  });

  it("lists with per-row totals, searches by name, surname, email and id, filters by status", async () => {
    await order("ann@example.com", "Ann Lee", ["paid"]);
    await order("ann@example.com", "Ann Lee", ["paid", "cancelled"]);
    await order("bob@example.com", "Bob Ray", ["cancelled"]);
    const list = await listCustomers(query());
    expect(list.total).toBe(2);
    const ann = list.rows.find((r) => r.email === "ann@example.com")!;
    expect(ann).toMatchObject({ orders: 2, spentCents: 7840, refunds: 1, cancellations: 1 });
    expect(list.rows.find((r) => r.name === "Bob Ray")).toMatchObject({
      refunds: 0,
      cancellations: 1,
    });

    const names = async (q: Record<string, string>) =>
      (await listCustomers(query(q))).rows.map((r) => r.name);
    expect(await names({ q: "ann" })).toEqual(["Ann Lee"]);
    expect(await names({ q: "RAY" })).toEqual(["Bob Ray"]);
    expect(await names({ q: "bob@" })).toEqual(["Bob Ray"]);
    expect(await names({ q: `CUST-${String(ann.customerNumber).padStart(3, "0")}` })).toEqual([
      "Ann Lee",
    ]);
    expect(await names({ q: String(ann.customerNumber) })).toEqual(["Ann Lee"]);
    expect(await names({ q: "100%_" })).toEqual([]);
    await db().update(customers).set({ status: "inactive" }).where(eq(customers.name, "Bob Ray"));
    expect(await names({ status: "inactive" })).toEqual(["Bob Ray"]);
    expect(await names({ status: "active" })).toEqual(["Ann Lee"]);
  });

  it("pages by keyset both ways, newest first, without repeats", async () => {
    await addCustomers(45);
    const first = await listCustomers(query());
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]!.name).toBe("Person 1");
    expect(first.previous).toBeUndefined();
    const second = await listCustomers(query({ after: first.next!, page: "2" }));
    const third = await listCustomers(query({ after: second.next!, page: "3" }));
    expect(third.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Person ${41 + i}`),
    );
    expect(third.next).toBeUndefined();
    const back = await listCustomers(query({ before: third.previous!, page: "2" }));
    expect(back.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(new Set([...first.rows, ...second.rows, ...third.rows].map((r) => r.id)).size).toBe(45);
  });
});

describe("Customer page, edit and email", () => {
  it("shows totals, orders and consent with time and source", async () => {
    await order("ann@example.com", "Ann Lee", ["paid", "cancelled"]);
    const [ann] = await db().select().from(customers);
    let view = (await getCustomerView(`CUST-${ann!.customerNumber}`))!;
    expect(view.customer.displayId).toBe(`CUST-${String(ann!.customerNumber).padStart(3, "0")}`);
    expect(view.totals).toMatchObject({
      orders: 1,
      refunds: 1,
      refundedCents: 7840,
      cancellations: 1,
    });
    expect(view.orders).toHaveLength(1);
    // The purchase gave implied consent for two years.
    expect(view.consent).toMatchObject({ source: "checkout", consentType: "implied" });
    const when = new Date("2026-01-02T03:04:05Z");
    await subscribeToNewsletter({ email: "ANN@example.com", source: "footer", now: when });
    view = (await getCustomerView(String(ann!.customerNumber)))!;
    expect(view.consent).toEqual({
      consentedAt: when,
      source: "footer",
      unsubscribedAt: null,
      consentType: "express",
      consentExpiresAt: null,
    });
    expect(await getCustomerView("CUST-999")).toBeUndefined();
    expect(await getCustomerView("nope")).toBeUndefined();
  });

  it("lists every email the outbox sent to the customer's address, newest first, with its order", async () => {
    const placed = await order("Ann@Example.com", "Ann Lee", ["paid"]);
    await order("someone.else@example.com", "Someone Else");
    const [ann] = await db()
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = 'ann@example.com'`);
    const message = CustomerEmailSchema.parse({ subject: "About your order", message: "Hi" });
    await sendCustomerEmail({
      customerId: ann!.id,
      email: message,
      actor: testActor(null, "Owner"),
    });
    // The three were queued within one test: give them distinct times, in the order they were sent.
    await db().execute(
      sql`update email_outbox set created_at = now() - (case kind when 'order_confirmation' then 3 when 'order_payment_received' then 2 else 1 end) * interval '1 minute'`,
    );
    const view = (await getCustomerView(String(ann!.customerNumber)))!;
    expect(view.emailCount).toBe(3);
    expect(view.emails.map((e) => [e.kind, e.orderNumber, e.sentBy])).toEqual([
      ["customer_message", null, "Owner"],
      ["order_payment_received", placed.orderNumber, null],
      ["order_confirmation", placed.orderNumber, null],
    ]);
    expect(view.emails[2]).toMatchObject({
      status: "pending",
      subject: expect.stringContaining(placed.orderNumber),
    });
  });

  it("saves contact details, status and note; refuses another customer's email in any case", async () => {
    await addCustomers(2);
    const [one, two] = await db().select().from(customers).orderBy(customers.customerNumber);
    const form = CustomerFormSchema.parse({
      name: "Person One",
      email: " Person2@Example.com ",
      phone: "(604) 555 0101",
      address: "1 Oak St",
      city: "Victoria",
      province: "BC",
      postcode: "v8w1a1",
      status: "inactive",
      note: "Prefers email",
    });
    expect(form).toMatchObject({
      email: "person2@example.com",
      phone: "604-555-0101",
      postcode: "V8W 1A1",
    });
    const refused = await updateCustomer(one!.id, form, testActor());
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: {
        email: `Another customer (CUST-00${two!.customerNumber}) already uses this email address.`,
      },
    });
    expect(
      await updateCustomer(one!.id, { ...form, email: "one@example.com" }, testActor()),
    ).toEqual({
      ok: true,
    });
    const [saved] = await db().select().from(customers).where(eq(customers.id, one!.id));
    expect(saved).toMatchObject({
      email: "one@example.com",
      status: "inactive",
      note: "Prefers email",
      city: "Victoria",
    });
    const bad = CustomerFormSchema.safeParse({
      ...form,
      email: "nope",
      phone: "12",
      postcode: "123",
      status: "x",
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual([
      "email",
      "phone",
      "postcode",
      "status",
    ]);
  });

  it("queues an email in the outbox with its history record, shown on the page", async () => {
    await addCustomers(1);
    const [c] = await db().select().from(customers);
    const email = CustomerEmailSchema.parse({
      subject: "Your order",
      message: "Hello <b>there</b>\r\n\r\nThanks",
    });
    expect(
      await sendCustomerEmail({ customerId: c!.id, email, actor: testActor(null, "Owner") }),
    ).toEqual({
      ok: true,
      to: "person1@example.com",
    });
    const [queued] = await db().select().from(emailOutbox);
    expect(queued).toMatchObject({
      kind: "customer_message",
      toAddress: "person1@example.com",
      subject: "Your order",
      status: "pending",
    });
    expect(queued!.html).toContain("Hello &lt;b&gt;there&lt;/b&gt;");
    expect(queued!.text).toContain("Hi Person 1,");
    const view = (await getCustomerView(String(c!.customerNumber)))!;
    expect(view.emails).toEqual([
      expect.objectContaining({ subject: "Your order", sentBy: "Owner", status: "pending" }),
    ]);
    expect(CustomerEmailSchema.safeParse({ subject: " ", message: "" }).success).toBe(false);
  });
});

describe("Customers CSV export", () => {
  async function csv(q: Record<string, string> = {}) {
    let out = "";
    for await (const chunk of exportCustomersCsv(query(q))) out += chunk;
    return out;
  }

  it("exports the filtered list with totals and consent, formula cells neutralised", async () => {
    await order("ann@example.com", "Ann Lee", ["paid"]);
    await db().update(customers).set({ name: '=HYPERLINK("http://x")', note: "@risk, +1" });
    await subscribeToNewsletter({ email: "ann@example.com", source: "checkout" });
    await addCustomers(3, "inactive");
    const all = await csv();
    const lines = all.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(
      /^ID,Name,Email,Phone,Address,City,Province,Postal Code,Status,Total Orders,Total Spent/,
    );
    expect(lines).toHaveLength(5);
    const ann = lines.find((l) => l.includes("ann@example.com"))!;
    expect(ann).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(ann).toContain(",1,78.40,0.00,0,yes,checkout,");
    expect(ann).toContain(`"'@risk, +1"`);
    const inactive = await csv({ status: "inactive" });
    expect(inactive.split("\r\n")).toHaveLength(4);
    expect(inactive).not.toContain("ann@example.com");
  });

  it("streams more than one batch", async () => {
    await addCustomers(2100);
    const lines = (await csv()).split("\r\n");
    expect(lines).toHaveLength(2101);
    expect(new Set(lines).size).toBe(2101);
  });
});
