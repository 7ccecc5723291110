import type { Route } from "./+types/sitemap";
import { CATEGORIES } from "~/lib/categories";
import { absoluteUrl } from "~/lib/seo";
import { listProductUrls } from "~/server/catalog/products.server";
import { config } from "~/server/config.server";

const STATIC_PATHS = ["/", "/products", "/about", "/contact", "/faq", "/privacy"];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function loader(_args: Route.LoaderArgs) {
  const base = config().publicUrl;
  const products = await listProductUrls();
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: undefined as Date | undefined })),
    ...CATEGORIES.map((c) => ({ path: `/category/${c.slug}`, lastmod: undefined })),
    ...products.map((p) => ({ path: `/products/${p.slug}`, lastmod: p.updatedAt })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map(
    (e) =>
      `<url><loc>${escapeXml(absoluteUrl(base, e.path))}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`,
  )
  .join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
