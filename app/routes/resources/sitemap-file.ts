import type { Route } from "./+types/sitemap-file";
import { config } from "~/server/config.server";
import { sitemapFile, sitemapResponse } from "~/server/catalog/sitemap.server";

export async function loader({ params }: Route.LoaderArgs) {
  const xml = await sitemapFile(config().publicUrl, params.file);
  if (xml === undefined)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return sitemapResponse(xml);
}
