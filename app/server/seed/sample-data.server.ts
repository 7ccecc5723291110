import crypto from "node:crypto";
import { recordAudit, SHELL_ACTOR, type AuditActor } from "../audit/audit-log.server";
import { asc, eq, isNotNull, sql } from "drizzle-orm";
import { CATEGORY_SLUGS, type CategorySlug } from "~/lib/categories";
import { startOfZonedDay, zonedParts, zonedTime } from "~/lib/dates";
import { CATEGORY_CANNABIS_KIND } from "~/lib/cannabis-limit";
import { NO_POTENCY } from "~/lib/potency";
import { addYears } from "~/lib/report-period";
import { slugify } from "~/lib/slug";
import { config } from "../config.server";
import { recordMovements } from "../inventory/stock-ledger.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { analyzeDatabase, db, type Executor, type Transaction } from "../db.server";
import {
  announcements,
  couponRedemptions,
  coupons,
  customers,
  imagesLibrary,
  invoices,
  orderEmailsSent,
  orderItems,
  orderStatusHistory,
  orders,
  pages,
  payments,
  productVariations,
  products,
  shipments,
  stockLots,
  stockMovements,
} from "../db-tables";
import { defaultPages } from "./page-content.server";
import { generateCategoryImages } from "./product-images.server";
import { createRandom, type Random } from "./random.server";
import {
  DAY,
  FIRST,
  FRENCH_NAMES,
  LAST,
  NAMES,
  PLACES,
  PRICE_RANGE,
  productDescription,
  QUALIFIERS,
  QUALIFIERS_FR,
  SAMPLE_SEED,
  SIZES,
  STRAINS,
  STREETS,
} from "./sample-catalog.server";
import { generateOrders } from "./sample-orders.server";

interface SampleCounts {
  products: number;
  customers: number;
  orders: number;
}
export const DEFAULT_SAMPLE_COUNTS: SampleCounts = { products: 70, customers: 25, orders: 40 };

function dollars(amount: number): number {
  return Math.round(amount * 100);
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Deletes the orders and everything hanging off them, children first. */
export async function clearOrderData(executor: Executor = db()) {
  // The orders' own payments go with them; a payment waiting for staff is money, and stays.
  await executor.delete(payments).where(isNotNull(payments.orderId));
  await executor.delete(orderEmailsSent);
  await executor.delete(invoices);
  await executor.delete(shipments);
  await executor.delete(orderStatusHistory);
  await executor.delete(couponRedemptions);
  await executor.delete(orderItems);
  await executor.delete(orders);
}

/**
 * Deletes sample-able data in the order of docs/product/admin-and-staff.md#sample-data (order
 * tables first, coupons last).
 */
export async function clearStoreData(executor: Executor = db()) {
  await clearOrderData(executor);
  // The ledger names sizes (which are never deleted under it): it goes first.
  await executor.delete(stockMovements);
  await executor.delete(stockLots);
  await executor.delete(productVariations);
  await executor.delete(products);
  await executor.delete(customers);
  await executor.delete(coupons);
}

/** Images made for sample products, reused between runs (generated once per data directory). */
async function sampleImages(executor: Executor): Promise<Map<CategorySlug, string[]>> {
  const existing = await executor
    .select({ url: imagesLibrary.imageUrl, name: imagesLibrary.imageName })
    .from(imagesLibrary)
    .where(eq(imagesLibrary.linkedType, "sample"))
    .orderBy(asc(imagesLibrary.imageName));
  const byCategory = new Map<CategorySlug, string[]>();
  for (const { url, name } of existing) {
    const category = CATEGORY_SLUGS.find((c) => name.startsWith(`${c}-`));
    if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), url]);
  }
  const missing = CATEGORY_SLUGS.filter((c) => !byCategory.has(c));
  if (missing.length === 0) return byCategory;
  const made = await generateCategoryImages({ categories: missing, perCategory: 3, executor });
  for (const [category, urls] of made) byCategory.set(category, urls);
  return byCategory;
}

