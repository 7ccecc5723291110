import type { Page } from "@playwright/test";
import { withStoreDatabase } from "../../fixtures/database";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { ownStoreFixtures, startOwnStore, type OwnStoresWorker } from "../own-store";
import { expect, test as base } from "../admin/admin-fixtures";
import { screenshots } from "../admin/admin-screen";
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
const shot = screenshots("FULFILMENT_SHOTS", { widths: [390, 1280] });

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
  address: { city: string; province: string; postalCode: string; name?: string },
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
  await main(page)
    .getByLabel("Full name")
    .fill(address.name ?? "Alex Morgan-Fitzgerald");
  await main(page).getByLabel("Street address").fill("100 King Street West, Suite 5700");
  await main(page).getByLabel("City").fill(address.city);
  await main(page).getByLabel("Province or territory").selectOption(address.province);
  await main(page).getByLabel("Postal code").fill(address.postalCode);
  await main(page)
    .getByLabel(/I confirm I am 19 years of age or older/)
    .check();
}

const methods = (page: Page) => main(page).getByRole("radio");

/** Places a Toronto delivery in the first window; its order number. */
async function placeTorontoDelivery(page: Page, ids: CheckoutStore["ids"], name: string) {
  await checkoutTo(page, ids, { city: "Toronto", province: "ON", postalCode: "M5V 2T6", name });
  await main(page).getByLabel("Delivery window").selectOption({ index: 1 });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(
    page.getByRole("heading", { name: "Thank you! Your order is placed." }),
  ).toBeVisible();
  return (await main(page)
    .getByText(/BBS-\d{8}/)
    .first()
    .textContent())!.match(/BBS-\d{8}/)![0];
}

/** Staff record the e-Transfer on the order's page. */
async function markPaid(page: Page, orderNumber: string) {
  await page.goto(`/budzadmin/dashboard/orders/${orderNumber}`);
  await page.getByRole("button", { name: "Mark paid" }).click();
  await page.getByRole("dialog").getByLabel("e-Transfer reference").fill(`ET-${orderNumber}`);
  await page.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText(`${orderNumber} is now Paid.`)).toBeVisible();
}

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

  test("once paid, the driver checks ID at the door and records the delivery", async ({
    adminPage: page,
  }) => {
    await page.goto("/budzadmin/dashboard/orders?q=Alex");
    const orderNumber = (await page
      .getByText(/BBS-\d{8}/)
      .first()
      .textContent())!.match(/BBS-\d{8}/)![0];
    await markPaid(page, orderNumber);
    await page.getByRole("link", { name: "Hand over" }).click();
    await expect(
      page.getByRole("heading", { name: `Hand over ${orderNumber}`, level: 1 }),
    ).toBeVisible();
    await expect(main(page).getByText("Collect: nothing (paid).")).toBeVisible();
    await expectAccessible(page);

    // Ontario's age is 19: a licence showing 2010 cannot take it.
    const handedOver = page.getByRole("region", { name: "Handed over" });
    await handedOver.getByLabel("ID checked").selectOption("Driver's licence");
    await handedOver.getByLabel("Year of birth on the ID").fill("2010");
    await handedOver.getByRole("button", { name: "Delivered" }).click();
    await expect(handedOver.getByText(/Born in 2010, they are under 19/)).toBeVisible();
    await expect(handedOver.getByLabel("Year of birth on the ID")).toBeFocused();
    // Turning 19 this year: the birthday must have passed, and the tick says so.
    await handedOver.getByLabel("Year of birth on the ID").fill("2007");
    await handedOver.getByRole("button", { name: "Delivered" }).click();
    await expect(handedOver.getByText(/they turn 19 this year/).first()).toBeVisible();
    await expect(handedOver.getByLabel(/Their birthday this year has passed/)).toBeFocused();
    await expectAccessible(page);
    await shot(page, "handover-refused-age");
    await handedOver.getByLabel("Year of birth on the ID").fill("1988");
    await handedOver.getByRole("button", { name: "Delivered" }).click();
    await expect(page.getByText(`Order ${orderNumber} handed over.`)).toBeVisible();
    const record = page.getByRole("region", { name: "Delivery record" });
    await expect(record).toContainText("Handed over");
    await expect(record).toContainText("Driver's licence, born 1988.");
    await shot(page, "handover-done");
    await expect(page.getByRole("region", { name: "Handed over" })).toHaveCount(0);
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

  test("a delivery refused at the door comes back refunded, and the records list both", async ({
    page: shopper,
    adminPage: page,
    ids,
  }) => {
    const orderNumber = await placeTorontoDelivery(shopper, ids, "Robin Nobody-Home");
    await markPaid(page, orderNumber);
    await page.goto(`/budzadmin/print/delivery-run`);
    await page
      .getByRole("navigation", { name: "Days with deliveries" })
      .getByRole("link")
      .first()
      .click();
    await page.getByRole("link", { name: `Hand over ${orderNumber} to Robin Nobody-Home` }).click();
    const refused = page.getByRole("region", { name: "Not handed over" });
    await expect(refused).toContainText("a refund of $59.89 is recorded");
    await shot(page, "handover-form");
    await refused.getByRole("button", { name: "Record as refused" }).click();
    await expect(refused.getByText("Choose why the order was not handed over.")).toBeVisible();
    await refused.getByLabel("Nobody there").check();
    await refused.getByRole("button", { name: "Record as refused" }).click();
    await expect(
      page.getByText(`Order ${orderNumber} recorded as refused: its stock is back`),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Delivery record" })).toContainText(
      "Refused: Nobody there",
    );
    await expectAccessible(page);

    await page.goto(`/budzadmin/dashboard/orders/${orderNumber}`);
    await expect(page.getByText("Delivery refused: nobody there").first()).toBeVisible();

    // The counter finds an order by its pickup code or its number.
    await page.goto("/budzadmin/dashboard/shipping");
    await shot(page, "shipping");
    await page.getByRole("link", { name: "Hand over", exact: true }).click();
    await page.getByLabel("Pickup code or order number").fill("zz zz zz");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText('No order has the pickup code or number "zz zz zz"')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Pickup code or order number").fill(orderNumber.toLowerCase());
    await page.getByRole("button", { name: "Find" }).click();
    await expect(
      page.getByRole("heading", { name: `Hand over ${orderNumber}`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText("There is nothing left to hand over on this order.")).toBeVisible();

    await page.goto("/budzadmin/dashboard/shipping");
    await page.getByRole("link", { name: "Delivery records" }).click();
    await expect(page.getByRole("heading", { name: "Delivery records", level: 1 })).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.filter({ hasText: orderNumber })).toContainText("Refused");
    await expect(rows.filter({ hasText: "Alex Morgan-Fitzgerald" })).toContainText("Handed over");
    await expectAccessible(page);
    await shot(page, "delivery-records");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await (await download).createReadStream();
    let text = "";
    for await (const chunk of csv) text += chunk;
    expect(text).toContain(`${orderNumber},Local delivery,Refused,Nobody there`);
  });
});
