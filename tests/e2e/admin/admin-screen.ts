import { expect, type Page } from "@playwright/test";

// What the admin specs do on every screen: open it, read its cards, rows and toasts, answer its
// confirmation, and (when asked) keep screenshots for a person to look at.

/** The admin sidebar (desktop). */
export function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Admin sections", exact: true });
}

/**
 * Opens a screen from the sidebar (desktop width), from the Overview when the page is still blank,
 * and waits for its title (the h1).
 */
export async function openFromSidebar(page: Page, link: string, title: string) {
  if (page.url() === "about:blank") await page.goto("/budzadmin/dashboard");
  await sidebar(page).getByRole("link", { name: link, exact: true }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

/** Opens a screen by its URL and waits for its title (the h1). */
export async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

/** The toast (a status message) with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").filter({ hasText: text });
}

/** The table rows holding this text (a name, an order number). */
export function rowsWith(page: Page, text: string | RegExp) {
  return page.getByRole("row").filter({ hasText: text });
}

/** The confirmation dialog ("Are you sure…?"), by its title when given. */
export function confirmDialog(page: Page, name?: string) {
  return page.getByRole("alertdialog", name ? { name } : undefined);
}

/** A screen's stat cards, read from their accessible names ("Success Rate: 100%"). */
export async function expectCards(page: Page, cards: Record<string, string>) {
  for (const [label, value] of Object.entries(cards))
    await expect(
      page.getByRole("group", { name: `${label}: ${value}`, exact: true }),
    ).toBeVisible();
}

/**
 * Full-page screenshots into the folder named by the environment variable, when it is set (for a
 * person to look at); with `widths`, one per width, named `name-width.png`.
 */
export function screenshots(variable: string, options: { widths?: number[] } = {}) {
  const folder = process.env[variable];
  return async (page: Page, name: string) => {
    if (!folder) return;
    if (!options.widths) {
      await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
      return;
    }
    const viewport = page.viewportSize();
    for (const width of options.widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    }
    if (viewport) await page.setViewportSize(viewport);
  };
}
