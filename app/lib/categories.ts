import type { Locale } from "./i18n/locale";
import { categoryMessages } from "./i18n/messages/categories";
import { translator } from "./i18n/translate";

export interface Category {
  slug: CategorySlug;
  name: string;
  blurb: string;
}

export const CATEGORY_SLUGS = [
  "flowers",
  "concentrates",
  "edibles",
  "vapes",
  "hash",
  "mushrooms",
  "bulk-buy",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** Each category's messages in app/lib/i18n/messages/categories.ts. */
const MESSAGE_KEYS = {
  flowers: { name: "flowersName", blurb: "flowersBlurb" },
  concentrates: { name: "concentratesName", blurb: "concentratesBlurb" },
  edibles: { name: "ediblesName", blurb: "ediblesBlurb" },
  vapes: { name: "vapesName", blurb: "vapesBlurb" },
  hash: { name: "hashName", blurb: "hashBlurb" },
  mushrooms: { name: "mushroomsName", blurb: "mushroomsBlurb" },
  "bulk-buy": { name: "bulkBuyName", blurb: "bulkBuyBlurb" },
} as const satisfies Record<
  CategorySlug,
  { name: keyof typeof categoryMessages.en; blurb: keyof typeof categoryMessages.en }
>;

function categoriesOf(locale: Locale): readonly Category[] {
  const t = translator(categoryMessages, locale);
  return CATEGORY_SLUGS.map((slug) => ({
    slug,
    name: t(MESSAGE_KEYS[slug].name),
    blurb: t(MESSAGE_KEYS[slug].blurb),
  }));
}

const BY_LOCALE: Record<Locale, readonly Category[]> = {
  en: categoriesOf("en"),
  fr: categoriesOf("fr"),
};

/** The categories in English (the admin's, and the storefront's English pages). */
export const CATEGORIES: readonly Category[] = BY_LOCALE.en;

/** The categories, named and described in a language (the storefront's). */
export function categoriesIn(locale: Locale): readonly Category[] {
  return BY_LOCALE[locale];
}

/** A category by its slug, in English unless a language is given. */
export function findCategory(slug: string, locale: Locale = "en"): Category | undefined {
  return BY_LOCALE[locale].find((c) => c.slug === slug);
}
