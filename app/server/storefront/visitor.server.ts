import { AGE_COOKIE } from "~/lib/age-gate";
import { ANNOUNCEMENT_DISMISSED_COOKIE, parseDismissed } from "~/lib/announcement";
import { readCookie } from "~/lib/cookies";
import { config } from "../config.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./page-cache-key.server";

/** What the storefront knows about a visitor from the request alone. */
export function visitorState(request: Request) {
  const cookies = request.headers.get("Cookie");
  const geoHeader = config().GEO_COUNTRY_HEADER;
  const country = geoHeader ? request.headers.get(geoHeader) : undefined;
  return {
    ageVerified: readCookie(cookies, AGE_COOKIE) === "true",
    /** Outside Canada according to the configured geo header; no header means unknown, allowed. */
    restricted: isRestrictedCountry(country),
    dismissedAnnouncements: parseDismissed(readCookie(cookies, ANNOUNCEMENT_DISMISSED_COOKIE)),
  };
}

/** Outside Canada according to the configured geo header's value (none: unknown, allowed). */
export function isRestrictedCountry(value: string | null | undefined): boolean {
  const country = value?.trim().toUpperCase();
  return Boolean(country) && country !== "CA";
}

/**
 * Public storefront pages: shared caches (a CDN) may keep them for the page cache's bound
 * (PAGE_CACHE_TTL_SECONDS), never longer, so a sold-out product cannot look in stock for more
 * than that; browsers always revalidate. The HTML depends on the age and announcement cookies and
 * on the geo header, so those are in Vary. A request with a session gets `private, no-store`
 * instead (server/app.ts's page cache middleware).
 */
export function publicPageHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: pageVary() };
}

/** Vary for storefront pages: the cookies, and the geo header when one is configured. */
export function pageVary(): string {
  const geoHeader = config().GEO_COUNTRY_HEADER;
  return geoHeader ? `Cookie, ${geoHeader}` : "Cookie";
}
