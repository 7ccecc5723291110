import { expect, test } from "../fixtures";

test("product page: gallery, sizes drive price and stock, Add to Cart fills the cart", async ({
  page,
}) => {
  await page.goto("/category/flowers");
  const link = page.locator("article h3 a").first();
  const name = await link.innerText();
  await link.click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | Budz Boutique`);
  await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();

  // Sizes: the first is chosen; another changes the price.
  const sizes = page.getByRole("radiogroup").or(page.getByRole("group", { name: "Size" }));
  const radios = sizes.getByRole("radio");
  await expect(radios.first()).toBeChecked();
  const price = page.locator("main p.text-3xl");
  const firstPrice = await price.innerText();
  await radios.nth(2).check({ force: true });
  await expect(price).not.toHaveText(firstPrice);

  // Gallery thumbnails swap the main image.
  const thumbs = page.getByRole("button", { name: /Show image/ });
  if ((await thumbs.count()) > 1) {
    const main = page.locator("main img").first();
    const before = await main.getAttribute("src");
    await thumbs.nth(1).click();
    await expect(main).not.toHaveAttribute("src", before!);
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
  }

  // Find an in-stock size and add two (the first Add to Cart is the product's; related follow).
  const addToCart = page.getByRole("main").getByRole("button", { name: "Add to Cart" }).first();
  const count = await radios.count();
  for (let i = 0; i < count; i++) {
    await radios.nth(i).check({ force: true });
    if (await addToCart.isEnabled()) break;
  }
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await addToCart.click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
  expect(cart).toHaveLength(1);
  expect(cart[0].name).toMatch(new RegExp(`^${name} \\(.+\\)$`));
  expect(cart[0].id).toMatch(/^[0-9a-f-]{36}_[0-9a-f-]{36}$/);
  expect(cart[0].quantity).toBe(2);
});

test("Add to Cart is disabled for a size with no stock, with the Out of Stock badge", async ({
  page,
}) => {
  // Sample data leaves some sizes at 0: find one through the listing.
  await page.goto("/products");
  const cards = page.locator("article");
  const total = await cards.count();
  let found = false;
  for (let c = 0; c < total && !found; c++) {
    const card = cards.nth(c);
    const radios = card.getByRole("radio");
    for (let i = 0; i < (await radios.count()); i++) {
      await radios.nth(i).check({ force: true });
      if (await card.getByRole("button", { name: "Add to Cart" }).isDisabled()) {
        await expect(card.getByText("Out of Stock")).toBeVisible();
        found = true;
        break;
      }
    }
  }
  expect(found).toBe(true);
});

test("the header cart badge counts items across pages", async ({ page }) => {
  await page.goto("/category/edibles");
  const card = page
    .locator("article")
    .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) })
    .first();
  await card.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/about");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();
});

test("product page carries Product structured data with the CSP nonce", async ({ page }) => {
  await page.goto("/category/vapes");
  await page.locator("article h3 a").first().click();
  await expect(page).toHaveURL(/\/products\//);
  const response = await page.reload();
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const script = page.locator('script[type="application/ld+json"]');
  expect(await script.evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(nonce);
  const data = JSON.parse((await script.textContent()) ?? "{}");
  expect(data["@type"]).toBe("Product");
  expect(data.offers.priceCurrency).toBe("CAD");
  expect(data.name).toBe(await page.getByRole("heading", { level: 1 }).innerText());
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\//);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
});
