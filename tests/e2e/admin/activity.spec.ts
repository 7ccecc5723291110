import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { openFromSidebar, openScreen, rowsWith, toast } from "./admin-screen";
import { E2E_ADMIN } from "./admin-fixtures";
import { expect, test } from "./activity-store";

/** The rows of the Activity table (its header row left out). */
const entryRows = (page: Page) =>
  page.getByRole("table", { name: "Admin activity, newest first" }).locator("tbody tr");

test("Activity: a stock count shows with who, before → after, and on the product's page", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The change: count Sour Gummies' stock from its page.
  await openScreen(page, "/budzadmin/dashboard/products", "Product Management");
  await rowsWith(page, "Sour Gummies").getByRole("link", { name: "View Sour Gummies" }).click();
  await page.getByRole("button", { name: "Adjust stock of Sour Gummies" }).click();
  const adjust = page.getByRole("dialog", { name: "Adjust stock" });
  await adjust.getByText("Set count").click();
  await adjust.getByLabel("Counted stock").fill("20");
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(toast(page, "Stock updated (+8): 20 in stock.")).toBeVisible();

  await openScreen(page, "/budzadmin/dashboard", "Overview");
  await openFromSidebar(page, "Activity", "Activity");
  await page.getByLabel("Area").selectOption("stock");
  await expect(page).toHaveURL(/area=stock/);
  await expect(entryRows(page)).toHaveCount(1);
  const entry = entryRows(page).first();
  await expect(entry).toContainText(E2E_ADMIN.username);
  await expect(entry).toContainText("Updated");
  await expect(entry).toContainText("Sour Gummies");
  await expect(entry.getByRole("deletion")).toHaveText("12");
  await expect(entry.getByRole("insertion")).toHaveText("20");
  // In words, not the data: "Stock of Sour Gummies: 12 → 20 (count correction)"; the data as
  // recorded is behind a disclosure.
  await expect(entry.getByText("Stock of Sour Gummies:")).toBeVisible();
  await expect(entry.getByText("(count correction)")).toBeVisible();
  await expect(entry.getByText("count_correction")).toBeHidden();
  await entry.getByText("Data as recorded").click();
  await expect(entry.getByText(/"reason": "count_correction"/)).toBeVisible();
  await expectAccessible(page);

  // Another area: nothing.
  await page.getByLabel("Area").selectOption("orders");
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();
  await page.getByLabel("Area").selectOption("stock");
  await expect(entryRows(page)).toHaveCount(1);

  // The record's own page lists its entry.
  await entryRows(page).first().getByRole("link", { name: "Sour Gummies" }).click();
  const panel = page
    .getByRole("region", { name: "Activity" })
    .or(page.locator("section").filter({ has: page.getByRole("heading", { name: "Activity" }) }));
  await expect(panel.first()).toContainText(`Updated by ${E2E_ADMIN.username}`);
  await expect(panel.first().getByRole("insertion")).toHaveText("20");
});

test("Activity at phone width: the filters fit, and a tampered filter is refused with a 400", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, "/budzadmin/dashboard/activity?area=stock", "Activity");
  await expect(page.getByLabel("Area")).toHaveValue("stock");
  await expect(page.getByRole("search", { name: "Filter activity" })).toBeVisible();
  await expectAccessible(page);

  const response = await page.goto("/budzadmin/dashboard/activity?area=everything");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("The area is not one of the list.")).toBeVisible();
});
