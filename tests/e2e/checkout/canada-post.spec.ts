import type { Page } from "@playwright/test";
import { productVariations, storeSettings } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { FAKE_CREDENTIALS, startCanadaPostFake } from "../../fixtures/canada-post/fake-server";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { ownStoreFixtures, startOwnStore, type OwnStoresWorker } from "../own-store";
import { expect, test as base } from "../admin/admin-fixtures";
import { screenshots, toast } from "../admin/admin-screen";
import { cartItem, seedCheckoutProducts, type CheckoutStore } from "./checkout-store";

// The owner connects Canada Post (a local fake of its API, started with the store); shoppers then
// choose among its live rates, and the order keeps the service (docs/product/fulfilment.md).
const test = base.extend<
  {
    ids: CheckoutStore["ids"];
    store: { url: string; ids: CheckoutStore["ids"]; stop(): Promise<void> };
  },
  OwnStoresWorker
>({
  ...ownStoreFixtures(async function startCanadaPostStore() {
    const fake = await startCanadaPostFake();
    const store = await startOwnStore({
      name: "canada-post",
      seed: (dataDir) =>
        withStoreDatabase(dataDir, async (db) => {
          const ids = await seedCheckoutProducts(db);
          // Weighed sizes and a sender for the labels.
          await db.update(productVariations).set({ packedGrams: 40 });
          await db.insert(storeSettings).values({
            key: "store",
            value: {
              name: "Budz Boutique",
              email: "shop@budz.example",
              phone: "604-555-0100",
              hours: null,
              address: "1 Water Street\nVancouver BC V6B 1A1",
              gstNumber: null,
              logoUrl: null,
            },
          });
          return ids;
        }),
      env: { CANADA_POST_API_URL: fake.url },
    });
    return {
      url: store.url,
      ids: store.seeded,
      stop: async () => {
        await store.stop();
        await fake.close();
      },
    };
  }),
  ids: async ({ store }, provide) => provide(store.ids),
});
test.describe.configure({ mode: "serial" });

const main = (page: Page) => page.getByRole("main");
const shot = screenshots("CANADA_POST_SHOTS", { widths: [390, 1280] });

