import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRICE_SLIDER_MAX, type SortKey } from "~/lib/catalog-query";
import { decodeCursor, InvalidCursorError, listCatalogPage } from "~/server/catalog/listing.server";
import { getProductPage, listFeaturedProducts } from "~/server/catalog/products.server";
import { searchProducts } from "~/server/catalog/search.server";
import { sitemapFile } from "~/server/catalog/sitemap.server";
import { db } from "~/server/db.server";
import { refreshListedPrice } from "~/server/inventory/listed-price.server";
import { clearListingCache } from "~/server/storefront/listing-counts.server";
import { products, productVariations } from "~/server/db-tables";
import { pgliteQueries, resetDatabase, testDriver } from "../setup/database";

type Seed = {
  name: string;
  category?: string;
  price: number;
  rating?: number | null;
  strain?: "Hybrid" | "Indica" | "Sativa";
  description?: string;
  status?: "active" | "draft" | "archived";
  stock?: number;
  hoursAgo?: number;
  /** Potency in tenths of a mg (per gram here: flowers). */
  thc?: number;
  totalThc?: number;
  cbd?: number;
};

let counter = 0;
async function seed(rows: Seed[]) {
  const now = Date.now();
  const inserted = await db()
    .insert(products)
    .values(
      rows.map((r) => ({
        slug: `${r.name.toLowerCase().replace(/\W+/g, "-")}-${++counter}`,
        name: r.name,
        category: r.category ?? "flowers",
        description: r.description ?? "",
        sellingPriceCents: r.price,
        rating: r.rating === undefined ? 4 : r.rating,
        strain: r.strain ?? "Hybrid",
        status: r.status ?? "active",
        stock: r.stock ?? 20,
        createdAt: new Date(now - (r.hoursAgo ?? counter) * 3_600_000),
        thcTenths: r.thc ?? null,
        totalThcTenths: r.totalThc ?? null,
        cbdTenths: r.cbd ?? null,
      })),
    )
    .returning({ id: products.id, name: products.name });
  return inserted;
}

/** Walks every page forward, then back again, and returns the names in order. */
async function walk(options: Parameters<typeof listCatalogPage>[0]) {
  const forward: string[] = [];
  let page = await listCatalogPage(options);
  const cursors: (string | undefined)[] = [];
  forward.push(...page.products.map((p) => p.name));
  while (page.next) {
    cursors.push(page.next);
    page = await listCatalogPage({ ...options, after: page.next });
    forward.push(...page.products.map((p) => p.name));
  }
  const backward: string[] = [...page.products.map((p) => p.name)];
  while (page.previous) {
    page = await listCatalogPage({ ...options, before: page.previous });
    backward.unshift(...page.products.map((p) => p.name));
  }
  return { forward, backward, total: page.total };
}

beforeEach(async () => {
  await resetDatabase();
  clearListingCache();
});

