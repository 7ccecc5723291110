import { sql } from "drizzle-orm";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import { withStoreDatabase } from "../../fixtures/database";
import { expect, test as base } from "../admin/admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore, type OwnStore } from "../own-store";

// Storefront states the shared server cannot show: an empty catalogue and a broken database. The
// store's database is locked by its server, so a change restarts it (stop, change the data, start
// on the same port); the tests run in order on one store, each continuing from the previous one's
// state. The announcement's rules (active flag, dates, code, colour names) are proven in
// tests/unit/storefront-rules.test.ts and tests/integration/storefront-content.test.ts, and the
// admin-to-store path in admin/pages.spec.ts.
const test = base.extend<{ store: OwnStore<void> }, OwnStoresWorker>({
  ...ownStoreFixtures(() =>
    startOwnStore({
      name: "states",
      // On PostgreSQL the page cache lives in the database and outlives a restart: the pages
      // cached before the database broke would still be served.
      embedded: true,
      // No products: the default pages and announcement only.
      seed: (dataDir) => withStoreDatabase(dataDir, () => insertDefaultContent()),
    }),
  ),
});

test.describe.configure({ mode: "serial", timeout: 240_000 });

test("an empty catalogue shows the empty texts", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("No products available at the moment.")).toBeVisible();
  await page.goto("/category/vapes");
  await expect(page.getByText("No products found in this category.")).toBeVisible();
  await expect(page.getByTestId("product-count")).toHaveText("0 products");
});

test("failing queries show the error boxes with Try Again, or the router error page", async ({
  page,
  store,
}) => {
  await store.restart((db) => db.execute(sql`drop table product_variations cascade`));
  await page.goto("/");
  // The rest of the home page still renders; the featured section reports the failure.
  await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();
  const featured = page.locator("#featured").getByRole("alert");
  await expect(featured).toHaveText(/Error loading products: Failed to load products/);
  await featured.getByRole("button", { name: "Try Again" }).click();
  await expect(featured).toBeVisible();

  const response = await page.goto("/category/flowers");
  expect(response?.status()).toBe(500);
  const box = page.getByRole("alert");
  await expect(box).toContainText("Error loading products: Failed to load products");
  const reload = page.waitForEvent("framenavigated");
  await box.getByRole("button", { name: "Try Again" }).click();
  await reload;
  await expect(page.getByRole("alert")).toBeVisible();

  // Anything else unexpected reaches the router error page.
  await store.restart((db) => db.execute(sql`drop table announcements cascade`));
  const broken = await page.goto("/");
  expect(broken?.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the store" })).toBeVisible();
});
