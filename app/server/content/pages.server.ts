import { eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { inLocale, type Locale } from "~/lib/i18n/locale";
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

/**
 * A published page as the storefront shows it, in the shopper's language: each French field
 * (title, description, content) where it was written, else the English one.
 */
export async function getPublishedPage(slug: string, locale: Locale = "en") {
  const [page] = await db().select().from(pages).where(eq(pages.slug, slug));
  if (!page || !page.isPublished) return undefined;
  const html = inLocale(locale, page.content, page.contentFr);
  // The amounts are written as the text's language writes them (English content shown in French
  // keeps "$20").
  const written = html === page.content ? "en" : locale;
  const content = fillStoreFields(html, await storeSettings(), { html: true }, written);
  return {
    ...page,
    title: inLocale(locale, page.title, page.titleFr),
    description: inLocale(locale, page.description, page.descriptionFr),
    content: sanitizePageHtml(content),
  };
}
