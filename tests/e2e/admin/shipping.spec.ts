import type { Page } from "@playwright/test";
import { TRACKING_NUMBER_HELP } from "~/lib/order-status";
import { expectAccessible } from "../axe";
import {
  confirmDialog,
  expectCards,
  openFromSidebar,
  openScreen,
  screenshots,
  toast,
} from "./admin-screen";
import { expect, test } from "./shipping-store";

// The tests share one store and run in order: each continues from the previous one's changes.
// A shared 2-core machine: a little more time than the default 30 s for these longer walks.
test.describe.configure({ mode: "serial" });

const shot = screenshots("SHIPPING_SHOTS");

const row = (page: Page, customer: string) =>
  page.getByRole("row").filter({ hasText: customer }).first();

const openShipping = (page: Page) =>
  openScreen(page, "/budzadmin/dashboard/shipping", "Shipping Management");

test("desktop: computed cards, filter and search in the URL, packing slips one per page", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromSidebar(page, "Shipping", "Shipping Management");
  await expectCards(page, {
    Preparing: "2",
    "In Transit": "2",
    Delivered: "2",
    "On Time Rate": "50%",
  });
  await expect(page.getByText("1 of 2 by the estimated date")).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(7);
  await expect(page.getByRole("row").nth(1)).toContainText("Avery Preparing");
  const casey = row(page, "Casey Shipped");
  await expect(casey).toContainText("Victoria, BC");
  await expect(casey).toContainText("Canada Post");
  await expect(casey.getByRole("link", { name: /RR123456789CA/ })).toHaveAttribute(
    "href",
    /canadapost-postescanada\.ca\/track-reperage\/en#\/search\?searchFor=RR123456789CA/,
  );
  // Where staff buy the label: each parcel's Proof of Age option and weight.
  await expect(casey).toContainText("PA19 · 50 g (minimum)");
  await expect(row(page, "Avery Preparing")).toContainText("PA19 · 105 g");
  await expect(row(page, "Blake Preparing")).toContainText("PA19 · weigh it");
  await expect(casey.getByRole("link", { name: /^BBS-\d{8}$/ })).toHaveAttribute(
    "href",
    /\/budzadmin\/dashboard\/orders\/BBS-\d{8}$/,
  );
  await shot(page, "shipping-desktop");
  await expectAccessible(page);

  // At 1280 px the row buttons are whole, inside the table's visible box (nothing cut or
  // scrolled off to the right).
  const table = page.getByRole("table", { name: "Shipments" });
  const visible = (await table.locator("xpath=..").boundingBox())!;
  for (const button of [
    row(page, "Avery Preparing").getByRole("link", { name: /^Ship order/ }),
    row(page, "Casey Shipped").getByRole("button", { name: /delivered$/ }),
    row(page, "Dev Transit").getByRole("button", { name: /delivered$/ }),
  ]) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(visible.x);
    expect(box.x + box.width).toBeLessThanOrEqual(visible.x + visible.width + 0.5);
  }
  expect(
    await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
  ).toBe(0);

  // Status filter and search live in the URL.
  await page.getByLabel("Status").selectOption("preparing");
  await expect(page).toHaveURL(/status=preparing/);
  await expect(page.getByText("2 shipments found")).toBeVisible();
  await page.getByRole("searchbox").fill("blake");
  await expect(page).toHaveURL(/q=blake/);
  await expect(page.getByText("1 shipment found")).toBeVisible();
  await expect(row(page, "Blake Preparing")).toBeVisible();
  await page.getByLabel("Status").selectOption("all");
  await page.getByRole("searchbox").fill("");
  await expect(page.getByText("6 shipments found")).toBeVisible();

  // Packing slips open in a new tab: pick list first, then one slip per order being prepared.
  const [slips] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: /Print packing slips/ }).click(),
  ]);
  await expect(slips.getByRole("heading", { name: "Pick list" })).toBeVisible();
  await expect(slips.getByRole("heading", { name: "Packing slip", exact: true })).toHaveCount(2);
  await expect(slips.getByText("Avery Preparing")).toBeVisible();
  await expect(slips.getByText("Blake Preparing")).toBeVisible();
  await expect(slips.getByText("Casey Shipped")).toHaveCount(0);
  // Each slip says which Canada Post option to buy with the label.
  await expect(slips.getByTestId("fulfilment").first()).toHaveText(/^Canada Post parcel/);
  // … and the parcel's weight (Blake's gummies were never weighed).
  const slip = (name: string) =>
    slips
      .getByRole("region", { name: "Packing slip" })
      .filter({ hasText: name })
      .getByTestId("parcel");
  await expect(slip("Avery")).toHaveText(
    "Canada Post: buy the label with Proof of Age PA19 · parcel 105 g",
  );
  await expect(slip("Blake")).toHaveText(
    "Canada Post: buy the label with Proof of Age PA19 · parcel at least 50 gWeigh the parcel: no packed weight for Mango Gummies.",
  );
  // Avery 2 × 3.5g and 1 × 7g, Blake 1 × 3.5g and 2 gummies.
  const pick = slips.getByRole("region", { name: "Pick list" });
  const line = (text: string) => pick.getByRole("row").filter({ hasText: text });
  await expect(line("3.5g")).toContainText(/Northern Lights\s*3\.5g\s*3\s*2/);
  await expect(line("7g").filter({ hasNotText: "3.5g" })).toContainText(/7g\s*1\s*1/);
  await expect(line("Mango Gummies")).toContainText(/—\s*2\s*1/);
  await slips.setViewportSize({ width: 1280, height: 900 });
  await shot(slips, "packing-slips-desktop");
  await expectAccessible(slips);
  // Printed: the toolbar is hidden and each slip gets its own page (pick list + 2 slips = 3).
  await slips.emulateMedia({ media: "print" });
  await expect(slips.getByRole("button", { name: "Print" })).toBeHidden();
  const pdf = (await slips.pdf({ format: "Letter" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(3);
  await slips.close();
});

test("desktop: ship with a Canada Post tracking number, then mark delivered", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openShipping(page);

  // Ship: a malformed number gets Canada Post's format, a good one ships the row.
  await row(page, "Avery Preparing")
    .getByRole("link", { name: /^Ship order/ })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Ship order BBS-\d{8}$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Canada Post: buy the label with Proof of Age PA19 · parcel 105 g",
  );
  const tracking = dialog.getByLabel("Canada Post tracking number");
  await tracking.fill("12345");
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(tracking).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText(TRACKING_NUMBER_HELP)).toBeVisible();
  await shot(page, "ship-dialog-desktop");
  await expectAccessible(page);
  await tracking.fill("1234 5678 9012 3456");
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(toast(page, /shipped\. The shopper is emailed/)).toBeVisible();
  await expect(dialog).toBeHidden();
  const avery = row(page, "Avery Preparing");
  await expect(avery.getByText("Shipped", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(avery.getByRole("link", { name: /1234567890123456/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expectCards(page, { Preparing: "1", "In Transit": "3" });

  // Delivered asks first, then the order follows (cards recount, the on-time delivery counts).
  await row(page, "Casey Shipped")
    .getByRole("button", { name: /delivered$/ })
    .click();
  await confirmDialog(page).getByRole("button", { name: "Mark delivered" }).click();
  await expect(toast(page, /shipment marked Delivered/)).toBeVisible();
  await expect(
    row(page, "Casey Shipped").getByText("Delivered", { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expectCards(page, { "In Transit": "2", Delivered: "3", "On Time Rate": "67%" });
});

test("phone: ship, then in transit, from a 390 px screen; packing slips empty state", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openShipping(page);
  await expectCards(page, {
    Preparing: "1",
    "In Transit": "2",
    Delivered: "3",
    "On Time Rate": "67%",
  });
  await shot(page, "shipping-phone");
  await expectAccessible(page);

  await row(page, "Blake Preparing")
    .getByRole("link", { name: /^Ship order/ })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Ship order/ });
  await dialog.getByLabel("Canada Post tracking number").fill("rr987654321ca");
  await shot(page, "ship-dialog-phone");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(toast(page, /shipped\./)).toBeVisible();
  const blake = row(page, "Blake Preparing");
  await expect(blake.getByRole("link", { name: /RR987654321CA/ })).toBeVisible();

  await blake.getByRole("button", { name: /in transit$/ }).click();
  await expect(toast(page, /shipment marked In transit/)).toBeVisible();
  await expect(
    blake.getByText("In transit", { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expectCards(page, { Preparing: "0", "In Transit": "3" });

  await page.goto("/budzadmin/print/packing-slips");
  await expect(page.getByRole("heading", { name: "Packing slips" })).toBeVisible();
  await expect(page.getByText("No shipments are being prepared.")).toBeVisible();
  await expectAccessible(page);

  // One order's slip by number, at phone width.
  await openShipping(page);
  const orderNumber = await row(page, "Blake Preparing")
    .getByRole("link", { name: /^BBS-\d{8}$/ })
    .innerText();
  await page.goto(`/budzadmin/print/packing-slips?order=${orderNumber}`);
  await expect(page.getByRole("heading", { name: "Packing slip", exact: true })).toBeVisible();
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await shot(page, "packing-slip-phone");
  await expectAccessible(page);
});
