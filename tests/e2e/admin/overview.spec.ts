import type { Page } from "@playwright/test";
import { holdScripts } from "../fixtures";
import { expect, test } from "./admin-fixtures";
import { openScreen } from "./admin-screen";

/** A stat card's figure, read from its accessible name ("Orders: 40"). */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.locator(`[aria-label^="${label}: "]`).first();
  await expect(card).toBeVisible();
  return (await card.getAttribute("aria-label"))!.slice(label.length + 2);
}

test("Overview figures equal the database's counts and link to their screens", async ({
  adminPage: page,
}) => {
  await openScreen(page, "/budzadmin/dashboard", "Overview");
  expect(await figure(page, "Total Revenue")).toMatch(/^\$[\d,]+\.\d\d$/);
  const customers = await figure(page, "Customers");
  const orders = await figure(page, "Orders");
  const products = await figure(page, "Products");
  expect(Number(orders.replace(/,/g, ""))).toBeGreaterThan(0);

  // Customers and orders: the Database screen's live row counts.
  await page.goto("/budzadmin/dashboard/database");
  expect(await figure(page, "Customers")).toBe(customers);
  expect(await figure(page, "Orders")).toBe(orders);

  // Products: the active products, as the product list counts them.
  await page.goto("/budzadmin/dashboard/products");
  await expect(page.getByText(`${products} products found`)).toBeVisible();

  await page.goto("/budzadmin/dashboard");
  await expect(page.getByRole("heading", { name: "Recent orders" })).toBeVisible();
  await expect(page.getByText(/BBS-\d{8}/).first()).toBeVisible();
  await page.getByRole("link", { name: /^Products: / }).click();
  await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
  await page.goto("/budzadmin/dashboard");
  await page.getByRole("link", { name: "Add product" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Product" })).toBeVisible();
});

test("a tap on a script-only button before the page is hydrated waits for it instead of being lost", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const release = await holdScripts(page);
  await page.goto("/budzadmin/dashboard", { waitUntil: "domcontentloaded" });
  const collapse = page.getByRole("button", { name: "Collapse sidebar" });
  await expect(collapse).toHaveCSS("pointer-events", "none");

  const tap = collapse.click();
  release();
  await tap;
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
});
