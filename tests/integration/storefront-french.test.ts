import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formatNumber } from "~/lib/i18n/translate";
import { formatMoneyInText } from "~/lib/money";
import { storeSettings } from "~/server/settings/store-settings.server";
import { listCatalogPage } from "~/server/catalog/listing.server";
import { getProductPage, listFeaturedProducts } from "~/server/catalog/products.server";
import { getLiveAnnouncement } from "~/server/content/announcements.server";
import { getPublishedPage } from "~/server/content/pages.server";
import { db } from "~/server/db.server";
import { announcements, coupons, pages, products } from "~/server/db-tables";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import { clearListingCache } from "~/server/storefront/listing-counts.server";
import * as categoryRoute from "~/routes/store/category";
import * as contentRoute from "~/routes/store/content-page";
import * as productRoute from "~/routes/store/product";
import { pgliteQueries, resetDatabase, testDriver } from "../setup/database";
import { callRoute } from "../setup/route-call";

beforeEach(async () => {
  await resetDatabase();
  clearListingCache();
});

/** Two flowers: one translated, one not (its French fields left empty). */
async function seedProducts() {
  const now = Date.now();
  await db()
    .insert(products)
    .values([
      {
        slug: "lemon-haze",
        name: "Lemon Haze",
        nameFr: "Brume citron",
        description: "Bright and citrusy.",
        descriptionFr: "Vive et acidulée.",
        category: "flowers",
        sellingPriceCents: 1500,
        stock: 10,
        status: "active",
        createdAt: new Date(now - 3_600_000),
      },
      {
        slug: "pink-kush",
        name: "Pink Kush",
        description: "Heavy and sweet.",
        category: "flowers",
        sellingPriceCents: 2000,
        stock: 10,
        status: "active",
        createdAt: new Date(now - 7_200_000),
      },
    ]);
}

describe("products in French", () => {
  it("reads the French name and description on French pages, English elsewhere", async () => {
    await seedProducts();
    const names = (list: { name: string }[]) => list.map((p) => p.name).sort();

    // Listing and Home's featured products
    expect(names((await listCatalogPage({ sort: "name", locale: "fr" })).products)).toEqual([
      "Brume citron",
      "Pink Kush",
    ]);
    expect(names((await listCatalogPage({ sort: "name" })).products)).toEqual([
      "Lemon Haze",
      "Pink Kush",
    ]);
    expect(names(await listFeaturedProducts(8, "fr"))).toEqual(["Brume citron", "Pink Kush"]);
    expect(names(await listFeaturedProducts(8, "en"))).toEqual(["Lemon Haze", "Pink Kush"]);

    // The product page and its related products
    const french = await getProductPage("lemon-haze", "fr");
    expect(french?.product.name).toBe("Brume citron");
    expect(french?.product.description).toBe("Vive et acidulée.");
    expect(french?.related.map((p) => p.name)).toEqual(["Pink Kush"]);
    const english = await getProductPage("lemon-haze", "en");
    expect(english?.product.name).toBe("Lemon Haze");
    expect(english?.product.description).toBe("Bright and citrusy.");
    expect((await getProductPage("pink-kush", "fr"))?.related.map((p) => p.name)).toEqual([
      "Brume citron",
    ]);

    // The product page's loader: French names, French structured data and a French URL
    const loaded = (await callRoute(
      productRoute,
      "loader",
      new Request("http://localhost/fr/products/lemon-haze"),
      { slug: "lemon-haze" },
    )) as Awaited<ReturnType<typeof productRoute.loader>>;
    expect(loaded.product.name).toBe("Brume citron");
    expect(loaded.structuredData).toMatchObject({
      name: "Brume citron",
      description: "Vive et acidulée.",
    });
    expect(loaded.url).toMatch(/\/fr\/products\/lemon-haze$/);

    // Not translated: English in French too
    const untranslated = await getProductPage("pink-kush", "fr");
    expect(untranslated?.product.name).toBe("Pink Kush");
    expect(untranslated?.product.description).toBe("Heavy and sweet.");
  });

  it("takes as many statements in French as in English", async (ctx) => {
    if (testDriver() !== "pglite") ctx.skip();
    await seedProducts();
    const count = async (fn: () => Promise<unknown>) => (await pgliteQueries(fn)).length;
    for (const locale of ["en", "fr"] as const) {
      clearListingCache();
      expect(await count(() => listCatalogPage({ sort: "name", locale }))).toBe(2);
      expect(await count(() => listFeaturedProducts(8, locale))).toBe(1);
      expect(await count(() => getProductPage("lemon-haze", locale))).toBe(2);
    }
  });
});

