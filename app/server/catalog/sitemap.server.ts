import { asc, eq, max, sql } from "drizzle-orm";
import { CATEGORIES } from "~/lib/categories";
import { LOCALES, LOCALE_TAGS, localizePath } from "~/lib/i18n/locale";
import { absoluteUrl } from "~/lib/seo";
import { db } from "../db.server";
import { products } from "../db-tables";

/**
 * The sitemap: /sitemap.xml is an index of /sitemaps/pages.xml (the fixed pages and categories)
 * and /sitemaps/products-N.xml files, so a large catalogue stays within the protocol's 50,000 URLs
 * per file and each file stays small enough to answer quickly. Every page is listed in English and
 * in French, each entry naming both (and English as x-default) with `xhtml:link` alternates.
 */

/** Products per products-N.xml file (two URLs each; the protocol allows up to 50,000 URLs). */
export const PRODUCTS_PER_SITEMAP = 10_000;

const FIXED_PATHS = [
  "/",
  "/products",
  "/about",
  "/contact",
  "/faq",
  "/privacy",
  ...CATEGORIES.map((c) => `/category/${c.slug}`),
];

type Entry = { path: string; lastmod?: Date };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sitemapEntryXml(base: string, entry: Entry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return `<sitemap><loc>${escapeXml(absoluteUrl(base, entry.path))}</loc>${lastmod}</sitemap>`;
}

/** A page's <url> entry in each language, each naming all of them. */
function pageEntriesXml(base: string, entry: Entry): string[] {
  const href = (locale: (typeof LOCALES)[number]) =>
    escapeXml(absoluteUrl(base, localizePath(entry.path, locale)));
  const alternates = [
    ...LOCALES.map(
      (locale) =>
        `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[locale]}" href="${href(locale)}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href("en")}"/>`,
  ].join("");
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return LOCALES.map((locale) => `<url><loc>${href(locale)}</loc>${lastmod}${alternates}</url>`);
}

function document(root: "urlset" | "sitemapindex", body: string[]): string {
  const xhtml = root === "urlset" ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>
${body.join("\n")}
</${root}>
`;
}

/** /sitemap.xml: the pages file and one file per PRODUCTS_PER_SITEMAP active products (by slug). */
export async function sitemapIndex(base: string): Promise<string> {
  const numbered = db()
    .select({
      file: sql<number>`(row_number() over (order by ${products.slug}) - 1) / ${sql.raw(String(PRODUCTS_PER_SITEMAP))} + 1`
        .mapWith(Number)
        .as("file"),
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.status, "active"))
    .as("numbered");
  const files = await db()
    .select({ file: numbered.file, lastmod: max(numbered.updatedAt) })
    .from(numbered)
    .groupBy(numbered.file)
    .orderBy(numbered.file);
  return document("sitemapindex", [
    sitemapEntryXml(base, { path: "/sitemaps/pages.xml" }),
    ...files.map(({ file, lastmod }) =>
      sitemapEntryXml(base, {
        path: `/sitemaps/products-${file}.xml`,
        lastmod: lastmod ? new Date(lastmod) : undefined,
      }),
    ),
  ]);
}

/** One file of the index ("pages.xml", "products-2.xml"), or undefined when there is no such file. */
export async function sitemapFile(base: string, name: string): Promise<string | undefined> {
  if (name === "pages.xml")
    return document(
      "urlset",
      FIXED_PATHS.flatMap((path) => pageEntriesXml(base, { path })),
    );
  const match = /^products-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return undefined;
  const rows = await db()
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "active"))
    .orderBy(asc(products.slug))
    .limit(PRODUCTS_PER_SITEMAP)
    .offset((Number(match[1]) - 1) * PRODUCTS_PER_SITEMAP);
  if (rows.length === 0) return undefined;
  return document(
    "urlset",
    rows.flatMap((p) =>
      pageEntriesXml(base, { path: `/products/${p.slug}`, lastmod: p.updatedAt }),
    ),
  );
}

export function sitemapResponse(xml: string): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
