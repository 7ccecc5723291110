import type { Locator, Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { openScreen, rowsWith, screenshots, toast } from "./admin-screen";
import { expect, FILLERS, test } from "./product-bulk-store";

// The tests share one store and run in order: the phone test archives what the desktop test left.
test.describe.configure({ mode: "serial" });

const shot = screenshots("PRODUCT_BULK_SHOTS", { widths: [1280, 390] });
const LOW = FILLERS + 4;

const bulkBar = (page: Page) => page.getByText(/selected/).first();
/** What shows at this width (a row says its price and stock once per layout). */
const visible = (locator: Locator) => locator.filter({ visible: true });

test.describe("on a desktop", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("the Overview's Low Stock card opens the filtered list; prices of ticked rows change by a percentage", async ({
    adminPage: page,
  }) => {
    await openScreen(page, "/budzadmin/dashboard", "Overview");
    await expect(page.getByRole("link", { name: "Out of Stock: 1 size" })).toBeVisible();
    // What is low, named: out of stock first.
    const low = page.getByRole("region", { name: "Low stock" });
    await expect(low.getByRole("listitem").first()).toHaveText("Empty Shelf: out of stock");
    await expect(low.getByRole("link", { name: "Aurora Gram Pack — 1g: 3 left" })).toBeVisible();
    await shot(page, "overview");
    await page.getByRole("link", { name: `Low Stock: ${LOW} sizes` }).click();
    await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
    await expect(page).toHaveURL(/stock=low/);
    await expect(page.getByLabel("Stock")).toHaveValue("low");
    await expect(page.getByText(`${LOW} products found`)).toBeVisible();
    await expect(rowsWith(page, "Dank Plenty")).toHaveCount(0);
    const aurora = rowsWith(page, "Aurora Gram Pack");
    await expect(visible(aurora.getByText("$12.50 – $41.68", { exact: true }))).toBeVisible();
    // The size that is low, by name.
    await expect(visible(aurora.getByText("1g: 3 left"))).toBeVisible();
    await expectAccessible(page);
    await shot(page, "products-low-stock");

    await aurora.getByRole("checkbox", { name: "Select Aurora Gram Pack" }).check();
    await rowsWith(page, "Bubba Solo").getByRole("checkbox", { name: "Select Bubba Solo" }).check();
    await expect(page.getByText("2 selected")).toBeVisible();
    await shot(page, "products-bulk-bar");
    await page.getByRole("button", { name: "Change prices" }).click();
    const dialog = page.getByRole("dialog", { name: "Change prices" });
    await expect(dialog).toContainText("Reprice 2 products.");
    await dialog.getByLabel("Change by (%)").fill("-10");
    await shot(page, "products-bulk-price-dialog");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Reprice 2 products" }).click();
    await expect(toast(page, "2 products repriced: lowered by 10%.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(visible(aurora.getByText("$11.25 – $37.51", { exact: true }))).toBeVisible();
    await expect(visible(rowsWith(page, "Bubba Solo").getByText("$18.00"))).toBeVisible();
    // The selection went with the saved action.
    await expect(
      aurora.getByRole("checkbox", { name: "Select Aurora Gram Pack" }),
    ).not.toBeChecked();

    // A price that would reach $0 is refused in the dialog, and nothing changes.
    const cheap = rowsWith(page, "Cheap Seeds");
    await cheap.getByRole("checkbox", { name: "Select Cheap Seeds" }).check();
    await page.getByRole("button", { name: "Change prices" }).click();
    await dialog.getByLabel("Change by (%)").fill("-90");
    await dialog.getByRole("button", { name: "Reprice 1 product" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "No prices were changed: Cheap Seeds (10 pieces) would cost $0.00, and a price must stay above $0.00.",
    );
    await shot(page, "products-bulk-price-refused");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(visible(cheap.getByText("$0.04", { exact: true }))).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("the Low stock filter, then every matching product archived at once", async ({
    adminPage: page,
  }) => {
    await openScreen(page, "/budzadmin/dashboard/products", "Product Management");
    await page.getByLabel("Stock").selectOption("low");
    await expect(page).toHaveURL(/stock=low/);
    await expect(page.getByText(`${LOW} products found`)).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all products on this page" }).check();
    await expect(page.getByText("20 selected")).toBeVisible();
    await page
      .getByRole("button", { name: `Select all ${LOW} products matching this filter` })
      .click();
    await expect(
      page.getByText(`All ${LOW} products matching this filter are selected.`),
    ).toBeVisible();
    await expectAccessible(page);
    await shot(page, "products-bulk-all-matching");

    await page.getByRole("button", { name: "Archive", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Archive products" });
    await expect(dialog).toContainText(`Archive all ${LOW} products matching this filter.`);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: `Archive ${LOW} products` }).click();
    await expect(toast(page, `${LOW} products archived.`)).toBeVisible();
    await expect(page.getByText("0 products found")).toBeVisible();
    await expect(bulkBar(page)).toHaveCount(0);

    await page.getByLabel("Status").selectOption("all");
    await expect(page.getByText(`${LOW} products found`)).toBeVisible();
    await expect(rowsWith(page, "Empty Shelf").getByText("Archived")).toBeVisible();
  });
});
