import type { Route } from "./+types/sitemap";
import { config } from "~/server/config.server";
import { sitemapIndex, sitemapResponse } from "~/server/catalog/sitemap.server";

export async function loader(_args: Route.LoaderArgs) {
  return sitemapResponse(await sitemapIndex(config().publicUrl));
}