describe("category listing (keyset pagination)", () => {
  beforeAll(() => {
    counter = 0;
  });

  it("sorts by each key across pages, forwards and backwards, with ties broken by id", async () => {
    // Repeated prices and ratings make ties that cross page boundaries.
    await seed(
      Array.from({ length: 23 }, (_, i) => ({
        name: `Strain ${String.fromCharCode(65 + (i % 26))}${i}`,
        price: 1000 + (i % 5) * 250,
        rating: i % 4 === 0 ? null : 3 + (i % 3) * 0.5,
      })),
    );
    await seed([{ name: "Other category", category: "edibles", price: 500 }]);
    await seed([{ name: "Archived", price: 100, status: "archived" }]);

    const all = await db().select().from(products).where(eq(products.category, "flowers"));
    const active = all.filter((p) => p.status === "active");
    const byId = (a: (typeof all)[number], b: (typeof all)[number]) => (a.id < b.id ? -1 : 1);
    const expected: Record<SortKey, string[]> = {
      name: [...active]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((p) => p.name),
      "price-asc": [...active]
        .sort((a, b) => a.sellingPriceCents - b.sellingPriceCents || byId(a, b))
        .map((p) => p.name),
      "price-desc": [...active]
        .sort((a, b) => b.sellingPriceCents - a.sellingPriceCents || byId(b, a))
        .map((p) => p.name),
      rating: [...active]
        .sort((a, b) => (b.rating ?? 5) - (a.rating ?? 5) || byId(b, a))
        .map((p) => p.name),
    };
    for (const sort of Object.keys(expected) as SortKey[]) {
      const result = await walk({ category: "flowers", sort, pageSize: 5 });
      expect(result.forward, sort).toEqual(expected[sort]);
      expect(result.backward, sort).toEqual(expected[sort]);
      expect(result.total).toBe(23);
    }
  });

  it("treats a missing rating as 5 when sorting by highest rated", async () => {
    await seed([
      { name: "Rated four", price: 1000, rating: 4 },
      { name: "Unrated", price: 1000, rating: null },
      { name: "Rated 4.9", price: 1000, rating: 4.9 },
    ]);
    const page = await listCatalogPage({ category: "flowers", sort: "rating" });
    expect(page.products.map((p) => p.name)).toEqual(["Unrated", "Rated 4.9", "Rated four"]);
    expect(page.products[0]!.rating).toBe(5);
  });

  it("filters by the price upper bound; the slider's end means no bound", async () => {
    await seed([
      { name: "Cheap", price: 2500 },
      { name: "Edge", price: 5000 },
      { name: "Dear", price: 5001 },
      { name: "Bulk", price: 150_000 },
    ]);
    const capped = await listCatalogPage({ category: "flowers", sort: "price-asc", maxPrice: 50 });
    expect(capped.products.map((p) => p.name)).toEqual(["Cheap", "Edge"]);
    expect(capped.total).toBe(2);
    const open = await listCatalogPage({
      category: "flowers",
      sort: "price-asc",
      maxPrice: PRICE_SLIDER_MAX,
    });
    expect(open.products.map((p) => p.name)).toEqual(["Cheap", "Edge", "Dear", "Bulk"]);
  });

  it("lists every category on the all-products page and returns variations in one query", async () => {
    const [a] = await seed([{ name: "Alpha", price: 1000 }]);
    await seed([{ name: "Beta", price: 1000, category: "vapes" }]);
    await db()
      .insert(productVariations)
      .values([
        { productId: a!.id, size: "3.5", sizeUnit: "g", priceCents: 3500, stock: 4, position: 1 },
        { productId: a!.id, size: "1", sizeUnit: "g", priceCents: 1000, stock: 0, position: 0 },
      ]);
    const page = await listCatalogPage({ sort: "name" });
    expect(page.products.map((p) => p.name)).toEqual(["Alpha", "Beta"]);
    expect(page.products[0]!.variations.map((v) => v.size)).toEqual(["1", "3.5"]);
    expect(page.products[1]!.variations).toEqual([]);
    expect(page.next).toBeUndefined();
    expect(page.previous).toBeUndefined();
  });

  it("refuses a forged cursor with a clear error", async () => {
    expect(() => decodeCursor("bm90LWpzb24", "name")).toThrow(InvalidCursorError);
    const forged = Buffer.from(JSON.stringify(["x", "1; drop table products"])).toString(
      "base64url",
    );
    await expect(listCatalogPage({ sort: "name", after: forged })).rejects.toThrow(
      InvalidCursorError,
    );
    const wrongType = Buffer.from(
      JSON.stringify(["cheap", "00000000-0000-0000-0000-000000000000"]),
    ).toString("base64url");
    await expect(listCatalogPage({ sort: "price-asc", after: wrongType })).rejects.toThrow(
      InvalidCursorError,
    );
  });

  it("uses an index for deep pages instead of scanning with OFFSET", async () => {
    const plan = (await db().execute(
      sql`explain select id from products where category = 'flowers' and status = 'active' and coalesce(listed_price_cents, selling_price_cents) <= 5000 and (coalesce(listed_price_cents, selling_price_cents), id) > (1000, '00000000-0000-0000-0000-000000000000'::uuid) order by coalesce(listed_price_cents, selling_price_cents), id limit 25`,
    )) as unknown as { rows: Record<string, string>[] };
    const text = plan.rows.map((r) => Object.values(r)[0]).join("\n");
    expect(text).toMatch(/Index (Only )?Scan using products_(category|status)_listed_price_idx/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
  });
});

describe("strain and potency filters", () => {
  async function seedPotent() {
    await seed([
      { name: "Indica strong", strain: "Indica", price: 1000, thc: 2400, cbd: 5 },
      { name: "Indica mild", strain: "Indica", price: 1100, thc: 1200, cbd: 80 },
      { name: "Indica total", strain: "Indica", price: 1200, thc: 100, totalThc: 2000, cbd: 0 },
      { name: "Indica unknown", strain: "Indica", price: 1300 },
      { name: "Sativa strong", strain: "Sativa", price: 1400, thc: 2600, cbd: 10 },
      { name: "Hybrid mid", strain: "Hybrid", price: 1500, thc: 1800, cbd: 20 },
      { name: "Indica archived", strain: "Indica", price: 900, thc: 2400, status: "archived" },
      { name: "Indica edible", strain: "Indica", price: 800, thc: 100, category: "edibles" },
    ]);
    await refreshListedPrice(db());
  }

  it("filters by strain and by THC and CBD ranges in mg (total THC counts before THC)", async () => {
    await seedPotent();
    const names = async (options: Parameters<typeof listCatalogPage>[0]) => {
      const page = await listCatalogPage(options);
      return { names: page.products.map((p) => p.name), total: page.total };
    };
    expect(await names({ category: "flowers", sort: "name", strain: "indica" })).toEqual({
      names: ["Indica mild", "Indica strong", "Indica total", "Indica unknown"],
      total: 4,
    });
    // 200 mg/g and up: 240 (THC), 200 (total THC 200 though THC is 10), 260 (Sativa).
    expect(await names({ category: "flowers", sort: "price-asc", thcMin: 200 })).toEqual({
      names: ["Indica strong", "Indica total", "Sativa strong"],
      total: 3,
    });
    expect(
      await names({
        category: "flowers",
        sort: "name",
        strain: "indica",
        thcMin: 100,
        thcMax: 200,
      }),
    ).toEqual({ names: ["Indica mild", "Indica total"], total: 2 });
    expect(await names({ category: "flowers", sort: "name", cbdMin: 1, cbdMax: 2 })).toEqual({
      names: ["Sativa strong", "Hybrid mid"].sort(),
      total: 2,
    });
    // Each product compares in its own unit: the edible's 10 mg per unit on all products.
    expect(await names({ sort: "name", strain: "indica", thcMax: 10 })).toEqual({
      names: ["Indica edible"],
      total: 1,
    });
  });

  it("keeps the filters on the next and previous pages (keyset)", async () => {
    await seed(
      Array.from({ length: 9 }, (_, i) => ({
        name: `Potent ${i}`,
        strain: i % 3 === 0 ? ("Sativa" as const) : ("Indica" as const),
        price: 1000 + (i % 3) * 100,
        thc: 1500 + i * 100,
      })),
    );
    await refreshListedPrice(db());
    const options = {
      category: "flowers" as const,
      sort: "price-asc" as const,
      strain: "indica" as const,
      thcMin: 170,
      pageSize: 2,
    };
    // Indica (i not a multiple of 3) with THC ≥ 170 mg/g (i ≥ 2): 2, 4, 5, 7, 8.
    const result = await walk(options);
    expect(result.total).toBe(5);
    expect([...result.forward].sort()).toEqual(
      ["Potent 2", "Potent 4", "Potent 5", "Potent 7", "Potent 8"].sort(),
    );
    expect(result.backward).toEqual(result.forward);
  });

  it("serves the filtered listing and its count from an index", async () => {
    const explain = async (query: ReturnType<typeof sql>) => {
      const plan = (await db().execute(sql`explain ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return plan.rows.map((r) => Object.values(r)[0]).join("\n");
    };
    const count = await explain(
      sql`select count(*) from products where category = 'flowers' and status = 'active' and strain = 'Indica' and filter_thc_tenths >= 1500 and filter_thc_tenths <= 2500 and filter_cbd_tenths <= 20`,
    );
    // The THC range is an index condition (not a filter over every row of the category).
    expect(count).toMatch(
      /(Index (Only )?Scan using|Bitmap Index Scan on) products_(category|status)_potency_idx/,
    );
    expect(count).toMatch(/Index Cond: .*filter_thc_tenths >= 1500/);
    expect(count).not.toMatch(/Seq Scan/);
    const allProducts = await explain(
      sql`select count(*) from products where status = 'active' and filter_thc_tenths >= 1500`,
    );
    expect(allProducts).toMatch(
      /(Index (Only )?Scan using|Bitmap Index Scan on) products_status_potency_idx/,
    );
    expect(allProducts).toMatch(/Index Cond: .*filter_thc_tenths >= 1500/);
    const page = await explain(
      sql`select id from products where category = 'flowers' and status = 'active' and strain = 'Indica' and filter_thc_tenths >= 1500 and (name, id) > ('M', '00000000-0000-0000-0000-000000000000'::uuid) order by name, id limit 25`,
    );
    // The page walks a sort-order (keyset) index, stopping after a page of matches: no sort.
    expect(page).toMatch(/Index (Only )?Scan using products_(category|status)_(name|potency)_idx/);
    expect(page).not.toMatch(/Seq Scan|Sort/);
  });
});

describe("featured products and product page", () => {
  it("features the newest in-stock active products", async () => {
    await seed([
      { name: "Old", price: 1000, hoursAgo: 50 },
      { name: "New", price: 1000, hoursAgo: 1 },
      { name: "Sold out", price: 1000, hoursAgo: 0, stock: 0 },
      { name: "Retired", price: 1000, hoursAgo: 0, status: "archived" },
    ]);
    const featured = await listFeaturedProducts(8);
    expect(featured.map((p) => p.name)).toEqual(["New", "Old"]);
  });

  it("loads a product with its variations and related in-stock products of its category", async () => {
    const [main] = await seed([{ name: "Main", price: 1000 }]);
    await seed([
      { name: "Sibling", price: 1000 },
      { name: "Sibling sold out", price: 1000, stock: 0 },
      { name: "Elsewhere", price: 1000, category: "hash" },
    ]);
    await db()
      .insert(productVariations)
      .values({ productId: main!.id, size: "7", sizeUnit: "g", priceCents: 5000, stock: 3 });
    const slug = (await db().select().from(products).where(eq(products.id, main!.id)))[0]!.slug;
    const page = await getProductPage(slug);
    expect(page?.product.name).toBe("Main");
    expect(page?.product.variations).toHaveLength(1);
    expect(page?.related.map((p) => p.name)).toEqual(["Sibling"]);
    expect(await getProductPage("no-such-product")).toBeUndefined();
  });
});

describe("drafts", () => {
  it("are never listed, featured, shown, searchable or in the sitemap", async () => {
    await seed([
      { name: "Shown Kush", price: 1000, hoursAgo: 2 },
      { name: "Draft Kush", price: 1000, hoursAgo: 1, status: "draft" },
    ]);
    const draft = (await db().select().from(products).where(eq(products.status, "draft")))[0]!;
    expect(
      (await listCatalogPage({ category: "flowers", sort: "name" })).products.map((p) => p.name),
    ).toEqual(["Shown Kush"]);
    expect((await listFeaturedProducts(8)).map((p) => p.name)).toEqual(["Shown Kush"]);
    expect(await getProductPage(draft.slug)).toBeUndefined();
    expect((await searchProducts({ q: "kush" })).products.map((p) => p.name)).toEqual([
      "Shown Kush",
    ]);
    const sitemap = (await sitemapFile("http://store.test", "products-1.xml"))!;
    expect(sitemap).toContain("/products/shown-kush");
    expect(sitemap).not.toContain(draft.slug);
  });
});

describe("search", () => {
  it("matches name, strain, category and description, case-insensitively and by prefix", async () => {
    await seed([
      { name: "Blue Dream", price: 1000, strain: "Sativa" },
      { name: "Midnight Gummies", category: "edibles", price: 1000, strain: "Indica" },
      { name: "Plain Jane", price: 1000, description: "Notes of BLUEBERRY and pine." },
      { name: "Retired Blue", price: 1000, status: "archived" },
    ]);
    const names = async (q: string) => (await searchProducts({ q })).products.map((p) => p.name);
    // Name matches (weight A) rank above description matches (weight C).
    expect(await names("BLUE")).toEqual(["Blue Dream", "Plain Jane"]);
    expect(await names("blue dre")).toEqual(["Blue Dream"]);
    expect(await names("indica")).toEqual(["Midnight Gummies"]);
    expect(await names("Edibles")).toEqual(["Midnight Gummies"]);
    expect(await names("pine")).toEqual(["Plain Jane"]);
    expect(await names("'&|!:*()")).toEqual([]);
    expect(await names("nothing-like-this")).toEqual([]);
  });

  it("pages through results with a total", async () => {
    await seed(Array.from({ length: 7 }, (_, i) => ({ name: `Kush ${i}`, price: 1000 })));
    const first = await searchProducts({ q: "kush", pageSize: 3 });
    const last = await searchProducts({ q: "kush", pageSize: 3, page: 3 });
    expect(first.total).toBe(7);
    expect(first.pageCount).toBe(3);
    expect(first.products).toHaveLength(3);
    expect(last.products).toHaveLength(1);
  });
});

describe("SQL statements per page", () => {
  /** Counts the statements PGlite runs during fn (the PostgreSQL pass skips this). */
  const countStatements = async (fn: () => Promise<unknown>) => (await pgliteQueries(fn)).length;

  it("stays constant whatever the page size (no query per product)", async (ctx) => {
    if (testDriver() !== "pglite") ctx.skip();
    const rows = await seed(
      Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, price: 1000 + i })),
    );
    await db()
      .insert(productVariations)
      .values(
        rows.flatMap((r) =>
          ["1", "3.5", "7"].map((size, position) => ({
            productId: r.id,
            size,
            priceCents: 1000,
            stock: 5,
            position,
          })),
        ),
      );
    const small = await countStatements(() =>
      listCatalogPage({ category: "flowers", sort: "name", pageSize: 2 }),
    );
    clearListingCache();
    const large = await countStatements(() =>
      listCatalogPage({ category: "flowers", sort: "name", pageSize: 24 }),
    );
    expect(small).toBe(2); // the page's cards with their sizes, and the count
    expect(large).toBe(2);
    // The count is cached for a short while: the next page needs one.
    expect(
      await countStatements(() => listCatalogPage({ category: "flowers", sort: "name" })),
    ).toBe(1);
    expect(await countStatements(() => listFeaturedProducts(8))).toBe(1);
    expect(await countStatements(() => searchProducts({ q: "p" }))).toBe(1);
    const slug = (await db().select().from(products).limit(1))[0]!.slug;
    expect(await countStatements(() => getProductPage(slug))).toBe(2);
  });
});
