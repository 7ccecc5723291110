import type { Page } from "@playwright/test";
import { screenshots } from "../admin/admin-screen";
import { AGE_COOKIE } from "../fixtures";
import { expect, test } from "./long-name-store";

/**
 * Every storefront page fits a phone's width with the longest store name Settings takes and a wide
 * logo: nothing wider than the screen (the page does not scroll sideways, no element reaches past
 * its right edge), and the header's account and cart buttons stay on screen.
 */

/**
 * The narrowest phone width in common use. No breakpoint lies between it and other phones' widths
 * (the first is 640 px), so a page that fits at 360 px fits at 390 px too.
 */
const WIDTHS = [360] as const;

/** The page's h1 (every storefront page has one), once it is on screen. */
async function opened(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("h1").first()).toBeVisible();
}

const shot = screenshots("PHONE_SHOTS");

/** Fails naming the page and the elements that reach past the right edge of the screen. */
async function expectFits(page: Page, what: string) {
  await shot(page, `${page.viewportSize()!.width}${what.replace(/[^a-z0-9]+/gi, "-")}`);
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const past = [...document.querySelectorAll("body *")]
      .filter((element) => {
        // Decoration (aria-hidden) may be cropped by its section; content may not.
        if (element.closest('[aria-hidden="true"]')) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > width + 1;
      })
      .slice(0, 5)
      .map((element) => {
        const label = element.getAttribute("aria-label") ?? element.textContent ?? "";
        return `<${element.tagName.toLowerCase()}> ${label.trim().slice(0, 40)} (right ${Math.round(element.getBoundingClientRect().right)})`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, width, past };
  });
  expect(overflow.past, `${what}: elements past the right edge`).toEqual([]);
  expect(overflow.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(overflow.width);
}

/** The header's account and cart buttons, wholly on screen. */
async function expectHeaderFits(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "My Account" }).last()).toBeInViewport({
    ratio: 1,
  });
  await expect(header.getByRole("button", { name: /^Cart/ })).toBeInViewport({ ratio: 1 });
}

async function visitAll(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await opened(page, path);
    await expectFits(page, path);
    if (!path.startsWith("/unsubscribe")) await expectHeaderFits(page);
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("catalogue, search, content and error pages fit", async ({ page }) => {
      await visitAll(page, [
        "/",
        "/products",
        "/category/flowers",
        "/products/gallery-kush",
        "/products/long-name",
        "/search?q=northern",
        "/search?q=nothing-matches-this",
        "/about",
        "/contact",
        "/privacy",
        "/faq",
        "/no-such-page",
        "/unsubscribe/not-a-real-token",
      ]);
      // The header shortens the name rather than widening the page; the full name stays its label.
      await opened(page, "/");
      await expect(
        page.getByRole("banner").getByRole("link", { name: /^Northern Leaf Cannabis Boutique/ }),
      ).toBeVisible();
    });

    test("the cart drawer, checkout and the order pages fit", async ({ page, store }) => {
      await opened(page, "/products/long-name");
      await page.getByRole("button", { name: "Add to Cart" }).first().click();
      const drawer = page.getByRole("dialog", { name: /Your Cart/ });
      await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
      await expect(drawer.getByRole("button", { name: "Apply" })).toBeInViewport({ ratio: 1 });
      await expect(drawer.getByRole("button", { name: "Close cart" })).toBeInViewport({
        ratio: 1,
      });
      await expectFits(page, "cart drawer");
      await drawer.getByRole("button", { name: "Close cart" }).click();

      await visitAll(page, ["/checkout", `/orders/${store.orderToken}`, "/order-lookup"]);
    });

    test("a signed-in shopper's account pages fit", async ({ page, context, store }) => {
      await context.addCookies([{ ...store.shopperCookie, url: store.url }]);
      await visitAll(page, [
        "/account",
        "/account/orders",
        `/account/orders/${store.orderNumber}`,
        "/account/addresses",
        "/account/addresses/new",
        "/account/settings",
      ]);
      await context.clearCookies();
      await context.addCookies([{ ...AGE_COOKIE, url: store.url }]);
      await visitAll(page, ["/account/sign-in", "/account/sign-up", "/account/forgot-password"]);
    });

    test("the age gate and the Restricted screen fit", async ({
      unverifiedPage,
      browser,
      store,
    }) => {
      await unverifiedPage.setViewportSize({ width, height: 800 });
      await unverifiedPage.goto("/");
      await expect(unverifiedPage.getByRole("dialog")).toBeVisible();
      await expectFits(unverifiedPage, "age gate");

      const abroad = await browser.newContext({
        baseURL: store.url,
        viewport: { width, height: 800 },
        extraHTTPHeaders: { "x-test-country": "US" },
      });
      const restricted = await abroad.newPage();
      await restricted.goto("/");
      await expect(restricted.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
      await expectFits(restricted, "restricted");
      await abroad.close();
    });
  });
}

test("the header fits the long name beside the full menu on a laptop and a desktop", async ({
  page,
}) => {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await opened(page, "/");
    await expectFits(page, "home");
    await expectHeaderFits(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeInViewport({ ratio: 1 });
  }
});
