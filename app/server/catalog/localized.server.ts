import { sql, type SQL } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { products } from "~/server/db-tables";

/**
 * A product's name and description in the shopper's language: the French text where one was
 * written (not only spaces), else the English one (storefront reads, search results, carts).
 */
export function productNameIn(locale: Locale): SQL<string> {
  return locale === "fr"
    ? sql<string>`coalesce(nullif(btrim(${products.nameFr}), ''), ${products.name})`
    : sql<string>`${products.name}`;
}

export function productDescriptionIn(locale: Locale): SQL<string> {
  return locale === "fr"
    ? sql<string>`coalesce(nullif(btrim(${products.descriptionFr}), ''), ${products.description})`
    : sql<string>`${products.description}`;
}
