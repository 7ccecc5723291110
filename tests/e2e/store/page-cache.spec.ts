import { rowsWith, toast } from "../admin/admin-screen";
import { AGE_COOKIE } from "../fixtures";
import { expect, test } from "./catalog-store";

// Storefront pages come from the shared page cache, and an admin's price edit shows on them at
// once (the edit invalidates the cache), not after its 60 s bound.
test("an admin price edit is visible at once on a cached product and category page", async ({
  adminPage: page,
  browser,
  store: catalogStore,
}) => {
  // A shopper without a session (the admin's own pages bypass the cache).
  const shopper = await browser.newContext({ baseURL: catalogStore.url });
  await shopper.addCookies([{ ...AGE_COOKIE, url: catalogStore.url }]);
  const store = await shopper.newPage();
  const cacheOf = async (path: string) => (await store.goto(path))?.headers()["x-cache"] ?? "none";

  await store.goto("/products/hemp-papers");
  await expect(store.getByRole("heading", { name: "Hemp Papers" })).toBeVisible();
  await expect(store.getByText("$4.50").first()).toBeVisible();
  // The page is kept once its first rendering has gone out.
  await expect.poll(() => cacheOf("/products/hemp-papers")).toBe("HIT");
  await expect.poll(() => cacheOf("/category/flowers")).toBe("HIT");
  await expect(store.getByRole("article").filter({ hasText: "Hemp Papers" })).toContainText(
    "$4.50",
  );

  await page.goto("/budzadmin/dashboard/products");
  const row = rowsWith(page, "Hemp Papers");
  await row.getByRole("link", { name: "Edit Hemp Papers" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await edit.getByLabel("Selling Price ($)").fill("5.25");
  // Saved as active, it needs THC and CBD (the seeded papers have none).
  await edit.getByLabel("THC (mg/g)", { exact: true }).fill("0");
  await edit.getByLabel("CBD (mg/g)", { exact: true }).fill("0");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();

  // At once: the next visit renders the new price (and is then cached again).
  await store.goto("/products/hemp-papers");
  await expect(store.getByRole("heading", { name: "Hemp Papers" })).toBeVisible();
  await expect(store.getByText("$5.25").first()).toBeVisible();
  await expect(store.getByText("$4.50")).toHaveCount(0);
  await store.goto("/category/flowers");
  await expect(store.getByRole("article").filter({ hasText: "Hemp Papers" })).toContainText(
    "$5.25",
  );
  await expect.poll(() => cacheOf("/products/hemp-papers")).toBe("HIT");
  await expect(store.getByText("$5.25").first()).toBeVisible();
  await shopper.close();
});
