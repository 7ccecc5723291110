import { expect, test } from "./catalog-store";
import type { Page } from "@playwright/test";
import { holdScripts, VIEWPORTS } from "../fixtures";

/**
 * Add to Cart opens the cart drawer, a modal dialog that hides the rest of the page from assistive
 * technology: check the count there, close it, then check the header's cart button.
 */
async function expectCartCount(page: Page, count: number) {
  const label = `${count} ${count === 1 ? "item" : "items"}`;
  const drawer = page.getByRole("dialog", { name: `Your Cart ${label}` });
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: `Cart, ${label}` })).toBeEnabled();
}

// Runs on its own store seeded by seed-catalog.ts: "Gallery Kush" has three pictures and sizes
// 1g $6.00 (sold out), 3.5g $18.00 (5 left), 7g $34.00 (8 left).

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${width}`, () => {
    test.use({ viewport });

    test("product page: first size in stock chosen, sizes drive price and stock, gallery, Add to Cart", async ({
      page,
    }) => {
      await page.goto("/products/gallery-kush");
      await expect(page.getByRole("heading", { name: "Gallery Kush", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle("Gallery Kush | Budz Boutique");
      await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();

      const main = page.getByRole("main");
      const sizes = main.getByRole("group", { name: "Size" }).first();
      const price = main.getByRole("status", { name: "Price" });
      const addToCart = main.getByRole("button", { name: "Add to Cart" }).first();
      // The 1g is sold out: the page starts on the first size in stock.
      await expect(sizes.getByRole("radio", { name: "3.5g" })).toBeChecked();
      await expect(price).toHaveText("$18.00");
      await expect(main.getByText("5 available")).toBeVisible();
      await expect(addToCart).toBeEnabled();
      // Potency follows the chosen size, as the package reads.
      await expect(main.getByText("Indica · THC 220 mg/g", { exact: true })).toBeVisible();

      await sizes.getByText("7g", { exact: true }).click();
      await expect(price).toHaveText("$34.00");
      await expect(main.getByText("Indica · THC 240 mg/g", { exact: true })).toBeVisible();
      await expect(main.getByText("8 available")).toBeVisible();

      await sizes.getByText("1g", { exact: true }).click();
      await expect(price).toHaveText("$6.00");
      await expect(main.getByText("Currently unavailable in this size")).toBeVisible();
      await expect(main.getByText("Out of Stock").first()).toBeVisible();
      await expect(addToCart).toBeDisabled();

      // Gallery: three pictures; a thumbnail swaps the main image.
      const thumbs = main.getByRole("button", { name: /^Show image \d of 3$/ });
      await expect(thumbs).toHaveCount(3);
      const picture = main.getByRole("img", { name: "Gallery Kush" });
      const before = await picture.getAttribute("src");
      await thumbs.nth(1).click();
      await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
      await expect(picture).not.toHaveAttribute("src", before!);

      // Two of the 3.5g.
      await sizes.getByText("3.5g", { exact: true }).click();
      await main.getByRole("button", { name: "Increase quantity" }).click();
      await addToCart.click();
      await expectCartCount(page, 2);
      const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
      expect(cart).toHaveLength(1);
      expect(cart[0]).toMatchObject({ name: "Gallery Kush (3.5g)", price: 18, quantity: 2 });
      expect(cart[0].id).toMatch(/^[0-9a-f-]{36}_[0-9a-f-]{36}$/);
    });

    test("a card starts on the first size in stock: never an Out of Stock card for an in-stock product", async ({
      page,
    }) => {
      for (const path of ["/", "/category/flowers"]) {
        await page.goto(path);
        const card = page.getByRole("article").filter({
          has: page.getByRole("heading", { name: "Gallery Kush" }),
        });
        await expect(card.getByRole("radio", { name: "3.5g" })).toBeChecked();
        await expect(card.getByText("$18.00")).toBeVisible();
        await expect(card.getByText("Low Stock")).toBeVisible();
        await expect(card.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
      }
      // Home's "in stock and ready to ship" section shows no Out of Stock card at all.
      await page.goto("/");
      const featured = page.locator("#featured");
      await expect(featured.getByRole("article")).toHaveCount(2);
      await expect(featured.getByText("Out of Stock")).toHaveCount(0);
    });
  });
}

test("the header cart badge counts items across pages", async ({ page }) => {
  await page.goto("/category/flowers");
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Hemp Papers" }) });
  await card.getByRole("button", { name: "Add to Cart" }).click();
  await expectCartCount(page, 1);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();
});

test("product page carries Product structured data with the CSP nonce", async ({ page }) => {
  const response = await page.goto("/products/gallery-kush");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const script = page.locator('script[type="application/ld+json"]');
  expect(await script.evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(nonce);
  const data = JSON.parse((await script.textContent()) ?? "{}");
  expect(data).toMatchObject({ "@type": "Product", name: "Gallery Kush", sku: "E2E-GK" });
  expect(data.offers).toMatchObject({
    priceCurrency: "CAD",
    lowPrice: "6.00",
    highPrice: "34.00",
    availability: "https://schema.org/InStock",
  });
  expect(data.image).toHaveLength(3);
  // The potency shown first (the 3.5g's), as schema.org PropertyValues.
  expect(data.additionalProperty).toEqual([
    { "@type": "PropertyValue", name: "Total THC", value: 220, unitText: "mg/g" },
  ]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/products\/gallery-kush$/,
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
});

test("price filter and sort use the price the card shows", async ({ page }) => {
  // Gallery Kush sells at $50.00 but its card shows $18.00 (3.5g, the first size in stock).
  await page.goto("/category/flowers?max=20");
  await expect(page.getByTestId("product-count")).toHaveText("2 products");
  await page.goto("/category/flowers?max=10");
  await expect(page.getByTestId("product-count")).toHaveText("1 product");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Hemp Papers" })).toBeVisible();
  await page.goto("/category/flowers?sort=price-desc");
  await expect(page.getByRole("article").first()).toContainText("Gallery Kush");
  await expect(page.getByRole("article").first()).toContainText("$18.00");
});

test("until the page is hydrated, Add to Cart and the cart button are disabled, then work", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/products/gallery-kush", { waitUntil: "domcontentloaded" });
  const addToCart = page.getByRole("main").getByRole("button", { name: "Add to Cart" }).first();
  const cartButton = page.getByRole("button", { name: /^Cart, / });
  await expect(addToCart).toBeDisabled();
  await expect(cartButton).toBeDisabled();
  release();
  await expect(addToCart).toBeEnabled();
  await addToCart.click();
  await expectCartCount(page, 1);
});
