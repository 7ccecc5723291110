import type { Locale } from "~/lib/i18n/locale";

/**
 * The age gate (docs/product/storefront.md#age-gate): remembered in this cookie (so the server
 * renders no gate) and in local storage.
 */
export const AGE_COOKIE = "age_verified";
export const AGE_STORAGE_KEY = "ageVerified";
export const MINIMUM_AGE = 19;

/** A Government of Canada page about cannabis, in each language, where under-19 visitors are sent. */
export const UNDER_AGE_REDIRECT_URLS: Record<Locale, string> = {
  en: "https://www.canada.ca/en/services/health/campaigns/cannabis.html",
  fr: "https://www.canada.ca/fr/services/sante/campagnes/cannabis.html",
};

/** A year, so a returning adult is not asked on every visit. */
const AGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function ageCookieHeader(secure: boolean): string {
  return `${AGE_COOKIE}=true; ${ageCookieAttributes(secure)}`;
}

export function ageCookieAttributes(secure: boolean): string {
  return `Path=/; Max-Age=${AGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
