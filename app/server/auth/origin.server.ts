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

const SET_TRUST_PROXY = "Set TRUST_PROXY=1 (the number of proxies in front of the server)";

/**
 * PUBLIC_URL on https means a TLS proxy in front (the server itself speaks plain http). Without
 * TRUST_PROXY the server ignores the proxy's X-Forwarded-Proto, sees every request as http, and
 * React Router refuses every form post whose https Origin does not match it (400): said at start.
 */
export function proxyWarning(settings = config()): string | null {
  if (!settings.PUBLIC_URL?.startsWith("https:") || settings.TRUST_PROXY > 0) return null;
  return `PUBLIC_URL is ${settings.publicUrl} but TRUST_PROXY is not set: behind a TLS proxy every admin form will be refused. ${SET_TRUST_PROXY} and restart.`;
}

const UNTRUSTED_PROXY_REFUSAL = `This form was refused: the page is on https, but the server saw the request arrive over plain http and TRUST_PROXY is not set, so it cannot tell it came through your TLS proxy. ${SET_TRUST_PROXY} and restart the store.`;

/**
 * The refusal of a form post that came through a TLS proxy the server does not trust: its Origin is
 * https, the request reached the server as http, TRUST_PROXY is unset, and it names this site (the
 * Host it was sent to, PUBLIC_URL, or a proxy's X-Forwarded-Proto). Null for anything else, so a
 * post from another site keeps its plain refusal.
 */
export function untrustedProxyRefusal(
  request: {
    method: string;
    protocol: string;
    origin?: string;
    host?: string;
    forwardedProto?: string;
  },
  settings = config(),
): string | null {
  if (settings.TRUST_PROXY > 0 || request.protocol !== "http") return null;
  // The methods React Router checks the Origin of.
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(request.method)) return null;
  let origin: URL;
  try {
    origin = new URL(request.origin ?? "");
  } catch {
    return null;
  }
  if (origin.protocol !== "https:") return null;
  const thisSite =
    origin.host === request.host ||
    (settings.PUBLIC_URL !== undefined && origin.origin === new URL(settings.publicUrl).origin) ||
    /^\s*https\b/i.test(request.forwardedProto ?? "");
  return thisSite ? UNTRUSTED_PROXY_REFUSAL : null;
}
