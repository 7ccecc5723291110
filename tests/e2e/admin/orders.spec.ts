import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { expect, test } from "../checkout/checkout-store";
import { dayOfInstant } from "~/lib/dates";
import "~/server/time-zones.server";
import { screenshots } from "./admin-screen";

const shot = screenshots("ORDERS_SHOTS");

// Runs on the checkout store (known products, no sample orders): each test places its own orders
// through the real checkout action, then works them in the admin.

async function placeOrder(
  request: APIRequestContext,
  baseURL: string,
  items: { id: string; quantity: number }[],
  email: string,
  shipTo: { name?: string; street?: string; city?: string } = {},
) {
  const response = await request.post("/checkout", {
    headers: { Origin: baseURL },
    form: {
      email,
      phone: "604-555-0199",
      name: "Jane Doe",
      street: "123 Main St",
      city: "Vancouver",
      ...shipTo,
      province: "BC",
      postalCode: "V6B 1A1",
      ageConfirmed: "on",
      idempotencyKey: crypto.randomBytes(16).toString("base64url"),
      items: JSON.stringify(items),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const page = await request.get(response.headers().location!);
  const orderNumber = /BBS-\d{8}/.exec(await page.text())?.[0];
  expect(orderNumber).toBeTruthy();
  return orderNumber!;
}

async function openOrders(page: Page, search: string) {
  await page.goto(`/budzadmin/dashboard/orders?q=${encodeURIComponent(search)}`);
  await expect(page.getByRole("heading", { name: "Order Management" })).toBeVisible();
}

function row(page: Page, orderNumber: string) {
  return page.getByRole("row").filter({ hasText: orderNumber });
}

for (const width of [1280, 390]) {
  test(`orders: find, mark paid${width === 390 ? "" : ", process, ship, deliver and complete"} (${width}px)`, async ({
    adminPage: page,
    request,
    baseURL,
    ids,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `orders-${width}@example.com`;
    const number = await placeOrder(request, baseURL!, [{ id: ids.lights35, quantity: 2 }], email);
    await openOrders(page, email);
    await expect(page.getByText("1 order found")).toBeVisible();
    // $90 + $20 shipping + BC GST $5.50 and PST $7.70.
    await expect(row(page, number)).toContainText("$123.20");
    await expect(row(page, number)).toContainText("Pending");
    await shot(page, `orders-list-${width}`);
    await expectAccessible(page);

    // The row offers only the steps allowed from pending.
    const control = page.getByLabel(`Change status of ${number}`);
    await expect(control.locator("option")).toHaveText(["Change…", "Mark paid", "Cancel order"]);
    await control.selectOption("paid");
    const dialog = page.getByRole("dialog", { name: `Mark paid: ${number}` });
    await expect(dialog.getByLabel("Amount received ($)")).toHaveValue("123.20");
    await expectAccessible(page);
    await dialog.getByLabel("Amount received ($)").fill("100");
    await dialog.getByLabel("e-Transfer reference").fill("CA9X2Z");
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await expect(dialog.getByText(/is not the order total \(\$123\.20\)/).first()).toBeVisible();
    await dialog.getByLabel("Amount received ($)").fill("123.20");
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByText(`${number} is now Paid.`)).toBeVisible();
    await expect(row(page, number)).toContainText("Paid");

    // The order page: start processing, ship with a Canada Post number, deliver, complete.
    await row(page, number).getByRole("link", { name: number }).click();
    await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText("CA9X2Z", { exact: true })).toBeVisible();
    if (width === 390) {
      // On a phone: the list, the dialog and the order page; the rest of the journey once, above.
      await shot(page, `order-page-${width}`);
      await expectAccessible(page);
      return;
    }
    await page.getByRole("button", { name: "Start processing" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Start processing" }).click();
    await expect(page.getByText(`${number} is now Processing.`)).toBeVisible();

    await page.getByRole("button", { name: "Ship" }).click();
    const ship = page.getByRole("dialog", { name: `Ship: ${number}` });
    await ship.getByLabel("Canada Post tracking number").fill("12345");
    await ship.getByRole("button", { name: "Ship" }).click();
    await expect(ship.getByText(/Enter a Canada Post tracking number/).first()).toBeVisible();
    await ship.getByLabel("Canada Post tracking number").fill("1234 5678 9012 3456");
    await ship.getByRole("button", { name: "Ship" }).click();
    await expect(page.getByText(`${number} is now Shipped.`)).toBeVisible();
    const tracking = page.getByRole("link", { name: /1234567890123456/ });
    await expect(tracking).toHaveAttribute("href", /canadapost-postescanada\.ca.*1234567890123456/);

    await page.getByRole("button", { name: "Mark delivered" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Mark delivered" }).click();
    await expect(page.getByText(`${number} is now Delivered.`)).toBeVisible();
    await page.getByRole("button", { name: "Complete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Complete" }).click();
    await expect(page.getByText(`${number} is now Completed.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    // History names who did each step; each status email is listed with its outbox status.
    const history = page.locator("section").filter({ hasText: "History" });
    await expect(history.getByText("Delivered → Completed")).toBeVisible();
    await expect(history.getByText(/by owner/).first()).toBeVisible();
    const emails = page.locator("section").filter({ hasText: "Emails to the shopper" });
    for (const name of ["Order confirmation", "Payment received", "Shipped", "Delivered"])
      await expect(emails.getByText(name, { exact: true })).toBeVisible();
    await shot(page, `order-page-${width}`);
    await expectAccessible(page);

    // The screens read with the order link to each other: its customer, invoice and shipment.
    await expect(page.getByRole("link", { name: "View customer" })).toHaveAttribute(
      "href",
      /^\/budzadmin\/dashboard\/customers\/CUST-\d{3,}$/,
    );
    await expect(page.getByRole("link", { name: "View in Shipping" })).toHaveAttribute(
      "href",
      `/budzadmin/dashboard/shipping?q=${number}`,
    );
    await page.getByRole("link", { name: "View invoice" }).click();
    const invoice = page.getByRole("dialog", { name: "Invoice Preview" });
    await expect(invoice.getByRole("article", { name: `Invoice ${number}` })).toBeVisible();
    await invoice.getByRole("link", { name: `Order ${number}` }).click();
    await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
    await page.getByRole("link", { name: "View in Shipping" }).click();
    await expect(page.getByRole("heading", { name: "Shipping Management" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: number })).toContainText("Delivered");
    await page.goto(`/budzadmin/dashboard/orders/${number}`);
    await page.getByRole("link", { name: "View customer" }).click();
    await expect(page).toHaveURL(/\/budzadmin\/dashboard\/customers\/CUST-\d{3,}$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
    await expect(page.getByText(email).first()).toBeVisible();
  });
}

test("at 1280 px the Orders and Shipping tables fit: the address in view, the row buttons whole", async ({
  adminPage: page,
  request,
  baseURL,
  ids,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = "wide-orders-with-a-long-address@example.com";
  const number = await placeOrder(request, baseURL!, [{ id: ids.gummies, quantity: 1 }], email, {
    name: "Maximilienne Bouchard-Tremblay-Okonkwo",
    street: "10250 Kingsway Avenue East, Unit 1407, Building C",
    city: "Sechelt Indian Government District",
  });
  await openOrders(page, email);
  const table = page.getByRole("table", { name: "Orders" });
  const header = table.getByRole("columnheader", { name: "Shipping address" });
  await expect(header).toBeVisible();
  const address = row(page, number).getByText(/10250 Kingsway Avenue/);
  await expect(address).toBeVisible();
  // Inside the table's visible box (its scroll container), not scrolled off to the right.
  const box = (await table.locator("xpath=..").boundingBox())!;
  for (const cell of [
    header,
    address,
    row(page, number).getByLabel(`Change status of ${number}`),
  ]) {
    const b = (await cell.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  expect(
    await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
  ).toBe(0);
  await shot(page, "orders-list-1280-address");

  // Shipping: a parcel with a long name and city, at each step, keeps its buttons whole.
  const shipments = page.getByRole("table", { name: "Shipments" });
  const expectButtonsInView = async () => {
    await page.goto(`/budzadmin/dashboard/shipping?q=${number}`);
    const visible = (await shipments.locator("xpath=..").boundingBox())!;
    const buttons = row(page, number).locator("a[aria-label], button");
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) {
      const b = (await button.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(visible.x);
      expect(b.x + b.width).toBeLessThanOrEqual(visible.x + visible.width + 0.5);
    }
    expect(
      await shipments.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBe(0);
  };
  await page.goto(`/budzadmin/dashboard/orders/${number}`);
  await page.getByRole("button", { name: "Mark paid" }).click();
  await page.getByRole("dialog").getByLabel("e-Transfer reference").fill("WIDE1");
  await page.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText(`${number} is now Paid.`)).toBeVisible();
  await page.getByRole("button", { name: "Start processing" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Start processing" }).click();
  await expect(page.getByText(`${number} is now Processing.`)).toBeVisible();
  await expectButtonsInView(); // Ship
  await shot(page, "shipping-1280-preparing");
  await row(page, number)
    .getByRole("link", { name: `Ship order ${number}` })
    .click();
  // Not the journey's number above: one already on another order asks to be confirmed first.
  await page.getByRole("dialog").getByLabel("Canada Post tracking number").fill("7000111122223333");
  await page.getByRole("dialog").getByRole("button", { name: "Mark as shipped" }).click();
  await expect(page.getByText(/shipped\. The shopper is emailed/)).toBeVisible();
  await expectButtonsInView(); // In transit, Delivered
  await shot(page, "shipping-1280-shipped");
});

test("cancelling asks for a reason, puts the stock back and shows why", async ({
  adminPage: page,
  request,
  baseURL,
  ids,
}) => {
  const stockText = async () => {
    await page.goto("/products/rare-rosin");
    return page.getByRole("main").innerText();
  };
  const number = await placeOrder(
    request,
    baseURL!,
    [{ id: ids.rosin, quantity: 1 }],
    "c@example.com",
  );
  expect(await stockText()).toMatch(/Out of Stock/);
  await page.goto(`/budzadmin/dashboard/orders/${number}`);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order: ${number}` });
  await dialog.getByLabel("Reason").fill("Shopper changed their mind");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText(`${number} is now Cancelled.`)).toBeVisible();
  await expect(page.getByText(/Shopper changed their mind/).first()).toBeVisible();
  expect(await stockText()).not.toMatch(/Out of Stock/);
});

test("Print Orders checks its dates and opens a printable report", async ({
  adminPage: page,
  request,
  baseURL,
  ids,
}) => {
  const number = await placeOrder(
    request,
    baseURL!,
    [{ id: ids.gummies, quantity: 3 }],
    "p@example.com",
  );
  await page.goto("/budzadmin/dashboard/orders");
  await page.getByRole("button", { name: "Print Orders" }).click();
  const dialog = page.getByRole("dialog", { name: "Print Orders" });
  const print = dialog.getByRole("button", { name: "Print" });
  await print.click();
  await expect(dialog.getByRole("alert")).toHaveText("Please select both start and end dates");
  await dialog.getByLabel("Start date").fill("2020-01-05");
  await dialog.getByLabel("End date").fill("2020-01-01");
  await print.click();
  await expect(dialog.getByRole("alert")).toHaveText("Start date cannot be after end date");
  await dialog.getByLabel("End date").fill("2020-01-31");
  await print.click();
  await expect(dialog.getByRole("alert")).toHaveText("No orders found in the selected date range");

  // Today in STORE_TIMEZONE, with the server's tz data (not the test runner's ICU).
  const today = dayOfInstant(new Date(), "America/Vancouver");
  await dialog.getByLabel("Start date").fill("2020-01-01");
  await dialog.getByLabel("End date").fill(today);
  const popup = page.waitForEvent("popup");
  await print.click();
  const report = await popup;
  await expect(report.getByRole("heading", { name: "Orders report" })).toBeVisible();
  await expect(report.getByRole("row").filter({ hasText: number })).toContainText("$64.41"); // $57.50 + GST $2.88 + PST $4.03
  await expectAccessible(report);
});
