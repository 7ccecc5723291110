import { config } from "~/server/config.server";

export function loader() {
  const base = config().publicUrl;
  const body = `User-agent: *
Allow: /
Disallow: /budzadmin
Disallow: /checkout
Disallow: /order-lookup
Disallow: /orders/
Disallow: /account
Disallow: /search?

Sitemap: ${base}/sitemap.xml
`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
