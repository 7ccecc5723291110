import { z } from "zod";
import type { Route } from "./+types/cart-quote";
import { CartLinesSchema } from "~/schemas/checkout";
import { plainText } from "~/schemas/text";
import { quoteCart } from "~/server/orders/cart-quote.server";
import { normalizePostalCode, PROVINCE_CODES } from "~/lib/address";
import { FULFILMENT_CHOICE } from "~/lib/fulfilment";
import { defaultShippingProvince } from "~/server/accounts/addresses.server";
import { isLocale } from "~/lib/i18n/locale";

const QuoteQuery = z.object({
  items: z
    .string()
    .max(8000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "items must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(CartLinesSchema),
  code: plainText(100).optional(),
  province: z.enum(PROVINCE_CODES).optional(),
  postalCode: z
    .string()
    .max(10)
    .optional()
    .transform((v) => (v ? (normalizePostalCode(v) ?? undefined) : undefined)),
  // A method, or a live Canada Post service of the parcel method ("parcel:DOM.EP").
  method: z.string().regex(FULFILMENT_CHOICE).optional().catch(undefined),
});

/**
 * GET /cart/quote?items=[{id,quantity}]&code=X&province=BC&postalCode=V6B1A1&method=parcel: the
 * cart priced by the server (current prices, stock, promo code check, the ways to receive it there
 * and totals). Read-only, so a GET; the drawer and checkout refresh from it. `locale=fr` (the page
 * asking is French; this route has no /fr path of its own) writes names and messages in French.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = QuoteQuery.safeParse({
    items: params.get("items") ?? "",
    code: params.get("code") ?? undefined,
    province: params.get("province") || undefined,
    postalCode: params.get("postalCode") || undefined,
    method: params.get("method") || undefined,
  });
  if (!parsed.success) {
    return Response.json(
      { message: parsed.error.issues[0]?.message ?? "Invalid cart" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  // Taxes need a province: the checkout's choice, else a signed-in shopper's default address.
  const province = parsed.data.province ?? (await defaultShippingProvince(request));
  const locale = params.get("locale");
  const quote = await quoteCart({
    lines: parsed.data.items,
    couponCode: parsed.data.code,
    province,
    postalCode: parsed.data.postalCode,
    method: parsed.data.method,
    locale: isLocale(locale) ? locale : "en",
  });
  return Response.json(quote, { headers: { "Cache-Control": "no-store" } });
}