describe("content in French", () => {
  it("serves a content page's French title, description and content where written", async () => {
    await insertDefaultContent();
    await db()
      .update(pages)
      .set({
        titleFr: "À propos",
        descriptionFr: "Qui nous sommes",
        contentFr: "<p>Bonjour<script>alert(1)</script></p><p>{{shipping_fee}}</p>",
      })
      .where(eq(pages.slug, "about"));
    const about = await getPublishedPage("about", "fr");
    expect(about?.title).toBe("À propos");
    expect(about?.description).toBe("Qui nous sommes");
    // Sanitised like the English page; the store's amounts written the French way
    const fee = (await storeSettings()).shipping.flatFeeCents;
    expect(about?.content).toBe(`<p>Bonjour</p><p>${formatMoneyInText(fee, "fr")}</p>`);
    expect(formatMoneyInText(fee, "fr")).toMatch(/^\d+\u00a0\$$/);
    const english = await getPublishedPage("about", "en");
    expect(english?.title).not.toBe("À propos");
    expect(english?.content).not.toContain("Bonjour");

    // A page without French reads English on French pages
    await db()
      .update(pages)
      .set({ titleFr: "", descriptionFr: "", contentFr: "" })
      .where(eq(pages.slug, "faq"));
    const faq = await getPublishedPage("faq", "en");
    expect(await getPublishedPage("faq", "fr")).toEqual(faq);

    // The route serves /fr/about with the French page
    const loaded = (await callRoute(
      contentRoute,
      "loader",
      new Request("http://localhost/fr/about"),
    )) as { page: { title: string; content: string } };
    expect(loaded.page.title).toBe("À propos");
    expect(loaded.page.content).toBe(about?.content);
  });

  it("shows the announcement's French message where written, with the code in French", async () => {
    const now = new Date();
    await db().insert(coupons).values({ code: "SAVE15", type: "percentage", value: 15 });
    await db().insert(announcements).values({
      name: "main",
      message: "Big sale",
      messageFr: "Grande vente",
      couponCode: "SAVE15",
    });
    expect((await getLiveAnnouncement(now, "fr"))?.text).toBe(
      "Grande vente - Code promo\u00a0: SAVE15",
    );
    expect((await getLiveAnnouncement(now, "en"))?.text).toBe("Big sale - Use code: SAVE15");
    expect((await getLiveAnnouncement(now))?.text).toBe("Big sale - Use code: SAVE15");

    // Without a French message: the English one
    await db().update(announcements).set({ messageFr: "", couponCode: null });
    expect((await getLiveAnnouncement(now, "fr"))?.text).toBe("Big sale");
  });
});

describe("listing refusals in French", () => {
  it("says why a listing's query is refused in the page's language", async () => {
    type Refusal = { data: { message: string }; init: { status: number } };
    const refusal = async (url: string) => {
      try {
        await callRoute(categoryRoute, "loader", new Request(url));
      } catch (thrown) {
        return thrown as Refusal;
      }
      throw new Error("not refused");
    };
    const french = await refusal("http://localhost/fr/products?view=tiles");
    expect(french.init.status).toBe(400);
    expect(french.data.message).toBe(
      "L’affichage doit être «\u00a0grid\u00a0» ou «\u00a0list\u00a0».",
    );
    const english = await refusal("http://localhost/products?view=tiles");
    expect(english.data.message).toBe('The view must be "grid" or "list".');
    const price = await refusal("http://localhost/fr/category/flowers?max=5000");
    expect(price.data.message).toBe(
      `Le prix maximum doit être un nombre de 0 à ${formatNumber(1000, "fr")}.`,
    );
  });
});