test("without Canada Post, the owner's rate table prices parcels by weight and zone", async ({
  adminPage: page,
  page: shopper,
  ids,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/budzadmin/dashboard/settings");
  const shipping = page.getByRole("region", { name: "Shipping" });
  await shipping.getByLabel(/By weight and zone/).check();
  await shipping.getByLabel("Weight bands (g)").fill("100, 1000");
  await shipping.getByLabel("Everywhere else: fees ($), one per band").fill("15, 19");
  await shipping.getByLabel("Zone 1 name").fill("Vancouver Island");
  await shipping.getByLabel("Postal-code prefixes").first().fill("V8, V9");
  await shipping.getByLabel("Fees ($), one per band", { exact: true }).first().fill("9.50, 12");
  await shipping.getByRole("button", { name: "Save shipping" }).click();
  await expect(
    shipping.getByText(
      "Everywhere else: give 3 fees, one per weight band, in dollars, like 9.50, 12.00, 14.50",
    ),
  ).toBeVisible();
  await shipping.getByLabel("Everywhere else: fees ($), one per band").fill("15, 19, 24");
  await shipping.getByLabel("Fees ($), one per band", { exact: true }).first().fill("9.50, 12, 16");
  await shipping.getByRole("button", { name: "Save shipping" }).click();
  await expect(toast(page, "Shipping settings saved.")).toBeVisible();
  await expect(shipping.getByText(/Now: Up to 100 g · Up to 1 kg · Over 1 kg/)).toBeVisible();
  await shot(page, "rate-table-settings");
  await expectAccessible(page);

  // One 3.5 g size packed at 40 g: a 50 g parcel, to Victoria (V8W): the island's first band.
  await shopper.goto("/");
  await shopper.evaluate(
    (cart) => window.localStorage.setItem("cart", cart),
    JSON.stringify([cartItem(ids.lights35, "Northern Lights (3.5g)", 45)]),
  );
  await shopper.goto("/checkout");
  await main(shopper).getByLabel("Province or territory").selectOption("BC");
  await main(shopper).getByLabel("Postal code").fill("V8W 1A1");
  await expect(
    main(shopper).getByRole("radio", { name: /Canada Post parcel.*\$9\.50/ }),
  ).toBeChecked();
  await main(shopper).getByLabel("Postal code").fill("V6B 1A1");
  await expect(
    main(shopper).getByRole("radio", { name: /Canada Post parcel.*\$15\.00/ }),
  ).toBeChecked();
});

test("the owner connects Canada Post, and the test says it works", async ({ adminPage: page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/budzadmin/dashboard/settings");
  await page
    .getByRole("region", { name: "Shipping" })
    .getByRole("link", { name: "Canada Post account" })
    .click();
  await expect(page.getByRole("heading", { name: "Canada Post", level: 1 })).toBeVisible();
  const form = page.getByRole("region", { name: "Connect" });
  await form.getByLabel("Customer number").fill("12-34");
  await form.getByLabel("API user name").fill(FAKE_CREDENTIALS.username);
  await form.getByLabel("Origin postal code").fill("v6b1a1");
  await form.getByLabel("Xpresspost").check();
  await form.getByRole("button", { name: "Connect Canada Post" }).click();
  await expect(
    form.getByText(
      "Customer number must be the 1 to 10 digits Canada Post gave you, like 0001234567",
    ),
  ).toBeVisible();
  await form.getByLabel("Customer number").fill("0001234567");
  await form.getByLabel("API password").fill(FAKE_CREDENTIALS.password);
  await form.getByRole("button", { name: "Connect Canada Post" }).click();
  await expect(toast(page, "Canada Post account saved. Test the connection below.")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Account" }).getByLabel("API password"),
  ).toHaveValue("");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(toast(page, "Canada Post answered: the account works (development).")).toBeVisible();
  await shot(page, "canada-post-settings");
  await expectAccessible(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("a shopper chooses Xpresspost among the live rates, and the order keeps it", async ({
    page,
    ids,
  }) => {
    await page.goto("/");
    await page.evaluate(
      (cart) => window.localStorage.setItem("cart", cart),
      JSON.stringify([cartItem(ids.lights35, "Northern Lights (3.5g)", 45)]),
    );
    await page.goto("/checkout");
    await main(page).getByLabel("Email").fill("victoria@example.com");
    await main(page).getByLabel("Phone").fill("250-555-0199");
    await main(page).getByLabel("Full name").fill("Morgan Castellanos-Whitfield");
    await main(page).getByLabel("Street address").fill("1200 Government Street, Unit 12");
    await main(page).getByLabel("City").fill("Victoria");
    await main(page).getByLabel("Province or territory").selectOption("BC");
    await main(page).getByLabel("Postal code").fill("V8W 1A1");
    await main(page)
      .getByLabel(/I confirm I am 19 years of age or older/)
      .check();
    const rates = main(page).getByRole("radio");
    await expect(rates).toHaveCount(3);
    await expect(main(page).getByText("Canada Post Regular Parcel")).toBeVisible();
    await expect(main(page).getByText(/Expected December 2, 2026/)).toBeVisible();
    await main(page)
      .getByRole("radio", { name: /Canada Post Xpresspost/ })
      .check();
    await expect(page.getByRole("complementary")).toContainText("$22.73");
    await shot(page, "canada-post-checkout");
    await expectAccessible(page);
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you! Your order is placed." }),
    ).toBeVisible();
    await expect(page.getByText("Canada Post Xpresspost, Proof of Age PA19")).toBeVisible();
  });
});

test("staff buy the parcel's label with Proof of Age, print it, and ship with its tracking number", async ({
  adminPage: page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/budzadmin/dashboard/orders");
  const orderNumber = (await page
    .getByRole("link", { name: /^BBS-\d{8}$/ })
    .first()
    .textContent())!;
  await page.goto(`/budzadmin/dashboard/orders/${orderNumber}`);
  await expect(page.getByText("Canada Post Xpresspost, Proof of Age PA19")).toBeVisible();
  await page.getByRole("button", { name: "Mark paid" }).click();
  await page.getByRole("dialog").getByLabel("e-Transfer reference").fill(`ET-${orderNumber}`);
  await page.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText(`${orderNumber} is now Paid.`)).toBeVisible();
  await page.getByRole("button", { name: "Start processing" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Start processing" }).click();
  await expect(page.getByText(`${orderNumber} is now Processing.`)).toBeVisible();

  await page.goto("/budzadmin/dashboard/shipping");
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await row.getByRole("button", { name: "Create label" }).click();
  await expect(toast(page, /label bought, tracking number \d+/)).toBeVisible();
  const print = row.getByRole("link", { name: /Print the label of order/ });
  await expect(print).toBeVisible();
  const pdf = await page.request.get((await print.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await shot(page, "canada-post-shipping");
  await expectAccessible(page);

  await row.getByRole("link", { name: /^Ship order/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("textbox", { name: /Canada Post tracking number/ })).toHaveValue(
    /\d{12,16}/,
  );
});
