import type { Page } from "@playwright/test";
import { withStoreDatabase } from "../../fixtures/database";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { ownStoreFixtures, startOwnStore, type OwnStoresWorker } from "../own-store";
import { expect, test as base } from "../admin/admin-fixtures";
import { cartItem, seedCheckoutProducts, type CheckoutStore } from "./checkout-store";

// The owner sets up delivery and pickup; shoppers in Toronto, Calgary and Vancouver are offered
// what their province allows (docs/product/fulfilment.md). A store of its own: the other checkout
// specs expect parcels only.
const test = base.extend<
  {
    ids: CheckoutStore["ids"];
    store: { url: string; ids: CheckoutStore["ids"]; stop(): Promise<void> };
  },
  OwnStoresWorker
>({
  ...ownStoreFixtures(async function startFulfilmentStore() {
    const store = await startOwnStore({
      name: "fulfilment",
      seed: (dataDir) => withStoreDatabase(dataDir, seedCheckoutProducts),
    });
    return { url: store.url, ids: store.seeded, stop: store.stop };
  }),
  ids: async ({ store }, provide) => provide(store.ids),
});
test.describe.configure({ mode: "serial" });

const main = (page: Page) => page.getByRole("main");

test("the owner turns on delivery and pickup, and sets a zone and a window", async ({
  adminPage: page,
}) => {
  await page.goto("/budzadmin/dashboard/settings");
  const section = page.getByRole("region", { name: "Fulfilment" });
  await section.getByLabel(/Local delivery/).check();
  await section.getByLabel(/Pickup at the store/).check();
  await section.getByRole("button", { name: "Save fulfilment" }).click();
  await expect(section.getByText("Pickup address is required to offer pickup")).toBeVisible();
  await section.getByLabel("Pickup address").fill("88 Queen Street West\nToronto ON M5H 2N2");
  await section.getByLabel("Pickup hours").fill("Mon-Sat 10AM-8PM");
  await section.getByRole("button", { name: "Save fulfilment" }).click();
  await expect(page.getByText("Fulfilment settings saved.")).toBeVisible();
  await expectAccessible(page);

  await section.getByRole("link", { name: "Delivery zones & windows" }).click();
  await expect(
    page.getByRole("heading", { name: "Delivery zones & windows", level: 1 }),
  ).toBeVisible();
  const zones = page.getByRole("region", { name: "Zones" });
  await zones.getByLabel("Zone name").fill("Downtown Toronto");
  await zones.getByLabel("Postal-code prefixes").fill("M5V, M5H1, M6");
  await zones.getByLabel("Delivery fee ($)").fill("8");
  await zones.getByRole("button", { name: "Add zone" }).click();
  await expect(zones.getByText(/"M5H1" is not a postal-code prefix/)).toBeVisible();
  await zones.getByLabel("Postal-code prefixes").fill("M5V, M5H, M6");
  await zones.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Delivery zone Downtown Toronto saved.")).toBeVisible();
  await zones.getByLabel("Zone name").fill("Vancouver");
  await zones.getByLabel("Postal-code prefixes").fill("V6B");
  await zones.getByLabel("Delivery fee ($)").fill("10");
  await zones.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Delivery zone Vancouver saved.")).toBeVisible();
  await expect(zones.getByRole("row", { name: /Downtown Toronto/ })).toContainText("M5V, M5H, M6");

  const windows = page.getByRole("region", { name: "Weekly windows" });
  await windows.getByLabel("Day").selectOption("Monday");
  await windows.getByLabel("Orders per window").fill("3");
  await windows.getByRole("button", { name: "Add window" }).click();
  await expect(page.getByText("Delivery window Monday 4 p.m. to 6 p.m. added.")).toBeVisible();
  await expect(windows.getByText("3 orders")).toBeVisible();
  await expectAccessible(page);
});

