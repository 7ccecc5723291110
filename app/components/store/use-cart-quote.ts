import { useEffect, useState } from "react";
import { cartLines, refreshPrices, updateCart, type CartItem } from "~/lib/cart";
import type { Locale } from "~/lib/i18n/locale";
import { useLocale } from "~/lib/i18n/use-locale";
import type { Totals } from "~/lib/pricing";
import type { CartQuote } from "~/server/orders/cart-quote.server";

export type { CartQuote };

/** Where the order goes and how, as far as the checkout knows yet. */
export interface QuoteDestination {
  province?: string | null;
  postalCode?: string | null;
  method?: string | null;
}

/**
 * Builds the quote URL for a cart (and a promo code to check, the province to tax for, the postal
 * code and method that choose the delivery fee). On a French page the quote's names and messages
 * are French (`locale=fr`: the quote has no /fr path of its own).
 */
export function quoteUrl(
  cart: CartItem[],
  code?: string | null,
  destination: QuoteDestination = {},
  locale: Locale = "en",
): string {
  const params = new URLSearchParams({ items: JSON.stringify(cartLines(cart)) });
  if (code !== undefined && code !== null) params.set("code", code);
  for (const key of ["province", "postalCode", "method"] as const) {
    const value = destination[key];
    if (value) params.set(key, value);
  }
  if (locale !== "en") params.set("locale", locale);
  return `/cart/quote?${params}`;
}

export function fetchQuote(
  cart: CartItem[],
  code?: string | null,
  locale: Locale = "en",
): Promise<CartQuote> {
  return fetchQuoteAt(quoteUrl(cart, code, {}, locale));
}

async function fetchQuoteAt(url: string, signal?: AbortSignal): Promise<CartQuote> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`quote failed: ${response.status}`);
  return (await response.json()) as CartQuote;
}

export type QuotedLine = CartQuote["lines"][number];

/** A quoted line the server can price (it exists and is on sale); undefined otherwise. */
export function pricedLine(line: QuotedLine | undefined) {
  return line && line.status !== "unavailable" ? line : undefined;
}

/**
 * The quote's totals, or null when the code it was priced with is no longer applied (removed, or
 * refused at checkout) and a new quote is on its way: its discount and the taxes on it no longer
 * hold, and only the server can total the order without them.
 */
export function quoteTotals(quote: CartQuote, appliedCode: string | null): Totals | null {
  return appliedCode || !quote.coupon ? quote.totals : null;
}

/**
 * The cart priced by the server, refreshed whenever items, quantities, the promo code or the
 * destination (the province's taxes, the method's fee) change.
 * The server's names and prices are copied back into the stored cart, so a stale or edited price in
 * local storage never survives a refresh.
 */
export function useCartQuote(
  cart: CartItem[],
  code: string | null,
  enabled = true,
  destination: QuoteDestination = {},
) {
  const locale = useLocale();
  const [quote, setQuote] = useState<CartQuote | null>(null);
  const [failed, setFailed] = useState(false);
  const key = enabled && cart.length > 0 ? quoteUrl(cart, code, destination, locale) : null;

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchQuoteAt(key, controller.signal)
        .then((next) => {
          setQuote(next);
          setFailed(false);
          updateCart((current) =>
            refreshPrices(
              current,
              next.lines.flatMap((l) => pricedLine(l) ?? []),
            ),
          );
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) {
            setFailed(true);
            console.warn("Could not refresh the cart", error);
          }
        });
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  // A quote answers the cart it was made for; while a newer one loads, the old one is still shown.
  return { quote: key ? quote : null, loading: !!key && quote === null, failed };
}
