import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { openFromSidebar, openScreen, rowsWith, screenshots, toast } from "./admin-screen";
import { AGE_COOKIE } from "../fixtures";
import { pngBuffer } from "./images";
import { expect, test } from "./stock-store";

const shot = screenshots("STOCK_SHOTS");

/** The rows of the movements table (its header row left out). */
const movementRows = (page: Page) =>
  page.getByRole("table", { name: "Stock movements, newest first" }).locator("tbody tr");

test("Stock movements: every change newest first, filtered by reason, at desktop width", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Stock movements", "Stock movements");
  await expect(movementRows(page)).toHaveCount(5);
  // Newest first: Sam's write-off, then the sale, then the three openings.
  const damaged = movementRows(page).first();
  await expect(damaged).toContainText("Sour Gummies");
  await expect(damaged).toContainText("Damaged");
  await expect(damaged).toContainText("Crushed in delivery");
  await expect(damaged).toContainText("−2");
  await expect(damaged).toContainText("Sam Staff");
  const sold = rowsWith(page, "Sold");
  await expect(sold).toContainText("Blue Dream");
  await expect(sold).toContainText("3.5g");
  await expect(sold).toContainText("18");
  await expect(sold).toContainText("Store");
  await expect(sold.getByRole("link", { name: /^BBS-\d{8}$/ })).toBeVisible();
  await shot(page, "stock-desktop");
  await expectAccessible(page);

  await page.getByLabel("Reason").selectOption("damaged");
  await expect(page).toHaveURL(/reason=damaged/);
  await expect(movementRows(page)).toHaveCount(1);
  await expect(movementRows(page).first()).toContainText("Sour Gummies");

  await page.getByLabel("Reason").selectOption("received");
  await expect(movementRows(page)).toHaveCount(3);
  await page.getByLabel("Product").fill("bd-100");
  await expect(page).toHaveURL(/q=bd-100/);
  await expect(movementRows(page)).toHaveCount(2);
  await expect(movementRows(page).filter({ hasText: "Sour Gummies" })).toHaveCount(0);
  await shot(page, "stock-filtered");

  // The sale's order opens the order page.
  await page.getByLabel("Reason").selectOption("sold");
  await expect(movementRows(page)).toHaveCount(1);
  await movementRows(page).first().getByRole("link", { name: /^BBS-/ }).click();
  await expect(page.getByRole("heading", { name: /^Order BBS-\d{8}$/, level: 1 })).toBeVisible();
});

test("Stock movements at phone width: the product and reason fit, the filters stack", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, "/budzadmin/dashboard/stock?reason=damaged", "Stock movements");
  await expect(page.getByLabel("Reason")).toHaveValue("damaged");
  await expect(movementRows(page)).toHaveCount(1);
  const row = movementRows(page).first();
  await expect(row.getByRole("link", { name: "Sour Gummies" })).toBeVisible();
  await expect(row.getByText("Damaged", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText("−2")).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await shot(page, "stock-phone");
  await expectAccessible(page);

  await page.getByLabel("Reason").selectOption("all");
  await expect(movementRows(page)).toHaveCount(5);
});

test("the Overview names each low size, and staff edit a product without ever typing its stock", async ({
  adminPage: page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The owner's Overview: what is at or under its alert level (10), by name and size.
  await openScreen(page, "/budzadmin/dashboard", "Overview");
  const low = page.getByRole("region", { name: "Low stock" });
  await expect(low.getByRole("link", { name: "Blue Dream — 7g: 10 left" })).toBeVisible();
  await expect(low.getByRole("link", { name: "Sour Gummies: 10 left" })).toBeVisible();
  await expect(low.getByText(/3\.5g/)).toHaveCount(0);
  await openScreen(page, "/budzadmin/dashboard/products?stock=low", "Product Management");
  await expect(
    rowsWith(page, "Blue Dream").getByText("7g: 10 left").filter({ visible: true }),
  ).toBeVisible();

  // Sam (staff) signs in in the same browser.
  await page.context().clearCookies();
  await page.context().addCookies([{ ...AGE_COOKIE, url: baseURL! }]);
  await page.goto("/budzadmin");
  await page.getByLabel("Username").fill("sam");
  await page.getByLabel("Password").fill("sam-staff-pass-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back, Sam Staff")).toBeVisible({ timeout: 30_000 });
  await openScreen(page, "/budzadmin/dashboard/products", "Product Management");
  await rowsWith(page, "Blue Dream").getByRole("link", { name: "Edit Blue Dream" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  // Stock is shown, never typed: no Adjust stock, sizes holding stock stay, a new size opens at 0.
  await expect(edit.getByText("Variation 1 stock: 18")).toBeAttached();
  await expect(edit.getByRole("button", { name: /^Adjust stock/ })).toHaveCount(0);
  await expect(edit.getByRole("button", { name: /^Remove variation/ })).toHaveCount(0);
  await edit.getByRole("button", { name: "Add variation" }).click();
  await expect(edit.getByLabel("Variation 3 opening stock")).toHaveCount(0);
  await edit.getByLabel("Variation 3 size").fill("14");
  await edit.getByLabel("Variation 3 price").fill("99");
  await edit.getByLabel("Variation 3 THC (mg/g)", { exact: true }).fill("210");
  await edit.getByLabel("Variation 3 CBD (mg/g)", { exact: true }).fill("1");
  await edit.getByLabel("Variation 1 price").fill("31");
  // (The seeded product has neither a description nor an image yet.)
  await edit.getByLabel(/^Description(?! \(French\))/).fill("A sativa-leaning hybrid.");
  await edit.getByTestId("image-file").setInputFiles({
    name: "blue-dream.png",
    mimeType: "image/png",
    buffer: await pngBuffer(),
  });
  await expect(edit.getByRole("img", { name: "Main Product Image preview" })).toBeVisible();
  await expectAccessible(page);
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();
  const row = rowsWith(page, "Blue Dream");
  await expect(row.getByText("28", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText("14g: out of stock").filter({ visible: true })).toBeVisible();
});
