import { test as base, expect, type Page } from "@playwright/test";

/** Values that pass the storefront age gate (see app/lib/age-gate.ts). */
export const AGE_COOKIE = { name: "age_verified", value: "true" };
export const AGE_STORAGE = { key: "ageVerified", value: "true" };

/**
 * Playwright `test` whose browser context has already passed the age gate: the cookie (read by the
 * server, so no gate is rendered) and the local storage flag. Use `unverifiedPage` for a visitor
 * who has not.
 */
export const test = base.extend<{ unverifiedPage: Page }>({
  context: async ({ context, baseURL, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) context.on("page", waitForHydrationOnLoads);
    await context.addCookies([{ ...AGE_COOKIE, url: baseURL! }]);
    await context.addInitScript(
      ([key, value]) => {
        try {
          if (window.localStorage.getItem(key!) === null) window.localStorage.setItem(key!, value!);
        } catch {
          // storage can be unavailable on about:blank
        }
      },
      [AGE_STORAGE.key, AGE_STORAGE.value],
    );
    await provide(context);
  },
  unverifiedPage: async ({ browser, baseURL }, provide) => {
    const context = await browser.newContext({ baseURL });
    context.on("page", waitForHydrationOnLoads);
    const page = await context.newPage();
    await provide(page);
    await context.close();
  },
});

export { expect };

/** Pages whose scripts a test holds back (holdScripts): they stay unhydrated on purpose. */
const scriptsHeld = new WeakSet<Page>();

/**
 * A storefront page fetches its scripts after its first paint (hydrateAfterFirstPaint), so its
 * load event no longer means it is hydrated: in the fixtures' contexts (with scripts on), every
 * page's goto and reload then also wait for the page to be hydrated, as a shopper's tap on a
 * script-only button does (app.css).
 */
function waitForHydrationOnLoads(page: Page) {
  const hydrated = async <T>(response: T): Promise<T> => {
    if (!scriptsHeld.has(page) && (await page.locator("script#hydration-module").count()) > 0) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => hydrated(await goto(...args));
  page.reload = async (...args) => hydrated(await reload(...args));
}

/** The widths the layout-dependent storefront and admin checks run at: a phone and a desktop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Holds the page's scripts back, like a slow connection: the server's HTML shows, unhydrated, until
 * the returned function lets them load.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  scriptsHeld.add(page);
  let release!: () => void;
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scripts;
    await route.continue();
  });
  return release;
}
