import { asc, count, eq } from "drizzle-orm";
import type { ProvinceCode } from "~/lib/address";
import { PROVINCE_LAW } from "~/lib/fulfilment";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { zonedParts } from "~/lib/dates";
import { db } from "~/server/db.server";
import {
  announcements,
  coupons,
  invoices,
  orderItems,
  orders,
  pages,
  payments,
  products,
  productVariations,
  shipments,
} from "~/server/db-tables";
import { defaultVariationId, listedPriceCents } from "~/lib/product";
import { listCatalogPage } from "~/server/catalog/listing.server";
import { listFeaturedProducts } from "~/server/catalog/products.server";
import { listAdminProducts } from "~/server/catalog/product-admin-list.server";
import { generateSampleDataset } from "~/server/seed/sample-data.server";

describe("sample data", () => {
  let first: { name: string; sellingPriceCents: number }[];

  beforeAll(async () => {
    await generateSampleDataset({ products: 70, customers: 12, orders: 30 });
    first = await db()
      .select({ name: products.name, sellingPriceCents: products.sellingPriceCents })
      .from(products)
      .orderBy(asc(products.sku));
  });

  it("lists every product at the price its card shows", async () => {
    const page = await listCatalogPage({ sort: "price-asc", pageSize: 100 });
    expect(page.products).toHaveLength(70);
    const rows = await db()
      .select({ id: products.id, listed: products.listedPriceCents })
      .from(products);
    const stored = new Map(rows.map((r) => [r.id, r.listed]));
    for (const product of page.products) {
      expect(stored.get(product.id), product.name).toBe(listedPriceCents(product));
    }
    const shown = page.products.map(listedPriceCents);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  it("gives each size a potency that fits its category (flower and concentrates per gram, edibles per piece)", async () => {
    const rows = await db()
      .select({
        category: products.category,
        size: productVariations.size,
        thc: productVariations.thcTenths,
        totalThc: productVariations.totalThcTenths,
        cbd: productVariations.cbdTenths,
      })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId));
    for (const r of rows) {
      const where = `${r.category} ${r.size}`;
      if (r.category === "flowers" || r.category === "bulk-buy") {
        expect(r.totalThc, where).toBeGreaterThanOrEqual(1400);
        expect(r.totalThc, where).toBeLessThanOrEqual(2600);
      } else if (["concentrates", "vapes", "hash"].includes(r.category)) {
        expect(r.totalThc, where).toBeGreaterThanOrEqual(6000);
        expect(r.totalThc, where).toBeLessThanOrEqual(9000);
      } else if (r.category === "edibles") {
        // At most 10 mg of THC in a package.
        expect(r.thc! * Number(r.size), where).toBeLessThanOrEqual(100);
        expect(r.thc, where).toBeGreaterThan(0);
      } else expect([r.thc, r.totalThc, r.cbd], where).toEqual([null, null, null]);
    }
  });

  it("leaves no cannabis product missing the potency an active product needs", async () => {
    expect((await listAdminProducts({ status: "all", potency: "missing" })).total).toBe(0);
    expect((await listAdminProducts({ status: "all" })).total).toBeGreaterThan(0);
  });

  it("fills every category with several products", async () => {
    const rows = await db()
      .select({ category: products.category, n: count() })
      .from(products)
      .groupBy(products.category);
    expect(rows.map((r) => r.category).sort()).toEqual([...CATEGORY_SLUGS].sort());
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(8);
  });

  it("gives flowers their five sizes at their price ratios", async () => {
    const [flower] = await db()
      .select()
      .from(products)
      .where(eq(products.category, "flowers"))
      .limit(1);
    const sizes = await db()
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, flower!.id))
      .orderBy(asc(productVariations.position));
    expect(sizes.map((s) => `${s.size}${s.sizeUnit}`)).toEqual(["1g", "3.5g", "7g", "14g", "28g"]);
    expect(sizes.map((s) => s.priceCents)).toEqual(
      [0.27, 1, 1.9, 3.6, 6.7].map((r) => Math.round(flower!.sellingPriceCents * r)),
    );
    expect(flower!.stock).toBe(sizes.reduce((sum, s) => sum + s.stock, 0));
    expect(flower!.imageUrl).toMatch(/^\/images\/.+\.jpg$/);
  });

  it("makes orders of 1-3 lines with quantities 1-2, a way their province allows, invoices and shipments", async () => {
    const all = await db().select().from(orders);
    expect(all).toHaveLength(30);
    for (const order of all) {
      const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(3);
      for (const line of lines) expect([1, 2]).toContain(line.quantity);
      const subtotal = lines.reduce((s, l) => s + l.priceAtPurchaseCents * l.quantity, 0);
      expect(order.subtotalCents).toBe(subtotal);
      // Parcels where the province allows them (with Proof of Age), else pickup, which is free.
      const province = order.shippingProvince as ProvinceCode;
      expect(PROVINCE_LAW[province].methods).toContain(order.fulfilmentMethod);
      if (order.fulfilmentMethod === "parcel") {
        expect(order.shippingCostCents).toBe(subtotal >= 20_000 ? 0 : 2000);
        expect(order.proofOfAge).toBe(province === "AB" ? "PA18" : "PA19");
      } else expect([order.shippingCostCents, order.pickupCode?.length]).toEqual([0, 6]);
      expect(order.totalAmountCents).toBe(subtotal + order.shippingCostCents);
      const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
      const expected =
        order.status === "pending"
          ? "pending"
          : order.status === "cancelled"
            ? "cancelled"
            : "paid";
      expect(invoice!.status).toBe(expected);
      // Every paid order has the payment the mailbox read for it.
      const paid = await db().select().from(payments).where(eq(payments.orderId, order.id));
      expect(paid.map((p) => p.amountCents)).toEqual(
        expected === "paid" ? [order.totalAmountCents] : [],
      );
      const shipment = await db().select().from(shipments).where(eq(shipments.orderId, order.id));
      if (order.fulfilmentMethod !== "parcel") {
        // A pickup has no shipment and is never shipped.
        expect(shipment).toEqual([]);
        expect(order.status).not.toBe("shipped");
      } else if (["shipped", "delivered", "completed"].includes(order.status)) {
        expect(shipment[0]!.carrier).toBe("Canada Post");
        expect(shipment[0]!.trackingNumber).toBeTruthy();
      }
    }
  });

  it("has the sample coupons with dates in the current year, the pages and the announcement", async () => {
    const rows = await db().select().from(coupons).orderBy(asc(coupons.code));
    expect(rows.map((c) => c.code)).toEqual([
      "BULK50",
      "FREESHIP200",
      "SAVE15",
      "WEEKEND25",
      "WELCOME20",
    ]);
    const welcome = rows.find((c) => c.code === "WELCOME20")!;
    expect(welcome).toMatchObject({
      type: "percentage",
      value: 20,
      minOrderCents: 5000,
      maxUses: 100,
      usedCount: 23,
      perCustomerLimit: 1,
    });
    expect(welcome.startDate!.getFullYear()).toBe(new Date().getFullYear());
    const bulk = rows.find((c) => c.code === "BULK50")!;
    // Still ends 30 June in the store's time zone: the expired case.
    expect(zonedParts(bulk.endDate!, "America/Vancouver")).toMatchObject({
      month: 6,
      day: 30,
      hour: 23,
    });
    expect((await db().select().from(pages)).map((p) => p.slug).sort()).toEqual([
      "about",
      "contact",
      "faq",
      "home",
      "privacy",
    ]);
    const [main] = await db().select().from(announcements).where(eq(announcements.name, "main"));
    expect(main).toMatchObject({
      isActive: true,
      backgroundColor: "orange",
      couponCode: "WELCOME20",
    });
  });

  it("writes most products, every page and the announcement in French too, and leaves a few to translate", async () => {
    const rows = await db()
      .select({
        name: products.name,
        nameFr: products.nameFr,
        description: products.description,
        descriptionFr: products.descriptionFr,
      })
      .from(products);
    const translated = rows.filter((r) => r.nameFr && r.descriptionFr);
    expect(translated.length).toBe(56);
    const untranslated = await listAdminProducts({ status: "all", translation: "missing" });
    expect(untranslated.total).toBe(14);
    expect(untranslated.rows.every((r) => r.untranslated)).toBe(true);
    const edibles = rows.find((r) => r.name === "Sour Gummies")!;
    expect(edibles.nameFr).toBe("Jujubes surettes");
    expect(edibles.descriptionFr).toMatch(
      /^Jujubes surettes\u00a0: un produit comestible (hybride|indica|sativa) aux notes /,
    );
    const flower = rows.find((r) => r.name === "Pink Kush" && r.descriptionFr)!;
    expect(flower.descriptionFr).toMatch(
      /^Pink Kush\u00a0: une fleur .* Testée en laboratoire, scellée/,
    );
    for (const page of await db().select().from(pages)) {
      expect(page.titleFr, page.slug).not.toBe("");
      expect(page.descriptionFr, page.slug).not.toBe("");
      expect(page.contentFr, page.slug).toMatch(/^<h[12]>/);
    }
    const [main] = await db().select().from(announcements).where(eq(announcements.name, "main"));
    expect(main!.messageFr).toMatch(/^Livraison gratuite .*\{\{free_shipping_from\}\}\u00a0!/);
  });

  it("is deterministic: generating again gives the same catalogue", async () => {
    await generateSampleDataset({ products: 70, customers: 12, orders: 30 });
    const again = await db()
      .select({ name: products.name, sellingPriceCents: products.sellingPriceCents })
      .from(products)
      .orderBy(asc(products.sku));
    expect(again).toEqual(first);
  });

  it("features the 8 newest in-stock products", async () => {
    const featured = await listFeaturedProducts(8);
    expect(featured).toHaveLength(8);
    for (const product of featured) {
      expect(product.stock).toBeGreaterThan(0);
      // The card preselects a size that can be bought (never an Out of Stock card).
      const chosen = product.variations.find((v) => v.id === defaultVariationId(product));
      expect(chosen?.stock, product.name).toBeGreaterThan(0);
    }
    const times = await db()
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .orderBy(asc(products.createdAt));
    const newest = times.slice(-8).map((t) => t.id);
    expect(featured.every((p) => newest.includes(p.id) || p.stock > 0)).toBe(true);
    expect(featured[0]!.variations.length).toBeGreaterThan(0);
  });
});
