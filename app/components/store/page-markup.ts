/**
 * The classes the storefront wraps editable page HTML in. The store's home and content pages and
 * the Page Editor's preview all use these, so the preview looks exactly like the store.
 */
export const HOME_HERO_CLASS =
  "relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white";
export const HOME_HERO_INNER_CLASS = "relative mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-28";
/** The home page's introduction block (what "Home" edits). */
export const HOME_INTRO_CLASS =
  "max-w-2xl [&_h1]:text-4xl [&_h1]:font-bold [&_h1]:tracking-tight md:[&_h1]:text-5xl [&_p]:mt-5 [&_p]:text-lg [&_p]:leading-8 [&_p]:text-brand-100";

export const CONTENT_PAGE_CLASS = "mx-auto max-w-7xl px-4 py-12 sm:px-6";
export const CONTENT_ARTICLE_CLASS = "mx-auto max-w-3xl";
export const CONTENT_TITLE_CLASS = "text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl";
export const CONTENT_BODY_CLASS = "prose-content mt-8";