export async function generateProducts(options: {
  count: number;
  executor?: Executor;
  random?: Random;
}) {
  const executor = options.executor ?? db();
  const random = options.random ?? createRandom(SAMPLE_SEED);
  const images = await sampleImages(executor);
  const now = Date.now();
  const productRows: (typeof products.$inferInsert)[] = [];
  const variationRows: (typeof productVariations.$inferInsert)[] = [];
  const usedSlugs = new Set<string>();
  for (let i = 0; i < options.count; i++) {
    const category = CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]!;
    const base = NAMES[category][Math.floor(i / CATEGORY_SLUGS.length) % NAMES[category].length]!;
    const round = Math.floor(i / (CATEGORY_SLUGS.length * NAMES[category].length));
    const qualifier = QUALIFIERS[round % QUALIFIERS.length]!;
    const cycle = Math.floor(round / QUALIFIERS.length);
    const name = [base, qualifier, cycle > 0 ? String(cycle + 1) : ""].filter(Boolean).join(" ");
    const nameFr = [
      FRENCH_NAMES[base] ?? base,
      QUALIFIERS_FR[round % QUALIFIERS_FR.length]!,
      cycle > 0 ? String(cycle + 1) : "",
    ]
      .filter(Boolean)
      .join(" ");
    // Most sample products are translated; one in ten has no French at all and one in ten a French
    // name only, so the admin's "Not translated" filter has some to show.
    const french = i % 10 === 9 ? "none" : i % 10 === 4 ? "name" : "both";
    let slug = slugify(name);
    while (usedSlugs.has(slug)) slug = `${slug}-${i}`;
    usedSlugs.add(slug);

    const id = crypto.randomUUID();
    const [low, high] = PRICE_RANGE[category];
    const price = dollars(low + random.next() * (high - low));
    const strain = random.pick(STRAINS);
    // Potency in tenths of a mg, as a package states it (app/lib/potency.ts): flower 140-260 mg/g
    // total THC with a little THC and CBD; concentrates 600-900 mg/g; edibles per piece, the
    // package at most 10 mg THC; mushrooms are not cannabis.
    const kind = CATEGORY_CANNABIS_KIND[category];
    const potency =
      kind === "dried"
        ? {
            thcTenths: random.int(5, 20),
            totalThcTenths: random.int(1400, 2600),
            cbdTenths: random.int(0, 9),
            totalCbdTenths: random.int(5, 100),
          }
        : kind === "concentrate"
          ? {
              thcTenths: null,
              totalThcTenths: random.int(6000, 9000),
              cbdTenths: null,
              totalCbdTenths: random.int(0, 50),
            }
          : NO_POTENCY;
    const ediblePiece = (pieces: number) => ({
      ...NO_POTENCY,
      thcTenths: Math.floor(100 / pieces),
      cbdTenths: random.int(0, 20),
    });
    const urls = images.get(category) ?? [];
    const imageUrl = urls[i % Math.max(urls.length, 1)] ?? "";
    const sizes = SIZES[category];
    const stocks = sizes.map(() =>
      random.chance(0.12) ? 0 : random.chance(0.2) ? random.int(1, 8) : random.int(12, 80),
    );
    sizes.forEach((size, position) =>
      variationRows.push({
        id: crypto.randomUUID(),
        productId: id,
        size: size.size,
        sizeUnit: size.unit,
        priceCents: Math.round(price * size.ratio),
        stock: stocks[position]!,
        // Edible pieces weigh 4 g each (the 30 g limit); sizes in grams state their own amount.
        netAmountMilli: category === "edibles" ? Number(size.size) * 4000 : null,
        // A jar or pouch of about 20 g around what it holds (the parcel's weight on packing slips).
        packedGrams: 20 + Math.ceil(Number(size.size) * (size.unit === "pieces" ? 4 : 1)),
        ...(kind === "edible" ? ediblePiece(Number(size.size)) : potency),
        position,
      }),
    );
    // Picked here, after the sizes, as before it had a French version: the same sample data.
    const description = productDescription({ en: name, fr: nameFr }, category, strain, random);
    productRows.push({
      id,
      sample: true,
      slug,
      name,
      category,
      cannabisKind: CATEGORY_CANNABIS_KIND[category],
      description: description.en,
      nameFr: french === "none" ? "" : nameFr,
      descriptionFr: french === "both" ? description.fr : "",
      imageUrl,
      thumbnailUrls: urls.filter((url) => url !== imageUrl),
      sellingPriceCents: price,
      costPriceCents: Math.round(price * 0.6),
      stock: stocks.reduce((a, b) => a + b, 0),
      stockAlertLevel: 10,
      rating: random.chance(0.15) ? null : Math.round((3.6 + random.next() * 1.4) * 10) / 10,
      strain,
      sku: `SKU-${category.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(5, "0")}`,
      createdAt: new Date(now - (options.count - i) * 3_600_000),
    });
  }
  await insertInBatches(productRows, (batch) => executor.insert(products).values(batch));
  await insertInBatches(
    variationRows,
    (batch) => executor.insert(productVariations).values(batch),
    1000,
  );
  // The ledger opens every size's stock with a "sample data" movement into a lot of its own,
  // packaged one to four months ago and good for a year.
  await recordMovements(
    executor,
    variationRows.map((v, i) => {
      const packagedOn = new Date(now - (30 + (i % 90)) * 86_400_000).toISOString().slice(0, 10);
      return {
        productId: v.productId,
        variationId: v.id!,
        quantity: v.stock ?? 0,
        stockAfter: v.stock ?? 0,
        reason: "sample_data" as const,
        lot: {
          receive: {
            lotNumber: `SD-${packagedOn.replaceAll("-", "")}-${String(i + 1).padStart(5, "0")}`,
            packagedOn,
            expiresOn: addYears(packagedOn, 1),
            supplier: SAMPLE_SUPPLIERS[i % SAMPLE_SUPPLIERS.length]!,
            coaUrl: null,
          },
        },
      };
    }),
  );
  await refreshListedPrice(executor);
  return productRows.length;
}

