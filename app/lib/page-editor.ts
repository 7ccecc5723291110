/**
 * The pages the Page Editor changes (docs/product/storefront.md#page-editor), in the order it lists
 * them.
 */
export const EDITABLE_PAGES = [
  { slug: "home", name: "Home", path: "/" },
  { slug: "about", name: "About Us", path: "/about" },
  { slug: "contact", name: "Contact Us", path: "/contact" },
  { slug: "privacy", name: "Privacy Policy", path: "/privacy" },
  { slug: "faq", name: "FAQ", path: "/faq" },
] as const;
export type EditablePageSlug = (typeof EDITABLE_PAGES)[number]["slug"];

/** Longest page HTML accepted (characters), in either language. */
export const MAX_PAGE_HTML = 100_000;
/** Longest French title and description (the browser tab's title, the search engines' summary). */
export const MAX_PAGE_TITLE = 200;
export const MAX_PAGE_DESCRIPTION = 400;

export const UNDO_CONFIRMATION =
  "Are you sure you want to undo all changes? This will revert to the last saved version.";

/** Save indicator: success and error go back to idle after 3 s. */
export const SAVE_STATUS_RESET_MS = 3000;
