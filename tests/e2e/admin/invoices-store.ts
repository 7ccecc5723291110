import type { Database } from "~/server/db.server";
import { invoices, orderItems, orders, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

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

async function seed(db: Database) {
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
}

/** `adminPage`: signed in on the invoice store. */
export const test = adminTest.extend<
  { store: { url: string; stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(() =>
    startOwnStore({
      name: "invoices",
      seed: (dataDir) => withStoreDatabase(dataDir, seed),
      env: { ETRANSFER_EMAIL: "payments@budzboutique.ca" },
    }),
  ),
});

export { expect };
