import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locale";
import { searchProducts } from "~/server/catalog/search.server";
import { db } from "~/server/db.server";
import { products } from "~/server/db-tables";
import * as searchRoute from "~/routes/store/search";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

// Search in both languages (accents folded, French word forms on French pages), on PGlite and on
// PostgreSQL: the text search configurations and the generated columns must agree on both.

type Seed = {
  name: string;
  nameFr?: string;
  category?: string;
  strain?: "Hybrid" | "Indica" | "Sativa";
  description?: string;
  descriptionFr?: string;
  status?: "active" | "draft" | "archived";
};

let counter = 0;
async function seed(rows: Seed[]) {
  await db()
    .insert(products)
    .values(
      rows.map((r) => ({
        slug: `p-${++counter}`,
        name: r.name,
        nameFr: r.nameFr ?? "",
        category: r.category ?? "edibles",
        description: r.description ?? "",
        descriptionFr: r.descriptionFr ?? "",
        sellingPriceCents: 1000,
        strain: r.strain ?? "Indica",
        status: r.status ?? "active",
        stock: 20,
      })),
    );
}

const names = async (q: string, locale?: Locale) =>
  (await searchProducts({ q, locale })).products.map((p) => p.name);

beforeEach(async () => {
  await resetDatabase();
});

describe("accents", () => {
  it("do not matter, either way, in English and French", async () => {
    await seed([
      { name: "Crème Brûlée Gummies", description: "Vanilla CRÈME and caramel." },
      { name: "Creme Soda Vape", category: "vapes" },
      { name: "Œuf de Pâques", description: "Chocolate egg" },
      { name: "Plain Cookie" },
    ]);
    for (const locale of ["en", "fr"] as const) {
      expect(await names("creme", locale)).toEqual(["Crème Brûlée Gummies", "Creme Soda Vape"]);
      expect(await names("CRÈME", locale)).toEqual(["Crème Brûlée Gummies", "Creme Soda Vape"]);
      expect(await names("crème soda", locale)).toEqual(["Creme Soda Vape"]);
      expect(await names("brulee", locale)).toEqual(["Crème Brûlée Gummies"]);
      expect(await names("bru", locale)).toEqual(["Crème Brûlée Gummies"]);
      expect(await names("oeuf paques", locale)).toEqual(["Œuf de Pâques"]);
      expect(await names("œuf", locale)).toEqual(["Œuf de Pâques"]);
    }
  });
});

