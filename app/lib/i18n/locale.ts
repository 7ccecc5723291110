/**
 * The storefront's two languages. English lives at today's URLs; French under /fr/…. The locale of
 * a page comes from its path only (never from Accept-Language), so a URL always shows one language
 * and the page cache needs no Vary.
 */
export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

/** BCP 47 tags for `<html lang>`, hreflang and Intl. */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-CA", fr: "fr-CA" };

/** Each language's name in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" };

const FRENCH_PREFIX = "/fr";

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "fr";
}

/** "fr" for /fr, /fr/… and /fr.data (React Router's data request for /fr); "en" otherwise. */
export function localeOfPath(pathname: string): Locale {
  return pathname === FRENCH_PREFIX ||
    pathname.startsWith(`${FRENCH_PREFIX}/`) ||
    pathname === `${FRENCH_PREFIX}.data`
    ? "fr"
    : "en";
}

/** The English path of a path in either language: /fr/products/x → /products/x, /fr → /. */
export function unlocalizedPath(path: string): string {
  if (path === FRENCH_PREFIX) return "/";
  if (path.startsWith(`${FRENCH_PREFIX}/`)) return path.slice(FRENCH_PREFIX.length);
  if (/^\/fr[?#]/.test(path)) return `/${path.slice(FRENCH_PREFIX.length)}`;
  return path;
}

/**
 * A site path (with any query and hash) in a language: "/products?sort=x" → "/fr/products?sort=x",
 * "/" → "/fr". Anything that is not a site path (a full URL, "#main", "mailto:") is kept.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const english = unlocalizedPath(path);
  if (locale === "en") return english;
  if (english === "/") return FRENCH_PREFIX;
  if (/^\/[?#]/.test(english)) return FRENCH_PREFIX + english.slice(1);
  return FRENCH_PREFIX + english;
}

/**
 * The language a browser asks for first among ours (Accept-Language), or undefined when it names
 * neither. Used only to suggest the other language, never to redirect.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag, ...options] = part.trim().split(";");
      const q = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/** The language of a request's page (its path). */
export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** A stored text in a language: the French one where it was written, else the English one. */
export function inLocale(
  locale: Locale,
  english: string,
  french: string | null | undefined,
): string {
  return locale === "fr" && french?.trim() ? french : english;
}
