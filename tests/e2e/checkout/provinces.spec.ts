import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { openFromSidebar } from "../admin/admin-screen";
import { cartItem, expect, test } from "./checkout-store";

// The owner's province rules and sales taxes, from the settings screen to the order.
test.describe.configure({ mode: "serial" });

const SETTINGS = "/budzadmin/dashboard/settings/provinces";

function main(page: Page) {
  return page.getByRole("main");
}

test("the owner stops shipping to Nunavut and schedules a rate on the Provinces & Taxes screen", async ({
  adminPage: page,
}) => {
  await openFromSidebar(page, "Provinces & Taxes", "Provinces & Taxes");
  const table = page.getByRole("table", { name: "Provinces and territories" });
  await expect(table.getByRole("row")).toHaveCount(14);
  const quebec = table.getByRole("row", { name: /Quebec/ });
  await expect(quebec).toContainText("21+");
  await expect(quebec).toContainText("GST 5% + QST 9.975%");
  await expect(table.getByRole("row", { name: /Nova Scotia/ })).toContainText("HST 14%");
  await expectAccessible(page);

  await table.getByRole("link", { name: "Nunavut" }).click();
  await expect(page.getByRole("heading", { name: "Nunavut" })).toBeVisible();
  await page.getByLabel(/Ship to Nunavut/).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Nunavut saved.")).toBeVisible();
  await expect(page.getByLabel(/Ship to Nunavut/)).not.toBeChecked();

  // A future rate: scheduled, shown in the history, then removed.
  const nextYear = new Date().getFullYear() + 1;
  await page.getByLabel("Tax", { exact: true }).selectOption("GST");
  await page.getByLabel("Rate (%)").fill("6");
  // (A past date is refused by the date field's minimum, and by the server: integration tests.)
  await page.getByLabel("Effective from").fill(`${nextYear}-01-01`);
  await page.getByRole("button", { name: "Add rate" }).click();
  await expect(
    page.getByText(`GST 6% scheduled for Nunavut from Jan 1, ${nextYear}.`),
  ).toBeVisible();
  const history = page.getByRole("table", { name: /Tax rates of Nunavut/ });
  await expect(history.getByRole("row", { name: /GST 6%/ })).toContainText("Scheduled");
  await expect(history.getByRole("row", { name: /GST 5%/ })).toContainText("In force");
  await expectAccessible(page);
  await history.getByRole("button", { name: /Remove GST 6%/ }).click();
  await expect(page.getByText("Scheduled rate removed from Nunavut.")).toBeVisible();
  await expect(history.getByRole("row", { name: /GST 6%/ })).toHaveCount(0);

  await page.goto(SETTINGS);
  await expect(
    page.getByRole("table", { name: "Provinces and territories" }).getByRole("row", {
      name: /Nunavut/,
    }),
  ).toContainText("Not served");
});

test("checkout refuses Nunavut, asks Quebec's 21 with GST and QST but offers no way to receive it there, then places a BC order", async ({
  page,
  ids,
}) => {
  await page.goto("/");
  await page.evaluate(
    (cart) => window.localStorage.setItem("cart", cart),
    JSON.stringify([cartItem(ids.gummies, "Mango Gummies", 12.5, 2)]),
  );
  await page.goto("/checkout");
  const summary = page.getByRole("complementary");
  await expect(summary.getByTestId("total")).toHaveText("$45.00");
  await expect(summary.getByTestId("taxes-note")).toHaveText("Calculated at checkout");

  await main(page).getByLabel("Email").fill("quebec@example.com");
  await main(page).getByLabel("Phone").fill("514-555-0199");
  await main(page).getByLabel("Full name").fill("Marie Tremblay");
  await main(page).getByLabel("Street address").fill("1 Rue Sainte-Catherine");
  await main(page).getByLabel("City").fill("Iqaluit");
  await main(page).getByLabel("Province or territory").selectOption("NU");
  await main(page).getByLabel("Postal code").fill("X0A 0H0");
  const refusal = "Sorry, we don't ship to Nunavut. Please choose another province or territory.";
  await expect(main(page).getByText(refusal)).toBeVisible();
  await expect(main(page).getByLabel("Province or territory")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await main(page)
    .getByLabel(/I confirm I am 19 years of age or older/)
    .check();
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main(page).getByLabel("Province or territory")).toBeFocused();
  await expectAccessible(page);

  // Quebec: the box asks 21 again (cleared), and the taxes appear as two lines.
  await main(page).getByLabel("City").fill("Montréal");
  await main(page).getByLabel("Province or territory").selectOption("QC");
  await main(page).getByLabel("Postal code").fill("H3B 1A1");
  await expect(main(page).getByText(refusal)).toHaveCount(0);
  const age = main(page).getByLabel(
    "I confirm I am 21 years of age or older, the legal age in Quebec, and that the person receiving this order is too.",
  );
  await expect(age).not.toBeChecked();
  // $25.00 + $20.00 shipping: GST 5% $2.25, QST 9.975% $4.48875 → $4.49.
  await expect(summary.getByTestId("tax-line")).toHaveText(["GST 5%$2.25", "QST 9.975%$4.49"]);
  await expect(summary.getByTestId("total")).toHaveText("$51.74");

  // The cart drawer knows the province chosen at checkout.
  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(drawer.getByTestId("tax-line")).toHaveText(["GST 5%$2.25", "QST 9.975%$4.49"]);
  await expect(drawer.getByTestId("total")).toHaveText("$51.74");
  await page.keyboard.press("Escape");

  // No private retailer may sell in Quebec: no way to receive the order is offered.
  await expect(
    main(page).getByText(
      "Sorry, Quebec's law does not let a private store deliver or send cannabis there, so we can't get an order to you. Please choose another province or territory.",
    ),
  ).toBeVisible();

  // British Columbia: GST and PST, the store's 19, a Canada Post parcel, through to the confirmation.
  await main(page).getByLabel("City").fill("Vancouver");
  await main(page).getByLabel("Province or territory").selectOption("BC");
  await main(page).getByLabel("Postal code").fill("V6B 1A1");
  // $25.00 + $20.00 shipping: GST 5% $2.25, PST 7% $3.15.
  await expect(summary.getByTestId("tax-line")).toHaveText(["GST 5%$2.25", "PST 7%$3.15"]);
  await expect(main(page).getByRole("radio", { name: /Canada Post parcel/ })).toBeChecked();
  await main(page)
    .getByLabel(/I confirm I am 19 years of age or older/)
    .check();
  await page.getByRole("button", { name: "Place order · $50.40" }).click();
  await expect(
    page.getByRole("heading", { name: "Thank you! Your order is placed." }),
  ).toBeVisible();
  await expect(page.getByText("PST 7%")).toBeVisible();
  await expect(page.getByText("$3.15")).toBeVisible();
  const pay = page.getByRole("region", { name: "Pay by Interac e-Transfer" });
  await expect(pay.getByText("$50.40")).toBeVisible();
  await expectAccessible(page);
});