async function checkoutTo(
  page: Page,
  ids: CheckoutStore["ids"],
  address: { city: string; province: string; postalCode: string },
) {
  await page.goto("/");
  await page.evaluate(
    (cart) => window.localStorage.setItem("cart", cart),
    JSON.stringify([cartItem(ids.lights35, "Northern Lights (3.5g)", 45)]),
  );
  await page.goto("/checkout");
  await expect(page.getByRole("complementary").getByTestId("total")).toBeVisible();
  await main(page).getByLabel("Email").fill(`${address.city.toLowerCase()}@example.com`);
  await main(page).getByLabel("Phone").fill("416-555-0199");
  await main(page).getByLabel("Full name").fill("Alex Morgan-Fitzgerald");
  await main(page).getByLabel("Street address").fill("100 King Street West, Suite 5700");
  await main(page).getByLabel("City").fill(address.city);
  await main(page).getByLabel("Province or territory").selectOption(address.province);
  await main(page).getByLabel("Postal code").fill(address.postalCode);
  await main(page)
    .getByLabel(/I confirm I am 19 years of age or older/)
    .check();
}

const methods = (page: Page) => main(page).getByRole("radio");

test.describe("on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("a shopper in Toronto gets local delivery or pickup, never a parcel, and books a window", async ({
    page,
    ids,
  }) => {
    await checkoutTo(page, ids, { city: "Toronto", province: "ON", postalCode: "M5V 2T6" });
    await expect(methods(page)).toHaveCount(2);
    await expect(main(page).getByRole("radio", { name: /Local delivery/ })).toBeChecked();
    await expect(main(page).getByRole("radio", { name: /Pickup at the store/ })).toBeVisible();
    await expect(main(page).getByText("Canada Post parcel")).toHaveCount(0);
    // $45 + $8 delivery + 13 % HST.
    await expect(page.getByRole("complementary").getByTestId("total")).toHaveText("$59.89");
    await expectAccessible(page);

    // Without a window the server says what is missing.
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(main(page).getByText("Please choose a delivery window")).toBeVisible();
    const window = main(page).getByLabel("Delivery window");
    await window.selectOption({ index: 1 });
    await expect(window).toHaveValue(/@/);
    await page.getByRole("button", { name: "Place order · $59.89" }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you! Your order is placed." }),
    ).toBeVisible();
    await expect(page.getByText(/^Local delivery, Monday, /)).toBeVisible();
    await expect(page.getByText("Local delivery", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the driver on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("the delivery run lists the booked Toronto order, unpaid so not to deliver", async ({
    adminPage: page,
  }) => {
    await page.goto("/budzadmin/dashboard/shipping");
    await page.getByRole("link", { name: "Delivery run" }).click();
    await expect(page.getByRole("heading", { name: "Delivery run", level: 1 })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Days with deliveries" })
      .getByRole("link")
      .first()
      .click();
    const stop = page.getByRole("listitem").filter({ hasText: "Alex Morgan-Fitzgerald" });
    await expect(stop).toContainText("100 King Street West, Suite 5700, Toronto ON M5V 2T6");
    await expect(stop).toContainText("1 × Northern Lights (3.5g)");
    await expect(stop).toContainText("Not paid yet: do not deliver.");
    await expect(page.getByRole("heading", { name: "4 p.m. to 6 p.m." })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("Calgary gets a parcel marked PA18; Vancouver a parcel marked PA19 or delivery", async ({
    page,
    ids,
  }) => {
    await checkoutTo(page, ids, { city: "Calgary", province: "AB", postalCode: "T2P 1J9" });
    await expect(main(page).getByRole("radio", { name: /Canada Post parcel/ })).toBeChecked();
    await expect(main(page).getByText(/Proof of Age \(PA18\)/)).toBeVisible();
    await expect(main(page).getByRole("radio", { name: /Local delivery/ })).toHaveCount(0);
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you! Your order is placed." }),
    ).toBeVisible();
    await expect(page.getByText("Canada Post parcel, Proof of Age PA18")).toBeVisible();

    await checkoutTo(page, ids, { city: "Vancouver", province: "BC", postalCode: "V6B 1A1" });
    await expect(methods(page)).toHaveCount(3);
    await expect(main(page).getByText(/Proof of Age \(PA19\)/)).toBeVisible();
    await main(page)
      .getByRole("radio", { name: /Local delivery/ })
      .check();
    // $45 + $10 delivery + GST 5 % and PST 7 %.
    await expect(page.getByRole("complementary").getByTestId("total")).toHaveText("$61.60");
    await expect(main(page).getByLabel("Delivery window")).toBeVisible();
    await expectAccessible(page);
    await main(page)
      .getByRole("radio", { name: /Canada Post parcel/ })
      .check();
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you! Your order is placed." }),
    ).toBeVisible();
    await expect(page.getByText("Canada Post parcel, Proof of Age PA19")).toBeVisible();
  });
});