describe("French pages", () => {
  it("match the French name and description with French word forms, and show French names", async () => {
    await seed([
      {
        name: "Vanilla Cream Gummies",
        nameFr: "Jujubes à la crème vanillée",
        description: "Soft gummies.",
        descriptionFr: "Des jujubes tendres aux fraises des champs.",
      },
      { name: "Strawberry Fields", description: "Notes of strawberry." },
      { name: "Blue Dream", category: "flowers", strain: "Sativa" },
      { name: "Northern Lights", category: "flowers", strain: "Hybrid" },
    ]);
    // French word forms: plural and singular, with or without accents.
    expect(await names("crèmes", "fr")).toEqual(["Jujubes à la crème vanillée"]);
    expect(await names("cremes", "fr")).toEqual(["Jujubes à la crème vanillée"]);
    expect(await names("fraise", "fr")).toEqual(["Jujubes à la crème vanillée"]);
    expect(await names("jujube", "fr")).toEqual(["Jujubes à la crème vanillée"]);
    // French stop words ("la") still match, as written.
    expect(await names("jujubes à la crème", "fr")).toEqual(["Jujubes à la crème vanillée"]);
    // English words (and untranslated products) are found on French pages too.
    expect(await names("strawberry", "fr")).toEqual(["Strawberry Fields"]);
    expect(await names("vanilla gummies", "fr")).toEqual(["Jujubes à la crème vanillée"]);
    expect(await names("blue", "fr")).toEqual(["Blue Dream"]);
    // Categories and strains by their French names.
    expect(await names("fleurs", "fr")).toEqual(["Blue Dream", "Northern Lights"]);
    expect(await names("fleur hybride", "fr")).toEqual(["Northern Lights"]);
    expect(await names("comestible", "fr")).toEqual([
      "Jujubes à la crème vanillée",
      "Strawberry Fields",
    ]);
  });

  it("rank the French name above the French description", async () => {
    await seed([
      { name: "Berry Chews", descriptionFr: "Un goût de fraise." },
      { name: "Strawberry Chews", nameFr: "Bonbons à la fraise" },
    ]);
    expect(await names("fraises", "fr")).toEqual(["Bonbons à la fraise", "Berry Chews"]);
  });

  it("leave English pages as they were: French words are not searched there", async () => {
    await seed([
      { name: "Vanilla Cream Gummies", nameFr: "Jujubes à la crème", descriptionFr: "Fraises" },
      { name: "Blue Dream", category: "flowers" },
    ]);
    expect(await names("jujubes")).toEqual([]);
    expect(await names("fraises")).toEqual([]);
    expect(await names("fleurs")).toEqual([]);
    expect(await names("cream")).toEqual(["Vanilla Cream Gummies"]);
    expect(await names("flowers")).toEqual(["Blue Dream"]);
    const result = await searchProducts({ q: "gummies" });
    expect(result.products[0]!.name).toBe("Vanilla Cream Gummies");
  });

  it("page with a total, drafts left out", async () => {
    await seed([
      ...Array.from({ length: 5 }, (_, i) => ({ name: `Cookie ${i}`, nameFr: `Biscuit ${i}` })),
      { name: "Draft Cookie", nameFr: "Biscuit brouillon", status: "draft" as const },
    ]);
    const first = await searchProducts({ q: "biscuits", locale: "fr", pageSize: 2 });
    const last = await searchProducts({ q: "biscuits", locale: "fr", pageSize: 2, page: 3 });
    expect(first.total).toBe(5);
    expect(first.pageCount).toBe(3);
    expect(first.products.map((p) => p.name)).toEqual(["Biscuit 0", "Biscuit 1"]);
    expect(last.products.map((p) => p.name)).toEqual(["Biscuit 4"]);
  });
});

describe("the stored words", () => {
  it("are kept up to date when the French texts change", async () => {
    await seed([{ name: "Lemon Drops" }]);
    expect(await names("citron", "fr")).toEqual([]);
    await db().update(products).set({ nameFr: "Bonbons au citron" });
    expect(await names("citrons", "fr")).toEqual(["Bonbons au citron"]);
    const [row] = await db()
      .select({ en: sql<string>`${products.searchVector}::text` })
      .from(products);
    expect(row!.en).not.toContain("citron");
  });
});

describe("the search page", () => {
  const load = (url: string) =>
    callRoute(searchRoute, "loader", new Request(`http://store.test${url}`)) as ReturnType<
      typeof searchRoute.loader
    >;

  it("searches in the page's language", async () => {
    await seed([{ name: "Cream Gummies", nameFr: "Jujubes à la crème" }]);
    const french = await load("/fr/search?q=cr%C3%A8mes");
    expect(french.result?.products.map((p) => p.name)).toEqual(["Jujubes à la crème"]);
    const english = await load("/search?q=cr%C3%A8mes");
    expect(english.result?.total).toBe(0);
    expect((await load("/search?q=cream")).result?.products.map((p) => p.name)).toEqual([
      "Cream Gummies",
    ]);
  });

  it("refuses a bad page number in the page's language", async () => {
    const message = async (url: string) => {
      try {
        await load(url);
      } catch (error) {
        return (error as { data?: { message?: string } }).data?.message;
      }
    };
    expect(await message("/search?q=x&page=0")).toBe("The page number is not valid.");
    expect(await message("/fr/search?q=x&page=0")).toBe("Le numéro de page n’est pas valide.");
  });
});
