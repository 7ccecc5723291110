import { preferredLocale, type Locale } from "./i18n/locale";

/**
 * The browser-language suggestion (the bar offering the other language on a first visit): decided
 * in the browser only, after hydration, so cached pages stay the same for everyone. It never
 * redirects; a choice (following the bar or the language switch, or dismissing the bar) is kept in
 * local storage and the bar is not offered again.
 */
export const PREFERRED_LOCALE_KEY = "preferredLocale";

/**
 * The language to suggest on a page: the browser's preferred one among ours when it is not the
 * page's, unless the visitor has already chosen (anything stored). Undefined: suggest nothing.
 */
export function suggestedLocale(
  pageLocale: Locale,
  browserLanguages: readonly string[] | undefined,
  storedChoice: string | null,
): Locale | undefined {
  if (storedChoice !== null && storedChoice !== "") return undefined;
  const preferred = preferredLocale(browserLanguages?.join(","));
  return preferred && preferred !== pageLocale ? preferred : undefined;
}

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(PREFERRED_LOCALE_KEY);
  } catch {
    // Storage refused (privacy settings): count it as chosen, so the bar never nags.
    return "unknown";
  }
}

/** In the browser: the language to suggest on a page in `pageLocale`. */
export function browserSuggestion(pageLocale: Locale): Locale | undefined {
  const { languages, language } = window.navigator;
  return suggestedLocale(pageLocale, languages?.length ? languages : [language], storedChoice());
}

/** In the browser: remembers the visitor's language choice (never suggested again). */
export function rememberLocaleChoice(locale: Locale): void {
  try {
    window.localStorage.setItem(PREFERRED_LOCALE_KEY, locale);
  } catch {
    // Nothing to keep it in: the bar may be offered again on the next visit.
  }
}
