import { AGE_COOKIE } from "~/lib/age-gate";
import { ANNOUNCEMENT_DISMISSED_COOKIE, parseDismissed } from "~/lib/announcement";
import { readCookie } from "~/lib/cookies";
import { config } from "../config.server";

/** What the storefront knows about a visitor from the request alone. */
export function visitorState(request: Request) {
  const cookies = request.headers.get("Cookie");
  const geoHeader = config().GEO_COUNTRY_HEADER;
  const country = geoHeader ? request.headers.get(geoHeader)?.trim().toUpperCase() : undefined;
  return {
    ageVerified: readCookie(cookies, AGE_COOKIE) === "true",
    /** Outside Canada according to the configured geo header; no header means unknown, allowed. */
    restricted: Boolean(country) && country !== "CA",
    dismissedAnnouncements: parseDismissed(readCookie(cookies, ANNOUNCEMENT_DISMISSED_COOKIE)),
  };
}

/**
 * Public storefront pages: shared caches (a CDN) may keep them for a minute and serve them stale
 * while refreshing; browsers always revalidate. The HTML depends on the age and announcement
 * cookies and on the geo header, so those are in Vary.
 */
export function publicPageHeaders(): HeadersInit {
  const geoHeader = config().GEO_COUNTRY_HEADER;
  return {
    "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    Vary: geoHeader ? `Cookie, ${geoHeader}` : "Cookie",
  };
}
