import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as sitemapFileRoute from "~/routes/resources/sitemap-file";
import * as sitemapRoute from "~/routes/resources/sitemap";
import { PRODUCTS_PER_SITEMAP, sitemapFile, sitemapIndex } from "~/server/catalog/sitemap.server";
import { db } from "~/server/db.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const BASE = "https://shop.example";
const ACTIVE = PRODUCTS_PER_SITEMAP + 3;

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

/** The English pages of a urlset (each page is listed twice: English, then French). */
function englishLocs(xml: string): string[] {
  return locs(xml).filter((loc) => !loc.startsWith(`${BASE}/fr`));
}

beforeAll(async () => {
  await resetDatabase();
  // p-1 … p-N, p-n changed n minutes into 2026; every 1,000th product is archived, never listed.
  await db().execute(sql`
    insert into products (slug, name, category, selling_price_cents, status, updated_at)
    select 'p-' || n, 'Product ' || n, 'flowers', 1000,
           case when n % 1000 = 0 then 'archived' else 'active' end,
           timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
    from generate_series(1, ${ACTIVE + Math.floor(ACTIVE / 1000)}) n`);
});

describe("sitemap", () => {
  it("indexes the pages file and one products file per 10,000 active products", async () => {
    const xml = await sitemapIndex(BASE);
    expect(xml).toContain("<sitemapindex");
    expect(locs(xml)).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/products-1.xml`,
      `${BASE}/sitemaps/products-2.xml`,
    ]);
    // Each products file's lastmod is its newest product's change.
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    const second = englishLocs((await sitemapFile(BASE, "products-2.xml"))!);
    const newest = Math.max(...second.map((loc) => Number(loc.split("-").pop())));
    expect(lastmods[1]).toBe(new Date(Date.UTC(2026, 0, 1) + newest * 60_000).toISOString());
  });

  it("splits the active products by slug across the files, none twice, none archived", async () => {
    const first = englishLocs((await sitemapFile(BASE, "products-1.xml"))!);
    const second = englishLocs((await sitemapFile(BASE, "products-2.xml"))!);
    expect(first).toHaveLength(PRODUCTS_PER_SITEMAP);
    expect(second).toHaveLength(3);
    expect(first[0]).toBe(`${BASE}/products/p-1`);
    expect(first[1]).toBe(`${BASE}/products/p-10`);
    expect(new Set([...first, ...second]).size).toBe(ACTIVE);
    expect([...first, ...second]).not.toContain(`${BASE}/products/p-1000`);
  });

  it("lists the fixed pages and categories in pages.xml", async () => {
    const pages = locs((await sitemapFile(BASE, "pages.xml"))!);
    expect(pages).toContain(`${BASE}/`);
    expect(pages).toContain(`${BASE}/category/bulk-buy`);
    expect(pages).toContain(`${BASE}/faq`);
  });

  it("lists every page in English and French, each naming both languages", async () => {
    const pages = (await sitemapFile(BASE, "pages.xml"))!;
    expect(locs(pages)).toEqual(
      expect.arrayContaining([`${BASE}/`, `${BASE}/fr`, `${BASE}/faq`, `${BASE}/fr/faq`]),
    );
    const products = (await sitemapFile(BASE, "products-2.xml"))!;
    expect(locs(products)).toHaveLength(6);
    const entry = products.split("</url>")[1]!;
    expect(entry).toContain(`<loc>${BASE}/fr/products/`);
    expect(entry).toMatch(/hreflang="en-CA" href="https:\/\/shop\.example\/products\/p-\d+"/);
    expect(entry).toMatch(/hreflang="fr-CA" href="https:\/\/shop\.example\/fr\/products\/p-\d+"/);
    expect(entry).toContain('hreflang="x-default"');
  });

  it("answers 404 for a file that does not exist, XML for one that does", async () => {
    const fileLoader = (file: string) =>
      callRoute(sitemapFileRoute, "loader", new Request(`${BASE}/sitemaps/${file}`), {
        file,
      }) as ReturnType<typeof sitemapFileRoute.loader>;
    for (const file of ["products-3.xml", "products-0.xml", "products-1", "other.xml"])
      expect((await fileLoader(file)).status, file).toBe(404);
    const found = await fileLoader("products-2.xml");
    expect(found.status).toBe(200);
    expect(found.headers.get("Content-Type")).toContain("application/xml");
    const index = (await callRoute(
      sitemapRoute,
      "loader",
      new Request(`${BASE}/sitemap.xml`),
    )) as Awaited<ReturnType<typeof sitemapRoute.loader>>;
    expect(await index.text()).toContain("/sitemaps/products-2.xml</loc>");
  });
});
