import type { Route } from "./+types/audience";
import { parseListQuery } from "~/schemas/admin-list";
import { AudienceQuerySchema } from "~/schemas/campaigns";
import { countAudience } from "~/server/marketing/mailing.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("marketing")];

/** The compose form's live recipient count for the chosen audience. */
export async function loader({ request }: Route.LoaderArgs) {
  const { audience, days } = parseListQuery(request.url, AudienceQuerySchema);
  const count = await countAudience(
    audience === "ordered-within" ? { kind: audience, days } : { kind: audience },
  );
  return Response.json({ count }, { headers: { "Cache-Control": "no-store" } });
}
