import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { openFromSidebar, openScreen, rowsWith, screenshots } from "./admin-screen";
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
