import { expect, test } from "../fixtures";

test("home page is server-rendered with featured products from the database", async ({
  page,
  request,
}) => {
  // Without JavaScript the HTML already carries the products.
  const html = await (await request.get("/")).text();
  expect(html).toContain("Featured Products");
  expect(html.match(/href="\/products\/[^"]+"/g)?.length ?? 0).toBeGreaterThanOrEqual(8);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expect(page.locator("#featured article")).toHaveCount(8);
  // The scripts are fetched once the first paint is on screen, and then hydrate the page.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const [paint, firstScript] = await page.evaluate(() => [
    performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    ),
  ]);
  expect(firstScript).toBeGreaterThanOrEqual(paint);
  // "In stock and ready to ship": each card starts on a size that can be bought.
  const featured = page.locator("#featured");
  await expect(featured.getByText("Out of Stock")).toHaveCount(0);
  await expect(featured.getByRole("button", { name: "Add to Cart", disabled: true })).toHaveCount(
    0,
  );
});

test("a browser that cannot report its first paint loads the scripts at once", async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: a browser without the Performance Timeline's observer
    delete window.PerformanceObserver;
  });
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
});

test("announcement bar: seeded message with the code appended, dismissal remembered", async ({
  page,
}) => {
  await page.goto("/");
  const bar = page.getByRole("region", { name: "Announcement" });
  await expect(bar).toContainText(
    "Free shipping on orders over $200! New customers save 20% on their first order - Use code: WELCOME20",
  );
  await expect(bar).toHaveCSS("background-color", "rgb(194, 65, 12)"); // orange
  // Home only.
  await page.goto("/about");
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);

  await page.goto("/");
  await page.getByRole("button", { name: "Dismiss announcement" }).click();
  await expect(bar).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
  // The server no longer renders it either (no flash).
  const html = await (await page.request.get("/")).text();
  expect(html).not.toContain("Use code: WELCOME20");
});

test("hero Shop Now and View All Products lead to the all-products page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Shop Now" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { name: "All Products", level: 1 })).toBeVisible();
  await expect(page.getByTestId("product-count")).toHaveText("70 products");

  await page.goto("/");
  await page.getByRole("link", { name: "View All Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("Refresh Products reloads the featured section from the server", async ({ page }) => {
  await page.goto("/");
  const refresh = page.waitForRequest((r) => r.url().includes(".data"));
  await page.getByRole("button", { name: "Refresh Products" }).click();
  await refresh;
  await expect(page.locator("#featured article")).toHaveCount(8);
});

test("unknown URLs get the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
  for (const path of ["/category/cheese", "/products/no-such-product"]) {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    // The store's header and footer stay around the error, in one <main>.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
  }
});

test("health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});
