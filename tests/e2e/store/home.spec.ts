import { expect, test } from "../fixtures";

test("home page is server-rendered with featured products from the database", async ({
  page,
  request,
}) => {
  // Without JavaScript the HTML already carries the products.
  const html = await (await request.get("/")).text();
  expect(html).toContain("Featured Products");
  expect(html.match(/href="\/products\//g)?.length ?? 0).toBeGreaterThanOrEqual(8);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(8);
});

test("unknown URLs get the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});
