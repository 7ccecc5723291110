import type { Locator, Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { AGE_COOKIE } from "../fixtures";
import { confirmDialog, openScreen, rowsWith, screenshots, toast } from "./admin-screen";
import { expect, test } from "./lots-store";

const shot = screenshots("LOTS_SHOTS", { widths: [390, 1280] });

/** A part of the page at phone and desktop widths (a modal scrolls inside itself), when asked. */
async function shotOf(page: Page, part: Locator, name: string) {
  const folder = process.env.LOTS_SHOTS;
  if (!folder) return;
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: `${folder}/${name}-${width}.png` });
  }
  if (viewport) await page.setViewportSize(viewport);
}

/** A calendar day `n` days from today (the browser's and the store's day agree within one). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

test("a delivery received with its lot shows in Stock by lot and on the Lots screen", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The product's page is a dialog over the list (the list behind it is hidden from roles).
  await page.goto(`/budzadmin/dashboard/products/${store.productId}`);
  const details = page.getByRole("dialog", { name: "Product Details" });
  await expect(details.getByRole("heading", { name: "Northern Lights" })).toBeVisible();
  const byLot = details.getByRole("region", { name: "Stock by lot" });
  await expect(
    byLot.getByRole("link", { name: "Unrecorded (stock from before lots)" }),
  ).toBeVisible();

  await details.getByRole("button", { name: "Adjust stock of Northern Lights, 7g" }).click();
  const adjust = page.getByRole("dialog", { name: "Adjust stock" });
  await expect(adjust.getByLabel("Reason")).toHaveValue("received");
  const lot = adjust.getByRole("group", { name: "Lot" });
  await adjust.getByLabel("Quantity").fill("12");
  await lot.getByLabel("Lot number").fill("NL-2611");
  await lot.getByLabel("Packaged on").fill(day(-30));
  // An expiry before the packaging is refused in the dialog, with the message on the field.
  await lot.getByLabel("Best before / expiry").fill(day(-40));
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(
    lot.getByText("The expiry date cannot be before the packaged-on date."),
  ).toBeVisible();
  await expectAccessible(page, { include: '[role="dialog"]' });
  await shotOf(page, adjust, "lots-adjust");
  await lot.getByLabel("Best before / expiry").fill(day(20));
  await lot.getByLabel("Supplier").fill("Northern Leaf Farms");
  await lot.getByLabel("Or upload the PDF").setInputFiles({
    name: "coa-NL-2611.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(toast(page, "Stock updated (+12): 12 in stock.")).toBeVisible();
  await expect(adjust).toHaveCount(0);

  const received = byLot.getByRole("row").filter({ hasText: "NL-2611" });
  await expect(received).toContainText("7g");
  await expect(received).toContainText("Northern Leaf Farms");
  await expect(received).toContainText(/Expires in 2[01] days/);
  await expect(received).toContainText("12");
  const certificate = received.getByRole("link", {
    name: /^Certificate of analysis of lot NL-2611/,
  });
  const coa = await page.request.get((await certificate.getAttribute("href"))!);
  expect(coa.status()).toBe(200);
  expect(coa.headers()["content-type"]).toBe("application/pdf");
  expect((await coa.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectAccessible(page);
  await shotOf(page, byLot, "lots-product");

  // Taking out: the first lot to expire unless one is chosen; a count of the size's one lot is of it.
  await details.getByRole("button", { name: "Adjust stock of Northern Lights, 7g" }).click();
  await adjust.getByText("Remove", { exact: true }).click();
  const lotChoice = adjust.getByLabel("Lot", { exact: true });
  await expect(lotChoice).toHaveValue("");
  await expect(lotChoice.locator("option")).toHaveText([
    "First to expire (automatic)",
    /^NL-2611 · 12 on hand · expires /,
  ]);
  await adjust.getByText("Set count", { exact: true }).click();
  await expect(lotChoice.locator("option")).toHaveText([/^NL-2611 · 12 on hand/]);
  await adjust.getByLabel("Counted stock").fill("11");
  await expect(adjust.getByText("Stock after: 11")).toBeVisible();
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(toast(page, "Stock updated (-1): 11 in stock.")).toBeVisible();
  await expect(byLot.getByRole("row").filter({ hasText: "NL-2611" })).toContainText("11");

  // The Lots screen, from the Stock movements screen's header.
  await openScreen(page, "/budzadmin/dashboard/stock", "Stock movements");
  await page.getByRole("link", { name: "Lots", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Lots", level: 1 })).toBeVisible();
  await expect(rowsWith(page, "NL-2611")).toContainText("Northern Lights");
  await expect(rowsWith(page, "Unrecorded")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search by lot number" }).fill("nl-26");
  await expect(page).toHaveURL(/q=nl-26/);
  await expect(rowsWith(page, "Unrecorded")).toHaveCount(0);
  await expect(rowsWith(page, "NL-2611")).toHaveCount(1);
  await page.getByLabel("Show").selectOption("expired");
  await expect(page.getByText('No lot number starts with "nl-26".')).toBeVisible();
  await page.getByLabel("Show").selectOption("expiring");
  await expect(rowsWith(page, "NL-2611")).toContainText(/Expires in 2[01] days/);
  await expectAccessible(page);
  await shot(page, "lots-screen");

  // A lot's number leads to its page; its product to the product's.
  await rowsWith(page, "NL-2611").getByRole("link", { name: "Northern Lights" }).click();
  await expect(page.getByRole("dialog", { name: "Product Details" })).toBeVisible();
});

test("receive → sell → recall → notice: the shopper's unit names its lot, the recall finds the order and tells them once", async ({
  adminPage: page,
  store,
  browser,
}) => {
  // Received in the admin: a lot of the 7g that expires before any other, so the sale takes it.
  await page.setViewportSize({ width: 1280, height: 900 });
  // The product's page is a dialog over the list (the list behind it is hidden from roles).
  await page.goto(`/budzadmin/dashboard/products/${store.productId}`);
  const details = page.getByRole("dialog", { name: "Product Details" });
  await expect(details.getByRole("heading", { name: "Northern Lights" })).toBeVisible();
  await details.getByRole("button", { name: "Adjust stock of Northern Lights, 7g" }).click();
  const adjust = page.getByRole("dialog", { name: "Adjust stock" });
  const lot = adjust.getByRole("group", { name: "Lot" });
  await adjust.getByLabel("Quantity").fill("4");
  await lot.getByLabel("Lot number").fill("NL-FLOW-9");
  await lot.getByLabel("Packaged on").fill(day(-10));
  await lot.getByLabel("Best before / expiry").fill(day(5));
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(toast(page, /^Stock updated \(\+4\)/)).toBeVisible();

  // Sold on the storefront, on a phone.
  const shopper = await browser.newContext({
    baseURL: store.url,
    viewport: { width: 390, height: 844 },
  });
  await shopper.addCookies([{ ...AGE_COOKIE, url: store.url }]);
  const shop = await shopper.newPage();
  await shop.goto("/products/northern-lights");
  const main = shop.getByRole("main");
  // The size picker answers once the page is hydrated: the price then follows the 7g.
  await expect(async () => {
    await main
      .getByRole("group", { name: "Size" })
      .first()
      .getByText("7g", { exact: true })
      .click();
    await expect(main.getByRole("status", { name: "Price" })).toHaveText("$59.00", {
      timeout: 1000,
    });
  }).toPass();
  await main.getByRole("button", { name: "Add to Cart" }).first().click();
  await shop
    .getByRole("dialog", { name: /Your Cart/ })
    .getByRole("link", { name: "Proceed to Checkout" })
    .click();
  await expect(shop.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(shop.getByRole("complementary").getByTestId("total")).toBeVisible();
  await main.getByLabel("Email").fill("flow-buyer@example.com");
  await main.getByLabel("Phone").fill("(604) 555-0199");
  await main.getByLabel("Full name").fill("Flow Buyer");
  await main.getByLabel("Street address").fill("123 Main St");
  await main.getByLabel("City").fill("Vancouver");
  await main.getByLabel("Province or territory").selectOption("BC");
  await main.getByLabel("Postal code").fill("v6b1a1");
  await main.getByLabel(/I confirm I am 19 years of age or older/).check();
  await shop.getByRole("button", { name: /Place order/ }).click();
  await expect(
    shop.getByRole("heading", { name: "Thank you! Your order is placed." }),
  ).toBeVisible();
  const orderNumber = (await shop.getByTestId("order-number").textContent())!;
  await shopper.close();

  // The order page names the lot its unit came from; the lot page leads to the recall.
  await openScreen(page, `/budzadmin/dashboard/orders/${orderNumber}`, `Order ${orderNumber}`);
  await page.getByRole("link", { name: "NL-FLOW-9" }).click();
  await expect(page.getByRole("heading", { name: "Lot NL-FLOW-9", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Orders that took this lot" })).toBeVisible();
  await expect(rowsWith(page, orderNumber)).toContainText("Flow Buyer");
  await page.getByLabel("Notice number").fill("RA-2026-FLOW");
  await page.getByLabel("Notice text").fill("Mould found in retained samples.");
  await page.getByRole("button", { name: "Recall lot…" }).click();
  await confirmDialog(page, "Recall lot NL-FLOW-9?")
    .getByRole("button", { name: "Recall lot" })
    .click();
  await expect(toast(page, "Lot NL-FLOW-9 recalled: 3 units quarantined.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Affected orders" })).toBeVisible();

  // One notice to the shopper, listed with its state; then nobody is left to tell.
  await page.getByRole("button", { name: "Send recall notices" }).click();
  await confirmDialog(page, "Send recall notices?")
    .getByRole("button", { name: "Send notices" })
    .click();
  await expect(toast(page, "1 recall notice queued.")).toBeVisible();
  const notices = page.getByRole("table", { name: "Recall notices sent, newest first" });
  await expect(notices.locator("tbody tr")).toHaveCount(1);
  await expect(notices).toContainText("flow-buyer@example.com");
  await expect(page.getByText("Every affected customer has been sent one.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send recall notices" })).toBeDisabled();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(notices.locator("tbody tr")).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, "lots-recalled");
});
