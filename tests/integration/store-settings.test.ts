import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { InvoiceDocumentView } from "~/components/admin/invoice-document";
import { ContactList } from "~/components/store/site-footer";
import { CHECKOUT_CLOSED, DEFAULT_SHIPPING } from "~/lib/store-settings";
import { CampaignFormSchema } from "~/schemas/campaigns";
import * as overviewRoute from "~/routes/admin/overview";
import * as settingsRoute from "~/routes/admin/settings/store";
import * as storeLayout from "~/routes/store/layout";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { backupsInsideDataDir } from "~/server/backup/storage-warnings.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db.server";
import { renderEmailHtml, renderEmailText, html } from "~/server/email/templates/layout.server";
import { getInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";
import { saveCampaign } from "~/server/marketing/campaign-admin.server";
import { sendNewsletter } from "~/server/marketing/newsletter-admin.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  coupons,
  customers,
  orders,
  payments,
  products,
  storeSettings as settingsTable,
} from "~/server/db-tables";
import { REAL_ORDERS_EXIST, removeSampleData } from "~/server/seed/remove-sample-data.server";
import { generateSampleDataset } from "~/server/seed/sample-data.server";
import {
  CACHE_TTL_MS,
  fillSampleIdentity,
  POSTAL_ADDRESS_REQUIRED,
  SAMPLE_ETRANSFER_EMAIL,
  saveSettingsSection,
  storeSettings,
} from "~/server/settings/store-settings.server";
import { testActor } from "../setup/audit";
import { resetDatabase, testDriver } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { checkoutInput, createProduct } from "./checkout-factories";
import { placeInvoicedOrder } from "./invoice-factories";

const FILLED = {
  name: "Green Leaf Co.",
  email: "hello@greenleaf.example",
  phone: "250-555-0142",
  hours: "Daily 10AM-8PM PT",
  address: "77 Harbour Road\nVictoria BC V8W 1A1",
  gstNumber: "123456789 RT 0001",
  logoUrl: "/images/green-leaf-logo.png",
};
/** Placeholders the store printed before Settings existed: none may appear unless chosen. */
const PLACEHOLDERS = ["604-555-0199", "support@budzboutique.ca", "Mon-Fri 9AM-6PM PST"];

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  const owner = await createAdminUser({
    username: "owner",
    password: "owner-pass-1",
    role: "owner",
  });
  cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
});

const page = () =>
  new Request("http://store.test/budzadmin/dashboard/settings", { headers: { Cookie: cookie } });

function post(fields: Record<string, string>) {
  return callRoute(
    settingsRoute,
    "action",
    new Request("http://store.test/budzadmin/dashboard/settings", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://store.test" },
      body: new URLSearchParams(fields),
    }),
  );
}

const storedRows = () => db().select().from(settingsTable).orderBy(settingsTable.key);

describe("the settings accessor", () => {
  it("seeds each section from the environment once, then reads the table", async () => {
    const settings = await storeSettings();
    expect(settings.store).toMatchObject({ name: config().STORE_NAME, email: null, phone: null });
    expect(settings.payments).toMatchObject({
      etransferEmail: config().ETRANSFER_EMAIL,
      unpaidReminderHours: config().UNPAID_REMINDER_HOURS,
      unpaidCancelDays: config().UNPAID_CANCEL_DAYS,
    });
    expect(settings.shipping).toEqual(DEFAULT_SHIPPING);
    expect((await storedRows()).map((r) => r.key)).toEqual([
      "email",
      "fulfilment",
      "notifications",
      "payments",
      "security",
      "shipping",
      "store",
    ]);
  });

  it("serves from its cache, shows a save here at once and another instance's within the TTL", async () => {
    await storeSettings();
    await saveSettingsSection("store", { ...(await storeSettings()).store, name: "Saved Here" });
    expect((await storeSettings()).store.name).toBe("Saved Here");

    // Another instance writes the table directly: this one sees it once its cache has expired.
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    await storeSettings();
    await db()
      .update(settingsTable)
      .set({ value: { ...(await storeSettings()).store, name: "Saved Elsewhere" } });
    expect((await storeSettings()).store.name).toBe("Saved Here");
    clock.mockReturnValue(now + CACHE_TTL_MS + 1);
    expect((await storeSettings()).store.name).toBe("Saved Elsewhere");
    clock.mockRestore();
  });
});

