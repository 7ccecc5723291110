import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { confirmDialog, openScreen, screenshots, toast } from "./admin-screen";
import { expect, test } from "./lot-recall-store";

const shot = screenshots("LOT_RECALL_SHOTS");

const orderRows = (page: Page) =>
  page.getByRole("table", { name: "Affected orders, newest first" }).locator("tbody tr");

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a recalled lot: its notice, the orders that took it, the notices sent, at desktop and phone width", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openScreen(page, `/budzadmin/dashboard/lots/${store.seeded.bad}`, "Lot BAD-7");
  await expect(page.getByRole("heading", { name: "Recall notice RA-2026-118" })).toBeVisible();
  await expect(page.getByText(/^Recalled .* by owner\.$/)).toBeVisible();
  await expect(orderRows(page)).toHaveCount(3);
  await expect(orderRows(page).filter({ hasText: "Robin Return" })).toContainText("Still out 0");
  await expect(orderRows(page).filter({ hasText: "Blake Buyer" })).toContainText("Still out 3");
  await expect(orderRows(page).filter({ hasText: "Robin Return" })).toContainText("Cancelled");
  await expect(orderRows(page).filter({ hasText: "Avery Long-Surname" })).toContainText(
    "On its way",
  );
  const notices = page.getByRole("table", { name: "Recall notices sent, newest first" });
  await expect(notices.locator("tbody tr")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Send recall notices" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await shot(page, "lot-recalled-1280");
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(orderRows(page)).toHaveCount(3);
  await shot(page, "lot-recalled-390");
  expect(await overflow(page)).toBe(0);
  await expectAccessible(page);

  // A return of one of Avery's shipped units: it stays quarantined.
  const order = page.getByRole("combobox", { name: /^Order/ });
  const avery = await order.locator("option", { hasText: "Avery Long-Surname" }).textContent();
  await order.selectOption({ label: avery! });
  await page.getByRole("textbox", { name: /^Units returned/ }).fill("1");
  await page.getByRole("button", { name: "Record return" }).click();
  await expect(toast(page, /^Return recorded: 1 unit from BBS-\d{8} quarantined\.$/)).toBeVisible();
  await expect(orderRows(page).filter({ hasText: "Avery Long-Surname" })).toContainText(
    "still out 1",
  );
});

test("recalling a lot through its confirm dialog", async ({ adminPage: page, store }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openScreen(page, `/budzadmin/dashboard/lots/${store.seeded.good}`, "Lot GOOD-7");
  await expect(page.getByRole("heading", { name: "Orders that took this lot" })).toBeVisible();
  await expect(page.getByText("No order has taken units of this lot.")).toBeVisible();
  // Empty fields are refused without asking, and focus moves to the first of them.
  await page.getByRole("button", { name: "Recall lot…" }).click();
  await expect(page.getByText("Enter the recall notice number.")).toBeVisible();
  await expect(page.getByLabel("Notice number")).toBeFocused();
  await page.getByLabel("Notice number").fill("RA-2026-119");
  await page.getByLabel("Notice text").fill("Label misprint: the THC figure is wrong.");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "lot-recall-form-1280");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Recall lot…" }).click();
  await confirmDialog(page, "Recall lot GOOD-7?")
    .getByRole("button", { name: "Recall lot" })
    .click();
  await expect(toast(page, "Lot GOOD-7 recalled: 12 units quarantined.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recall notice RA-2026-119" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Affected orders" })).toBeVisible();
});
