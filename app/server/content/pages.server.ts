import { eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { db } from "../db.server";
import { pages } from "../schema";

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
  return { ...page, content: sanitizePageHtml(page.content) };
}
