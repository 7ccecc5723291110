import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import path from "node:path";
import type { Page } from "@playwright/test";
import { migrateDatabase, openPglite } from "~/server/db.server";
import { invoices, orderItems, orders, products } from "~/server/schema";
import { expect, test as base } from "../fixtures";
import { signIn } from "./admin-fixtures";

/**
 * The Invoices specs run against their own store with known orders (sample data is random): two
 * invoices today (a pending one with $20 shipping, a paid one with a discount and free shipping),
 * a cancelled one yesterday and 25 older paid ones, so the Recent Invoices table has two pages.
 */
export const SEEDED = {
  pending: "BBS-00000101",
  paid: "BBS-00000102",
  cancelled: "BBS-00000103",
  older: 25,
};

async function seed(dataDir: string) {
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  const db = handle.db;
  const [kush, ounce] = await db
    .insert(products)
    .values([
      {
        slug: "pink-kush",
        name: "Pink Kush",
        category: "flowers",
        sellingPriceCents: 4500,
        netAmountMilli: 1000,
      },
      {
        slug: "bulk-ounce",
        name: "Bulk Ounce",
        category: "bulk-buy",
        sellingPriceCents: 25000,
        netAmountMilli: 1000,
      },
    ])
    .returning({ id: products.id });
  const now = Date.now();
  const address = {
    shippingStreet: "123 Main St",
    shippingCity: "Vancouver",
    shippingProvince: "BC",
    shippingPostalCode: "V6B 1A1",
  };
  const rows = [
    {
      orderNumber: SEEDED.pending,
      shippingName: "Jane Doe",
      email: "jane@example.com",
      status: "pending",
      at: new Date(now - 60_000),
      lines: [
        {
          productId: kush!.id,
          productName: "Pink Kush",
          sizeLabel: "3.5g",
          quantity: 2,
          priceAtPurchaseCents: 4500,
        },
      ],
      totals: {
        subtotalCents: 9000,
        discountCents: 0,
        shippingCostCents: 2000,
        totalAmountCents: 11000,
      },
    },
    {
      orderNumber: SEEDED.paid,
      shippingName: "Sam Smith",
      email: "sam@example.com",
      status: "paid",
      at: new Date(now - 30_000),
      couponCode: "SAVE15",
      lines: [
        {
          productId: ounce!.id,
          productName: "Bulk Ounce",
          sizeLabel: null,
          quantity: 1,
          priceAtPurchaseCents: 25000,
        },
        {
          productId: kush!.id,
          productName: "Pink Kush",
          sizeLabel: "3.5g",
          quantity: 1,
          priceAtPurchaseCents: 4500,
        },
      ],
      totals: {
        subtotalCents: 29500,
        discountCents: 4425,
        shippingCostCents: 0,
        totalAmountCents: 25075,
      },
    },
    {
      orderNumber: SEEDED.cancelled,
      shippingName: "Alex Martin",
      email: "alex@example.com",
      status: "cancelled",
      at: new Date(now - 86_400_000 - 3_600_000),
      lines: [
        {
          productId: kush!.id,
          productName: "Pink Kush",
          sizeLabel: "3.5g",
          quantity: 1,
          priceAtPurchaseCents: 4500,
        },
      ],
      totals: {
        subtotalCents: 4500,
        discountCents: 0,
        shippingCostCents: 2000,
        totalAmountCents: 6500,
      },
    },
    ...Array.from({ length: SEEDED.older }, (_, i) => ({
      orderNumber: `BBS-000000${String(i + 10).padStart(2, "0")}`,
      shippingName: `Older Customer ${i + 1}`,
      email: `older${i + 1}@example.com`,
      status: "paid",
      at: new Date(now - (10 + i) * 86_400_000),
      lines: [
        {
          productId: kush!.id,
          productName: "Pink Kush",
          sizeLabel: "3.5g",
          quantity: 1,
          priceAtPurchaseCents: 4500,
        },
      ],
      totals: {
        subtotalCents: 4500,
        discountCents: 0,
        shippingCostCents: 2000,
        totalAmountCents: 6500,
      },
    })),
  ];
  for (const row of rows) {
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: row.orderNumber,
        shippingName: row.shippingName,
        email: row.email,
        ...address,
        status: row.status,
        ...row.totals,
        couponCode: "couponCode" in row ? row.couponCode : null,
        accessToken: `e2e-invoice-token-${row.orderNumber}`,
        createdAt: row.at,
        updatedAt: row.at,
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values(row.lines.map((line) => ({ ...line, orderId: order!.id })));
    await db.insert(invoices).values({
      orderId: order!.id,
      totalAmountCents: row.totals.totalAmountCents,
      status: row.status === "pending" || row.status === "cancelled" ? row.status : "paid",
      invoiceDate: row.at,
    });
  }
  await handle.close();
}

async function startInvoiceStore() {
  const store = await startOwnStore({
    name: "invoices",
    seed,
    env: { ETRANSFER_EMAIL: "payments@budzboutique.ca" },
  });
  return { url: store.url, stop: store.stop };
}

/** `adminPage`: signed in on the invoice store. */
export const test = base.extend<{ adminPage: Page }, { store: { url: string } }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const store = await startInvoiceStore();
      await provide(store);
      await store.stop();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ store }, provide) => provide(store.url),
  adminPage: async ({ page }, provide) => {
    await signIn(page);
    await provide(page);
  },
});

export { expect };
