import { eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { fillStoreFields } from "~/lib/store-settings";
import { db } from "../db.server";
import { storeSettings } from "../settings/store-settings.server";
import { pages } from "../db-tables";

const ALLOWED = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "span"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ["src", "alt", "width", "height", "loading"],
    "*": ["class", "id"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
};

/** Page HTML is cleaned when saved and again when shown. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

export async function getPublishedPage(slug: string) {
  const [page] = await db().select().from(pages).where(eq(pages.slug, slug));
  if (!page || !page.isPublished) return undefined;
  const content = fillStoreFields(page.content, await storeSettings(), { html: true });
  return { ...page, content: sanitizePageHtml(content) };
}
