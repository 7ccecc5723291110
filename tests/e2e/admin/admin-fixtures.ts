import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { expect, test as base } from "../fixtures";

export { E2E_ADMIN, expect };

export async function signIn(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/budzadmin");
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Checking the password is CPU work by design (argon2id): on a busy machine it takes seconds.
  await expect(page.getByText(`Welcome back, ${credentials.username}`)).toBeVisible({
    timeout: 30_000,
  });
}

/** `adminPage`: a page signed in as the e2e owner, on the Overview. */
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, provide) => {
    await signIn(page);
    await provide(page);
  },
});

/** The admin sidebar (desktop) link to a screen. */
export function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Admin sections", exact: true });
}

/** A screen's stat cards, read from their accessible names ("Success Rate: 100%"). */
export async function expectCards(page: Page, cards: Record<string, string>) {
  for (const [label, value] of Object.entries(cards))
    await expect(
      page.getByRole("group", { name: `${label}: ${value}`, exact: true }),
    ).toBeVisible();
}

/** Full-page screenshots into the folder named by the environment variable, when it is set. */
export function screenshots(variable: string) {
  const folder = process.env[variable];
  return async (page: Page, name: string) => {
    if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  };
}
