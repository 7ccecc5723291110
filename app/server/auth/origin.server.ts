import { config } from "../config.server";
import { errorResponse } from "../http/responses.server";

/**
 * True when a state-changing request comes from this site: its Origin header (sent by browsers on
 * every POST) names PUBLIC_URL when it is set. Without PUBLIC_URL it must name the address the
 * request was made to. A missing Origin is refused too. (The request's own URL is built from the
 * Host and X-Forwarded-Host headers, which a client can write; PUBLIC_URL cannot be forged.)
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return false;
  const settings = config();
  const expected = settings.PUBLIC_URL
    ? new URL(settings.publicUrl).origin
    : new URL(request.url).origin;
  return origin === expected;
}

/** Refuses cross-site form posts (and fetches) with 403 before anything else runs. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) {
    throw errorResponse("This request came from another site and was refused.", 403);
  }
}