/** The licensed producers sample lots come from (made-up names). */
const SAMPLE_SUPPLIERS = [
  "Northern Leaf Growers Ltd.",
  "Fraser Valley Craft Co.",
  "Kootenay Cured Inc.",
];

export async function generateCustomers(options: {
  count: number;
  executor?: Executor;
  random?: Random;
}) {
  const executor = options.executor ?? db();
  const random = options.random ?? createRandom(SAMPLE_SEED + 1);
  const now = Date.now();
  const rows = Array.from({ length: options.count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length]!;
    const place = random.pick(PLACES);
    const ascii = (text: string) => slugify(text).replace(/-/g, "");
    return {
      name: `${first} ${last}`,
      email: `${ascii(first)}.${ascii(last)}${i + 1}@example.com`,
      phone: `${random.pick(["604", "416", "514", "403", "902"])}-555-${String(random.int(0, 9999)).padStart(4, "0")}`,
      address: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
      city: place.city,
      province: place.province,
      postcode: `${place.prefix} ${random.int(1, 9)}${String.fromCharCode(65 + random.int(0, 25))}${random.int(1, 9)}`,
      status: random.chance(0.85) ? "active" : "inactive",
      source: "sample",
      createdAt: new Date(now - random.int(30, 400) * DAY),
    };
  });
  await insertInBatches(rows, (batch) => executor.insert(customers).values(batch));
  return rows.length;
}