describe("saving settings", () => {
  it.each([
    [{ intent: "store", name: "", email: "x" }, ["name", "email"]],
    [{ intent: "store", name: "S", phone: "555-01" }, ["phone"]],
    [{ intent: "store", name: "S", address: "1 Main St, Vancouver" }, ["address"]],
    [{ intent: "store", name: "S", gstNumber: "12345 RT 1" }, ["gstNumber"]],
    [
      {
        intent: "payments",
        etransferEmail: "nope",
        unpaidReminderHours: "1.5",
        unpaidCancelDays: "99",
      },
      ["etransferEmail", "unpaidReminderHours", "unpaidCancelDays"],
    ],
    [
      { intent: "shipping", flatFeeCents: "ten", freeThresholdCents: "-5" },
      ["flatFeeCents", "freeThresholdCents"],
    ],
    [{ intent: "notifications", lowStockEmails: "a@b.ca, not-an-email" }, ["lowStockEmails"]],
    [{ intent: "email", fromAddress: "orders@127.0.0.1" }, ["fromAddress"]],
  ])("refuses %j with a message per field, a 400 and nothing stored", async (fields, names) => {
    await storeSettings();
    const before = await storedRows();
    const reply = (await post(fields)) as { init: { status: number }; data: { errors: object } };
    expect(reply.init.status).toBe(400);
    expect(Object.keys(reply.data.errors).sort()).toEqual([...names].sort());
    expect(await storedRows()).toEqual(before);
  });

  it("stores a valid section, normalised, and redirects with a toast", async () => {
    const response = (await post({
      intent: "store",
      name: " Green Leaf Co. ",
      email: "Hello@GreenLeaf.example",
      phone: "(250) 555 0142",
      hours: "Daily 10AM-8PM PT",
      address: "77 Harbour Road\r\nVictoria BC v8w1a1",
      gstNumber: "123456789rt0001",
      logoUrl: FILLED.logoUrl,
    })) as Response;
    expect(response.status).toBe(302);
    expect((await storeSettings()).store).toEqual({
      ...FILLED,
      address: "77 Harbour Road\nVictoria BC v8w1a1",
    });
    await post({ intent: "shipping", flatFeeCents: "$15", freeThresholdCents: "150.50" });
    expect((await storeSettings()).shipping).toEqual({
      ...DEFAULT_SHIPPING,
      flatFeeCents: 1500,
      freeThresholdCents: 15050,
    });
    await post({ intent: "email", fromAddress: " Orders@GreenLeaf.ca " });
    expect((await storeSettings()).email).toEqual({ fromAddress: "orders@greenleaf.ca" });
    const loaded = (await callRoute(settingsRoute, "loader", page())) as {
      sender: { text: string; warning: string | null };
    };
    expect(loaded.sender).toMatchObject({
      text: "Green Leaf Co. <orders@greenleaf.ca>",
      warning: null,
    });
    // Blank again: the server's default (MAIL_FROM, else made from PUBLIC_URL), warned about.
    await post({ intent: "email", fromAddress: "" });
    expect((await storeSettings()).email).toEqual({ fromAddress: null });
    const fallback = (await callRoute(settingsRoute, "loader", page())) as {
      sender: { text: string; warning: string | null };
    };
    expect(fallback.sender.text).toBe(`Green Leaf Co. <${config().defaultSender.address}>`);
    expect(fallback.sender.warning).not.toBeNull();
  });
});

describe("shipping settings", () => {
  it("are what the cart quote and checkout charge", async () => {
    await saveSettingsSection("shipping", {
      ...DEFAULT_SHIPPING,
      flatFeeCents: 1234,
      freeThresholdCents: 5000,
    });
    const product = await createProduct({ priceCents: 3000 });
    const one = await quoteCart({ lines: [{ id: product.id(), quantity: 1 }] });
    expect(one.totals).toMatchObject({ shippingCents: 1234, freeShippingRemainingCents: 2000 });
    const two = await quoteCart({ lines: [{ id: product.id(), quantity: 2 }] });
    expect(two.totals).toMatchObject({ shippingCents: 0, totalCents: 6000 });

    const placed = await placeOrder(checkoutInput([{ id: product.id(), quantity: 1 }]));
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await db().select().from(orders);
    expect(order!.shippingCostCents).toBe(1234);
    expect(order!.totalAmountCents).toBe(3000 + 1234 + order!.taxCents);
  });

  it("price a parcel by the rate table: its packed weight and the postal code's zone", async () => {
    await saveSettingsSection("shipping", {
      ...DEFAULT_SHIPPING,
      parcelPricing: "table",
      rateTable: {
        bandLimitsGrams: [500],
        zones: [{ name: "Vancouver", prefixes: ["V6"], feesCents: [700, 1100] }],
        elsewhereFeesCents: [1500, 2500],
      },
    });
    const product = await createProduct({ priceCents: 3000 });
    await db()
      .update(products)
      .set({ packedGrams: 300 })
      .where(eq(products.id, product.product.id));
    const quote = (quantity: number, postalCode: string) =>
      quoteCart({ lines: [{ id: product.id(), quantity }], province: "BC", postalCode });
    expect((await quote(1, "V6B 1A1")).totals.shippingCents).toBe(700);
    expect((await quote(2, "V6B 1A1")).totals.shippingCents).toBe(1100);
    expect((await quote(1, "V8W 1A1")).totals).toMatchObject({
      shippingCents: 1500,
      freeShippingRemainingCents: 17000,
    });

    const placed = await placeOrder(checkoutInput([{ id: product.id(), quantity: 2 }]));
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order!.shippingCostCents).toBe(1100);
  });
});

