import { CANNABIS_LIMIT_MG, summarizeCannabis, type CannabisSummary } from "~/lib/cannabis-limit";
import type { Locale } from "~/lib/i18n/locale";
import type { PricedLine, ResolvedLine } from "./cart-lines.server";

/**
 * The 30 g limit on the server, the authority: the cart quote reports the cart's dried-cannabis
 * equivalent (the meter) and why it cannot be ordered; placing an order refuses it inside the
 * order's transaction, from the lines it has just re-read. Rules: app/lib/cannabis-limit.ts.
 */

/** The quote's figure: every line the store still sells counts, in the quantity asked for. */
export function quoteCannabis(lines: ResolvedLine[], locale: Locale = "en"): CannabisSummary {
  return summarizeCannabis(
    lines.flatMap((l) =>
      l.status === "unavailable"
        ? []
        : [{ name: l.name, quantity: l.quantity, driedMg: l.driedMg }],
    ),
    CANNABIS_LIMIT_MG,
    locale,
  );
}

/** Why an order of these lines must be refused (over 30 g, or an unmeasured item), or null. */
export function cannabisRefusal(lines: PricedLine[], locale: Locale = "en"): string | null {
  return summarizeCannabis(
    lines.map((l) => ({ name: l.name, quantity: l.quantity, driedMg: l.driedMg })),
    CANNABIS_LIMIT_MG,
    locale,
  ).message;
}
