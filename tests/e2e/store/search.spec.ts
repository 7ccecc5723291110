import { expect, test } from "../fixtures";

test("the header search opens ranked, case-insensitive results", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("search").first();
  await search.getByRole("searchbox").fill("BLUE DREAM");
  await search.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=BLUE\+DREAM/);
  await expect(page.getByTestId("search-count")).toContainText("for “BLUE DREAM”");
  await expect(page.locator("article h3").first()).toHaveText(/^Blue Dream/);
});

test("search matches strain, category and description words", async ({ page }) => {
  await page.goto("/search?q=sativa");
  await expect(page.locator("article").first()).toContainText("Sativa");
  await page.goto("/search?q=mushrooms");
  await expect(page.locator("article").first()).toContainText("Mushrooms");
  await page.goto("/search?q=lab%20tested");
  expect(
    Number((await page.getByTestId("search-count").innerText()).split(" ")[0]),
  ).toBeGreaterThan(24);
  await expect(page.getByText(/Page 1 of \d/)).toBeVisible();
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.goto("/search?q=zzzznothing");
  await expect(page.getByText("No products match “zzzznothing”.")).toBeVisible();
});

test("search works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies([{ name: "age_verified", value: "true", url: baseURL! }]);
  const page = await context.newPage();
  await page.goto("/search");
  await page.locator("#search-page-q").fill("gummies");
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=gummies/);
  await expect(page.locator("article").first()).toBeVisible();
  await context.close();
});