describe("Canada's anti-spam law", () => {
  it("refuses newsletters and campaigns until the postal address is set", async () => {
    await subscribeToNewsletter({ email: "fan@example.com", source: "footer" });
    expect(await sendNewsletter({ subject: "Hi", body: "<p>Hi</p>", actor: testActor() })).toEqual({
      ok: false,
      message: POSTAL_ADDRESS_REQUIRED,
    });
    const campaign = CampaignFormSchema.parse({
      intent: "send",
      name: "Sale",
      subject: "Sale",
      audience: "subscribers",
      bodyHtml: "<p>Sale</p>",
    });
    expect(
      await saveCampaign({ input: campaign, timeZone: "America/Vancouver", actor: testActor() }),
    ).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: POSTAL_ADDRESS_REQUIRED },
    });

    await saveSettingsSection("store", {
      ...(await storeSettings()).store,
      address: FILLED.address,
    });
    expect(
      await sendNewsletter({ subject: "Hi", body: "<p>Hi</p>", actor: testActor() }),
    ).toMatchObject({
      ok: true,
      queued: 1,
    });
  });
});

describe("removing the sample data", () => {
  const counts = async () => ({
    orders: (await db().select({ n: count() }).from(orders))[0]!.n,
    products: (await db().select({ n: count() }).from(products))[0]!.n,
    customers: (await db().select({ n: count() }).from(customers))[0]!.n,
    coupons: (await db().select({ n: count() }).from(coupons))[0]!.n,
  });

  it("is refused once a real order exists, and changes nothing", async () => {
    await generateSampleDataset({ products: 6, customers: 3, orders: 4 });
    await placeInvoicedOrder();
    const before = await counts();
    expect(await removeSampleData()).toEqual({
      ok: false,
      status: 409,
      message: REAL_ORDERS_EXIST,
    });
    expect(await counts()).toEqual(before);
  });

  it("removes the sample products, customers, coupons, orders and details, not the owner's", async () => {
    await saveSettingsSection("payments", {
      ...(await storeSettings()).payments,
      etransferEmail: null,
    });
    await generateSampleDataset({ products: 6, customers: 3, orders: 4 });
    await fillSampleIdentity();
    expect((await storeSettings()).payments.etransferEmail).toBe(SAMPLE_ETRANSFER_EMAIL);
    await saveSettingsSection("store", {
      ...(await storeSettings()).store,
      hours: "Owner's hours",
    });
    // The owner's own product and coupon, made before starting for real, and a transfer the
    // payments mailbox read that waits for staff (money: it stays).
    const own = await createProduct({ name: "Owner's Own Kush" });
    await db().insert(payments).values({
      source: "mailbox",
      bankReference: "CA-REAL-WAITING",
      amountCents: 4500,
      receivedAt: new Date(),
      state: "queued",
      reason: "no_reference",
    });
    await db().insert(coupons).values({ code: "OWNER10", type: "percentage", value: 10 });

    const result = await removeSampleData();
    expect(result).toMatchObject({ ok: true, orders: 4, products: 6, customers: 3, coupons: 5 });
    expect(await counts()).toEqual({ orders: 0, products: 1, customers: 0, coupons: 1 });
    expect((await db().select().from(payments)).map((p) => p.bankReference)).toEqual([
      "CA-REAL-WAITING",
    ]);
    const [kept] = await db().select({ id: products.id }).from(products);
    expect(kept!.id).toBe(own.id());
    // What the owner changed stays; what the sample data put there goes (checkout closes).
    const settings = await storeSettings();
    expect(settings.store).toMatchObject({
      email: null,
      phone: null,
      address: null,
      hours: "Owner's hours",
    });
    expect(settings.payments.etransferEmail).toBeNull();
    expect(await placeOrder(checkoutInput([{ id: own.id(), quantity: 1 }]))).toEqual({
      ok: false,
      field: "items",
      message: CHECKOUT_CLOSED,
      status: 409,
    });
  });

  it("answers the screen's refusal with a 409 and its message", async () => {
    await placeInvoicedOrder();
    const reply = (await post({ intent: "remove-sample-data", confirm: "REMOVE" })) as {
      init: { status: number };
      data: { errors: { form: string } };
    };
    expect(reply.init.status).toBe(409);
    expect(reply.data.errors.form).toBe(REAL_ORDERS_EXIST);
    const unconfirmed = (await post({ intent: "remove-sample-data", confirm: "yes" })) as {
      init: { status: number };
    };
    expect(unconfirmed.init.status).toBe(400);
  });
});

