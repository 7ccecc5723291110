import { AGE_COOKIE } from "~/lib/age-gate";
import { ANNOUNCEMENT_DISMISSED_COOKIE, parseDismissed } from "~/lib/announcement";
import { unlocalizedPath } from "~/lib/i18n/locale";

/**
 * Which requests the shared page cache may answer, and under which key. Pure rules (no database),
 * so they are unit-tested on their own.
 */

/** How long a cached page (and a CDN's copy) is kept at most when nothing invalidates it. */
export const PAGE_CACHE_TTL_SECONDS = 60;

/** The Cache-Control of the cacheable variant: browsers revalidate (ETag), shared caches keep it. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_CACHE_TTL_SECONDS}`;
/** Anything answered to a request carrying a session (or any cookie the cache does not know). */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Cookies that change a cached page, and so are part of its key. Any other cookie (the shopper's
 * and the admin's sessions, the admin's flash, a cookie this list does not know yet) bypasses the
 * cache: a cookie added later must be listed here before pages with it are shared.
 */
const PAGE_KEY_COOKIES = [AGE_COOKIE, ANNOUNCEMENT_DISMISSED_COOKIE] as const;

/** Query parameters the listing pages read; any other parameter bypasses the cache. */
const LISTING_PARAMS = ["sort", "max", "view", "after", "before", "page"];
/** Campaign tags: they do not change the page, but rendered links may carry them, so they key it. */
const CAMPAIGN_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];
/** React Router's data requests name the routes they want. */
const DATA_PARAMS = ["_routes"];

const CONTENT_PATHS = new Set(["/about", "/contact", "/privacy", "/faq"]);
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;
/** /sitemap.xml and the files it lists (documents only: they have no .data variant). */
const SITEMAP = /^\/(sitemap\.xml|sitemaps\/[a-z0-9-]{1,40}\.xml)$/;

/** The query parameters a storefront path may be cached with, or undefined when it is not cached. */
function cacheableParams(pathname: string): string[] | undefined {
  if (pathname === "/" || CONTENT_PATHS.has(pathname)) return [];
  if (pathname === "/products") return LISTING_PARAMS;
  const [, first, slug, extra] = pathname.split("/");
  if (extra !== undefined || !slug || !SLUG.test(slug)) return undefined;
  if (first === "category") return LISTING_PARAMS;
  if (first === "products") return [];
  return undefined;
}

type CacheDecision =
  | { cacheable: true; key: string }
  | {
      cacheable: false;
      reason: "method" | "path" | "query" | "cookie" | "restricted";
      /** A session or unknown cookie came with the request: the answer must stay private. */
      privateAnswer: boolean;
    };

function parseCookies(header: string | undefined): Map<string, string> | undefined {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    const name = (eq > 0 ? part.slice(0, eq) : part).trim();
    if (!name) continue;
    if (cookies.has(name)) return undefined; // the same cookie twice: ambiguous, do not share
    cookies.set(name, eq > 0 ? part.slice(eq + 1).trim() : "");
  }
  return cookies;
}

function decodeCookie(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Decides whether a request may be answered from the shared cache. The key is the path (so the
 * language: French pages live under /fr), the
 * allowed query parameters sorted, whether the age gate was passed and (on Home, the only page
 * with the announcement bar) the dismissed announcements.
 */
export function pageCacheDecision(request: {
  method: string;
  url: string;
  cookie?: string;
  /** Outside Canada by the geo header: the Restricted screen, never a cached page. */
  restricted?: boolean;
}): CacheDecision {
  const cookies = parseCookies(request.cookie);
  const privateAnswer =
    !cookies ||
    [...cookies.keys()].some((name) => !(PAGE_KEY_COOKIES as readonly string[]).includes(name));
  if (request.method !== "GET") return { cacheable: false, reason: "method", privateAnswer };
  if (privateAnswer) return { cacheable: false, reason: "cookie", privateAnswer };
  if (request.restricted) return { cacheable: false, reason: "restricted", privateAnswer };

  let url: URL;
  try {
    url = new URL(request.url, "http://store.invalid");
  } catch {
    return { cacheable: false, reason: "path", privateAnswer };
  }
  let pathname = url.pathname;
  const dataRequest = pathname.endsWith(".data");
  if (dataRequest) pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -5);
  // A French page (/fr/…) is cached like its English one, under its own path (the key's language).
  const page = unlocalizedPath(pathname);
  const allowed =
    cacheableParams(page) ?? (SITEMAP.test(pathname) && !dataRequest ? [] : undefined);
  if (!allowed) return { cacheable: false, reason: "path", privateAnswer };

  const names = [...url.searchParams.keys()];
  const permitted = new Set([...allowed, ...CAMPAIGN_PARAMS, ...(dataRequest ? DATA_PARAMS : [])]);
  if (names.some((name) => !permitted.has(name)) || new Set(names).size !== names.length)
    return { cacheable: false, reason: "query", privateAnswer };
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");

  const age = decodeCookie(cookies.get(PAGE_KEY_COOKIES[0]) ?? "") === "true" ? "adult" : "gate";
  const dismissed =
    page === "/"
      ? parseDismissed(decodeCookie(cookies.get(PAGE_KEY_COOKIES[1]) ?? ""))
          .sort()
          .join(",")
      : "";
  const key = `${url.pathname}${query ? `?${query}` : ""}|${age}|${dismissed}`;
  return { cacheable: true, key };
}
