import { data } from "react-router";
import { config } from "../config.server";

/**
 * True when a state-changing request comes from this site: its Origin header (sent by browsers on
 * every POST) names this server or PUBLIC_URL. A missing Origin is refused too.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return false;
  return origin === new URL(request.url).origin || origin === new URL(config().publicUrl).origin;
}

/** Refuses cross-site form posts (and fetches) with 403 before anything else runs. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) {
    throw data(
      { message: "This request came from another site and was refused." },
      { status: 403 },
    );
  }
}