describe("the owner's warning about where the data and backups live (issue 37)", () => {
  type Loaded = { storageWarnings: string[] };
  const overview = (who: string) =>
    callRoute(
      overviewRoute,
      "loader",
      new Request("http://store.test/budzadmin/dashboard", { headers: { Cookie: who } }),
    ) as Promise<Loaded>;

  it("comes from the store's state: none on sample orders, then what applies once a real order exists, to owners only", async () => {
    // A sample order (as the sample generator marks them) is not a real one.
    await placeInvoicedOrder();
    await db().update(orders).set({ sample: true });
    expect(((await callRoute(settingsRoute, "loader", page())) as Loaded).storageWarnings).toEqual(
      [],
    );
    expect((await overview(cookie)).storageWarnings).toEqual([]);

    await placeInvoicedOrder();
    const { storageWarnings } = (await callRoute(settingsRoute, "loader", page())) as Loaded;
    const { dataDir, backupDir } = config();
    expect(storageWarnings).toEqual(
      [
        testDriver() === "pglite"
          ? expect.stringMatching(/^The store has real orders on the embedded database/)
          : null,
        backupsInsideDataDir(dataDir, backupDir)
          ? expect.stringMatching(/^Backups are kept inside the data directory/)
          : null,
      ].filter(Boolean),
    );
    expect((await overview(cookie)).storageWarnings).toEqual(storageWarnings);
    const manager = await createAdminUser({
      username: "manager",
      password: "manager-pass-1",
      role: "manager",
    });
    const managerCookie = (await createAdminSession({ userId: manager.id })).split(";")[0]!;
    expect((await overview(managerCookie)).storageWarnings).toEqual([]);
  });
});

describe("the store's details where shoppers see them", () => {
  async function rendered() {
    await storeSettings();
    const order = await placeInvoicedOrder();
    const invoice = (await getInvoice(order.orderNumber))!;
    // The store's part of the invoice (the customer's own phone follows it).
    const invoiceHtml = renderToStaticMarkup(
      createElement(InvoiceDocumentView, { invoice, issuer: invoiceIssuer() }),
    ).split("Bill to")[0]!;
    const emailHtml = renderEmailHtml({ title: "T", preheader: "P", content: html`<p>Hi</p>` });
    const emailText = renderEmailText("Hi");
    const layout = (await callRoute(
      storeLayout,
      "loader",
      new Request("http://store.test/contact"),
    )) as { storeName: string; contact: Parameters<typeof ContactList>[0]["contact"] };
    // The footer's and the Contact page's contact details, from the store layout's loader data.
    const footer = `${layout.storeName} ${renderToStaticMarkup(
      createElement(ContactList, {
        contact: layout.contact,
        className: "",
        itemClass: "",
        linkClass: "",
        iconClass: "",
      }),
    )}`;
    return { invoiceHtml, emailHtml, emailText, footer, layout };
  }

  it("prints no contact detail on a store whose settings are empty", async () => {
    const { invoiceHtml, emailHtml, emailText, footer, layout } = await rendered();
    expect(layout.contact).toEqual({ email: null, phone: null, hours: null, address: null });
    for (const text of [invoiceHtml, emailHtml, emailText, footer])
      for (const placeholder of PLACEHOLDERS) expect(text).not.toContain(placeholder);
    expect(invoiceHtml).not.toContain("GST/HST");
    expect(footer).not.toContain("mailto:");
    expect(footer).not.toContain("tel:");
  });

  it("prints what the owner set", async () => {
    await saveSettingsSection("store", FILLED);
    const { invoiceHtml, emailHtml, emailText, footer } = await rendered();
    for (const text of [invoiceHtml, emailHtml, emailText, footer]) {
      expect(text).toContain(FILLED.name);
      expect(text).toContain(FILLED.email);
      expect(text).toContain(FILLED.phone);
    }
    expect(invoiceHtml).toContain("GST/HST no. 123456789 RT 0001");
    for (const text of [invoiceHtml, emailHtml]) expect(text).toContain("green-leaf-logo-320.webp");
    expect(invoiceHtml).toContain("Victoria BC V8W 1A1");
    expect(footer).toContain(FILLED.hours);
    expect(footer).toContain("tel:+12505550142");
    expect(emailText).toContain("77 Harbour Road, Victoria BC V8W 1A1");
  });
});
