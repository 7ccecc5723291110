import type { MetaDescriptor } from "react-router";
import { LOCALES, LOCALE_TAGS, localizePath } from "~/lib/i18n/locale";

/**
 * The page's URL in each language, for search engines (`hreflang`): English is also the default
 * for languages the store does not have.
 */
export function languageAlternates(url: string): MetaDescriptor[] {
  const { origin, pathname, search } = new URL(url);
  const alternate = (hrefLang: string, locale: (typeof LOCALES)[number]) => ({
    tagName: "link",
    rel: "alternate",
    hrefLang,
    href: origin + localizePath(pathname + search, locale),
  });
  return [
    ...LOCALES.map((locale) => alternate(LOCALE_TAGS[locale], locale)),
    alternate("x-default", "en"),
  ];
}

/** Per-page head tags: title, description, canonical URL, language alternates and Open Graph. */
export function seoMeta(options: {
  title: string;
  description?: string;
  /** Absolute canonical URL. */
  url?: string;
  image?: string;
  type?: "website" | "product" | "article";
  siteName?: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: options.title }];
  if (options.description) {
    tags.push({ name: "description", content: options.description });
    tags.push({ property: "og:description", content: options.description });
  }
  tags.push({ property: "og:title", content: options.title });
  tags.push({ property: "og:type", content: options.type ?? "website" });
  if (options.siteName) tags.push({ property: "og:site_name", content: options.siteName });
  if (options.url) {
    tags.push({ tagName: "link", rel: "canonical", href: options.url });
    if (!options.noindex) tags.push(...languageAlternates(options.url));
    tags.push({ property: "og:url", content: options.url });
  }
  if (options.image) tags.push({ property: "og:image", content: options.image });
  tags.push({ name: "twitter:card", content: options.image ? "summary_large_image" : "summary" });
  if (options.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON safe to place inside a <script> element (structured data, React Router's loader data): the
 * same escapes React Router writes, so no "</script>" or "<!--" and no raw line separators.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

const DEFAULT_STORE = { storeName: "Budz Boutique", publicUrl: "" };

/** The store name and public URL from the storefront layout's data, for a route's meta(). */
export function storeFromMatches(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): { storeName: string; publicUrl: string } {
  const layout = matches.find((m) => m?.id === "routes/store/layout")?.data as
    { storeName?: string; publicUrl?: string } | undefined;
  return {
    storeName: layout?.storeName ?? DEFAULT_STORE.storeName,
    publicUrl: layout?.publicUrl ?? DEFAULT_STORE.publicUrl,
  };
}
