import { useMemo } from "react";
import { useLocation } from "react-router";
import { formatMoney, formatMoneyInText } from "~/lib/money";
import { localeOfPath, localizePath, type Locale } from "./locale";
import { translator, type Catalogue, type Messages, type Translate } from "./translate";

/** The language of the page shown: from its path (/fr/… is French). */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** An area's messages in the page's language. */
export function useT<M extends Messages>(catalogue: Catalogue<M>): Translate<M> {
  const locale = useLocale();
  return useMemo(() => translator(catalogue, locale), [catalogue, locale]);
}

/** Site paths in the page's language: "/products" → "/fr/products" on a French page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useMemo(() => (path: string) => localizePath(path, locale), [locale]);
}

/** Money written the page's language's way. */
export function useMoney(): {
  money: (cents: number) => string;
  moneyInText: (cents: number) => string;
} {
  const locale = useLocale();
  return useMemo(
    () => ({
      money: (cents: number) => formatMoney(cents, locale),
      moneyInText: (cents: number) => formatMoneyInText(cents, locale),
    }),
    [locale],
  );
}