export async function generateCoupons(options: { executor?: Executor; now?: Date } = {}) {
  const executor = options.executor ?? db();
  const zone = config().STORE_TIMEZONE;
  const { year } = zonedParts(options.now ?? new Date(), zone);
  const start = zonedTime(zone, year, 1, 1);
  const endOfYear = zonedTime(zone, year, 12, 31, 23, 59, 59);
  const rows: (typeof coupons.$inferInsert)[] = [
    {
      code: "WELCOME20",
      description: "20% off your first order",
      type: "percentage",
      value: 20,
      minOrderCents: 5000,
      maxUses: 100,
      usedCount: 23,
      perCustomerLimit: 1,
      startDate: start,
      endDate: endOfYear,
    },
    {
      code: "FREESHIP200",
      description: "$20 off orders over $200",
      type: "fixed",
      value: 2000,
      minOrderCents: 20000,
      maxUses: 500,
      usedCount: 156,
      startDate: start,
      endDate: endOfYear,
    },
    {
      code: "SAVE15",
      description: "15% off orders over $75",
      type: "percentage",
      value: 15,
      minOrderCents: 7500,
      maxUses: 200,
      usedCount: 89,
      startDate: start,
      endDate: endOfYear,
    },
    {
      code: "BULK50",
      description: "$50 off bulk orders over $500",
      type: "fixed",
      value: 5000,
      minOrderCents: 50000,
      maxUses: 50,
      usedCount: 12,
      startDate: start,
      endDate: new Date(`${year}-06-30T23:59:59-07:00`),
    },
    {
      code: "WEEKEND25",
      description: "25% off weekend orders",
      type: "percentage",
      value: 25,
      minOrderCents: 2500,
      maxUses: 300,
      usedCount: 0,
      startDate: start,
      endDate: endOfYear,
    },
  ];
  await executor.insert(coupons).values(rows.map((row) => ({ ...row, sample: true })));
  return rows.length;
}

/** The editable pages' starting content: every store has them, sample data or not. */
export async function insertDefaultContent(executor: Executor = db()) {
  await executor
    .insert(pages)
    .values(defaultPages({ name: config().STORE_NAME }))
    .onConflictDoNothing();
}

/**
 * The sample store's announcement, offering its sample WELCOME20 coupon for 30 days. A store started
 * without sample data has no announcement until the owner writes one.
 */
async function insertSampleAnnouncement(executor: Executor) {
  const today = startOfZonedDay(new Date(), config().STORE_TIMEZONE);
  await executor
    .insert(announcements)
    .values({
      name: "main",
      message:
        "Free shipping on orders over {{free_shipping_from}}! New customers save 20% on their first order",
      messageFr:
        "Livraison gratuite pour les commandes de plus de {{free_shipping_from}}\u00a0! Les nouveaux clients économisent 20\u00a0% sur leur première commande",
      couponCode: "WELCOME20",
      isActive: true,
      backgroundColor: "orange",
      textColor: "white",
      startDate: today,
      endDate: new Date(today.getTime() + 30 * DAY),
    })
    .onConflictDoNothing();
}

/** The complete sample dataset: clears store data, then products, customers, coupons and orders. */
export async function generateSampleDataset(
  counts: SampleCounts = DEFAULT_SAMPLE_COUNTS,
  actor: AuditActor = SHELL_ACTOR,
) {
  const result = await db().transaction(async (tx) => {
    await clearStoreData(tx);
    const made = {
      products: await generateProducts({ count: counts.products, executor: tx }),
      customers: await generateCustomers({ count: counts.customers, executor: tx }),
      coupons: await generateCoupons({ executor: tx }),
      orders: await generateOrders({ count: counts.orders, executor: tx }),
    };
    await insertDefaultContent(tx);
    await insertSampleAnnouncement(tx);
    await recordSampleData(tx, actor, "all", made);
    return made;
  });
  await analyzeDatabase();
  return result;
}

/** The audit entry of a sample-data generation, in its transaction. */
export function recordSampleData(
  tx: Transaction,
  actor: AuditActor,
  generator: string,
  made: Record<string, number>,
) {
  return recordAudit(tx, {
    actor,
    area: "sample-data",
    action: "generate",
    record: { type: "sample-data", id: generator, label: `Sample data: ${generator}` },
    changes: made,
  });
}

/** True when the store has never been set up (no products, pages or orders). */
export async function isStoreEmpty(executor: Executor = db()): Promise<boolean> {
  const result = await executor.execute(
    sql`select (select count(*) from products) + (select count(*) from pages) + (select count(*) from orders) as n`,
  );
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]!.n) === 0;
}
