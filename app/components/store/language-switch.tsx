import { Languages } from "lucide-react";
import { useLocation } from "react-router";
import { LOCALE_NAMES, LOCALE_TAGS, localizePath, type Locale } from "~/lib/i18n/locale";
import { useLocale } from "~/lib/i18n/use-locale";
import { rememberLocaleChoice } from "~/lib/language-suggestion";

/** The other language of a page. */
export function otherLocale(locale: Locale): Locale {
  return locale === "fr" ? "en" : "fr";
}

/** The page shown (path and query) in another language: "/products?sort=x" → "/fr/products?sort=x". */
export function usePathIn(locale: Locale): string {
  const location = useLocation();
  return localizePath(location.pathname + location.search, locale);
}

/**
 * The same page in the other language, named in itself ("Français" on English pages, "English" on
 * French ones). A plain link: it works without JavaScript and loads the page whole (its <html
 * lang> included). Following it also counts as a choice: the browser-language bar stops offering.
 */
export function LanguageSwitch({
  className = "",
  iconClassName,
}: {
  className?: string;
  /** Shows the languages icon before the name, with these classes. */
  iconClassName?: string;
}) {
  const target = otherLocale(useLocale());
  const href = usePathIn(target);
  const tag = LOCALE_TAGS[target];
  return (
    <a
      href={href}
      lang={tag}
      hrefLang={tag}
      onClick={() => rememberLocaleChoice(target)}
      className={className}
      data-testid="language-switch"
    >
      {iconClassName ? <Languages className={iconClassName} aria-hidden="true" /> : null}
      {LOCALE_NAMES[target]}
    </a>
  );
}
