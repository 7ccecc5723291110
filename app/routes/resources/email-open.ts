import type { Route } from "./+types/email-open";
import { recordEmailOpen } from "~/server/marketing/campaign-tracking.server";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** The open pixel of a campaign email: records the recipient's first open. */
export async function loader({ params }: Route.LoaderArgs) {
  const known = await recordEmailOpen(params.token);
  if (!known)
    return new Response("Unknown tracking link.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(PIXEL, {
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      "Cache-Control": "no-store, max-age=0",
    },
  });
}
