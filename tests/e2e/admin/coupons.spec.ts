import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { expectCards, openFromSidebar, openScreen, screenshots, toast } from "./admin-screen";
import { expect, test } from "./coupons-store";

// The tests share one store and run in order: each continues from the previous one's changes.
test.describe.configure({ mode: "serial" });

const shot = screenshots("COUPONS_SHOTS");

const row = (page: Page, code: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: code, exact: true }) });

test("list: computed cards, usage bars, status filter and search in the URL", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Coupons", "Coupon Management");
  await expectCards(page, {
    "Total Coupons": "3",
    "Active Coupons": "2",
    "Total Uses": "1",
    "Avg. Usage Rate": "0.5%",
  });
  await expect(page.getByText("3 coupons found")).toBeVisible();
  const welcome = row(page, "WELCOME20");
  await expect(welcome).toContainText("20%");
  await expect(welcome.getByRole("progressbar", { name: "WELCOME20 uses" })).toHaveAttribute(
    "aria-valuetext",
    "1 of 100 uses",
  );
  await expect(row(page, "BULK50")).toContainText("$50");
  await expect(row(page, "BULK50")).toContainText("Expired");
  await expect(row(page, "SAVE15")).toContainText("Unlimited");
  // A used coupon cannot be deleted; an unused one can.
  await expect(welcome.getByRole("button", { name: "Delete WELCOME20" })).toHaveCount(0);
  await expect(row(page, "SAVE15").getByRole("button", { name: "Delete SAVE15" })).toBeVisible();
  await shot(page, "coupons-desktop");
  await expectAccessible(page);

  await page.getByLabel("Status").selectOption("expired");
  await expect(page).toHaveURL(/status=expired/);
  await expect(page.getByText("1 coupon found")).toBeVisible();
  await expect(row(page, "BULK50")).toBeVisible();
  await page.getByLabel("Status").selectOption("all");
  await page.getByRole("searchbox").fill("first order");
  await expect(page).toHaveURL(/q=first/);
  await expect(page.getByText("1 coupon found")).toBeVisible();
  await expect(row(page, "WELCOME20")).toBeVisible();
  await page.getByRole("searchbox").fill("");
  await expect(page.getByText("3 coupons found")).toBeVisible();
});

test("create: instant field errors, then saved with a toast", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/budzadmin/dashboard/coupons");
  await page.getByRole("link", { name: "Create New Coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Coupon" });
  // The cursor starts in the code field (the dialog is live), and an empty form is stopped in place.
  await expect(dialog.getByLabel("Coupon code")).toBeFocused();
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(dialog.getByText("Enter a coupon code")).toBeVisible();
  await expect(dialog.getByLabel("Coupon code")).toBeFocused();

  await dialog.getByLabel("Coupon code").fill("welcome20");
  await dialog.getByLabel("Discount type").selectOption("fixed");
  await dialog.getByLabel("Discount ($)").fill("0");
  await dialog.getByLabel("Minimum order ($)").click();
  await expect(dialog.getByText("Enter a dollar amount greater than $0.00")).toBeVisible();
  await dialog.getByLabel("Discount ($)").fill("12.50");
  await expect(dialog.getByText("Enter a dollar amount greater than $0.00")).toHaveCount(0);
  await dialog.getByLabel("Minimum order ($)").fill("50");
  await dialog.getByLabel("Max uses").fill("10");
  await dialog.getByLabel("Start date").fill("2030-06-10");
  await dialog.getByLabel("End date").fill("2030-06-01");
  await dialog.getByLabel("Description").click();
  await expect(dialog.getByText("The end date must be on or after the start date")).toBeVisible();
  await dialog.getByLabel("End date").fill("2030-06-30");
  await dialog.getByLabel("Description").fill("Summer weekend");
  await shot(page, "coupons-new");
  await expectAccessible(page);

  // The code exists in another case: the server says so next to the field.
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(dialog.getByText(/WELCOME20 already exists/)).toBeVisible();
  await dialog.getByLabel("Coupon code").fill("summer25");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(toast(page, "Coupon SUMMER25 created.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const summer = row(page, "SUMMER25");
  await expect(summer).toContainText("$12.50");
  await expect(summer).toContainText("Min. $50.00");
  await expect(summer).toContainText("Scheduled");
  await expectCards(page, { "Total Coupons": "4" });
});

test("edit: a coupon's page saves with a toast; a used one is locked and lists its order", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/budzadmin/dashboard/coupons");
  await row(page, "SUMMER25").getByRole("link", { name: "SUMMER25", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Coupon SUMMER25" })).toBeVisible();
  await page.getByLabel("Start date").fill("2020-01-01");
  await page.getByLabel("Discount ($)").fill("15");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Coupon SUMMER25 saved.")).toBeVisible();
  await expect(page.getByText("$15 off")).toBeVisible();
  await expect(page.getByText("No order has used this coupon yet.")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/budzadmin/dashboard/coupons");
  await row(page, "WELCOME20").getByRole("link", { name: "Edit WELCOME20" }).click();
  await expect(page.getByRole("heading", { name: "Coupon WELCOME20" })).toBeVisible();
  await expect(page.getByLabel("Coupon code")).toHaveAttribute("readonly", "");
  await expect(page.getByText(/its code and type cannot change/)).toBeVisible();
  const orders = page.getByRole("table", { name: "Orders that used WELCOME20" });
  await expect(orders).toContainText("robin@example.com");
  await expect(orders).toContainText("−$12.00");
  await shot(page, "coupons-edit-used");
  await expectAccessible(page);
  await orders.getByRole("link", { name: /^BBS-\d{8}$/ }).click();
  await expect(page.getByRole("heading", { name: /^Order BBS-\d{8}$/ })).toBeVisible();
});

test("deactivate: the row switches off and the cart refuses the code at once", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, "/budzadmin/dashboard/coupons", "Coupon Management");
  const quote = async () => {
    const items = JSON.stringify([{ id: store.productCartId, quantity: 2 }]);
    const answer = await page.request.get(
      `/cart/quote?items=${encodeURIComponent(items)}&code=save15`,
    );
    return ((await answer.json()) as { coupon: { message: string } }).coupon.message;
  };
  expect(await quote()).toBe('Coupon "SAVE15" applied successfully!');
  await row(page, "SAVE15").getByRole("button", { name: "Deactivate SAVE15" }).click();
  await expect(toast(page, /Coupon SAVE15 deactivated/)).toBeVisible();
  await expect(row(page, "SAVE15")).toContainText("Inactive");
  await expect(row(page, "SAVE15").getByRole("button", { name: "Activate SAVE15" })).toBeVisible();
  expect(await quote()).toBe("This coupon is no longer active");
  await shot(page, "coupons-mobile");
  await expectAccessible(page);
});
