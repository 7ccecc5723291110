import { LOCALE_TAGS, type Locale } from "~/lib/i18n/locale";

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/** Formats integer cents as each language writes dollars: "$2,499.50" or "2 499,50 $". */
export function formatMoney(cents: number, locale: Locale = "en"): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: "currency",
      currency: "CAD",
      currencyDisplay: "narrowSymbol",
    });
    moneyFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

/** Formats cents as prose does: "$200" (or "200 $") for whole dollars, "$19.50" otherwise. */
export function formatMoneyInText(cents: number, locale: Locale = "en"): string {
  const text = formatMoney(cents, locale);
  return cents % 100 === 0 ? text.replace(/[.,]00(?=\D*$)/, "") : text;
}

/** Parses "12.5", "$1,234.50" or 12.5 to cents; anything non-numeric becomes 0. */
export function parseMoneyToCents(value: unknown): number {
  const text =
    typeof value === "number" ? String(value) : String(value ?? "").replace(/[$,\s]/g, "");
  const amount = Number(text);
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0;
}

/**
 * Dollars typed by staff ("20", "12.5", "$1,234.50") to cents, or null when it is not an amount
 * (at most 7 digits before the point and 2 after; never negative).
 */
export function typedDollarsToCents(value: string): number | null {
  const compact = value.replace(/[$,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}
