import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { test as accountTest, signInByLink } from "./account/account-store";
import { expect, signIn, test as base } from "./admin/admin-fixtures";
import { ownStoreFixtures, startOwnStore, type OwnStore, type OwnStoresWorker } from "./own-store";

/**
 * Issue 24: every admin screen and account page opens in Chromium without a console error, React's
 * hydration errors (#418: the server's and the browser's renderings differ) above all. Dates are
 * written once on the server (app/lib/dates.ts), so the browser's own time-zone data never shows.
 * One test per area, signed in once, visiting many URLs.
 */

// Many pages on a busy 2-core machine.
base.describe.configure({ timeout: 240_000 });

/** Every console error and uncaught page error, with the URL it happened on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Opens a page and waits for it to be hydrated (html[data-hydrated], set by the root). */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("html[data-hydrated]"), path).toHaveCount(1, { timeout: 20_000 });
}

/** The first link in the page's main content whose href starts with `prefix`. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a link to ${prefix}…`).toBeTruthy();
  return href!;
}

/** A store filled with the sample data (products, customers, coupons, orders with invoices). */
const adminTest = base.extend<{ store: OwnStore<void> }, OwnStoresWorker>({
  ...ownStoreFixtures(() => startOwnStore({ name: "console", env: { SEED_SAMPLE_DATA: "1" } })),
});

adminTest("every admin screen opens without a console error", async ({ page }) => {
  const errors = watchErrors(page);
  await signIn(page);
  const admin = "/budzadmin/dashboard";
  const today = new Date().toISOString().slice(0, 10);
  for (const path of [
    admin,
    `${admin}/orders`,
    `${admin}/orders?date=today`,
    `/budzadmin/print/orders?from=2000-01-01&to=${today}`,
    `${admin}/invoices`,
    `${admin}/invoices/instructions`,
    `${admin}/invoices/print/daily`,
    `${admin}/customers`,
    `${admin}/customers/import`,
    `${admin}/products`,
    `${admin}/products/new`,
    `${admin}/products/import`,
    `${admin}/stock`,
    `${admin}/stock?reason=sample_data&from=2000-01-01&to=${today}`,
    `${admin}/images`,
    `${admin}/shipping`,
    `/budzadmin/print/packing-slips`,
    `${admin}/emails`,
    `${admin}/emails/new`,
    `${admin}/emails/templates`,
    `${admin}/emails/templates/new`,
    `${admin}/coupons`,
    `${admin}/coupons/new`,
    `${admin}/reports`,
    `${admin}/reports?period=365`,
    `${admin}/newsletters`,
    `${admin}/pages`,
    `${admin}/pages/announcements`,
    `${admin}/database`,
    `${admin}/settings`,
    `${admin}/settings/provinces`,
    `${admin}/settings/provinces/BC`,
    `${admin}/staff`,
    `${admin}/staff/invite`,
    `${admin}/activity`,
    `${admin}/activity?area=products&from=2000-01-01&to=${today}`,
    `${admin}/profile`,
  ])
    await visit(page, path);

  // The detail screens, through the lists' first links.
  await visit(page, `${admin}/orders`);
  const order = await firstLink(page, `${admin}/orders/BBS-`);
  await visit(page, order);
  const orderNumber = order.split("/").pop()!;
  // Its edit page (the form for a pending order, else why it can't be edited).
  await visit(page, `${order}/edit`);
  await visit(page, `${admin}/invoices/${orderNumber}`);
  await visit(page, `${admin}/invoices/print/${orderNumber}`);
  await visit(page, `${admin}/customers`);
  await visit(page, await firstLink(page, `${admin}/customers/`));
  await visit(page, `${admin}/coupons`);
  await visit(page, await firstLink(page, `${admin}/coupons/`));
  await visit(page, `${admin}/products`);
  await visit(page, await firstLink(page, `${admin}/products/`));

  expect(errors).toEqual([]);
});

accountTest("every account page opens without a console error", async ({ page, store }) => {
  const errors = watchErrors(page);
  const email = `console.${crypto.randomBytes(4).toString("hex")}@example.com`;
  // A guest order with the account's email, so the orders pages have one to show.
  const response = await page.request.post("/checkout", {
    headers: { Origin: store.url },
    form: {
      email,
      phone: "604-555-0199",
      name: "Dana Console",
      street: "123 Main St",
      city: "Vancouver",
      province: "BC",
      postalCode: "V6B 1A1",
      ageConfirmed: "on",
      idempotencyKey: crypto.randomBytes(16).toString("base64url"),
      items: JSON.stringify([{ id: store.cartItem.id, quantity: 1 }]),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await signInByLink(page, store, email);
  await visit(page, "/account");
  await visit(page, "/account/orders");
  await visit(page, await firstLink(page, "/account/orders/BBS-"));
  for (const path of ["/account/addresses", "/account/addresses/new", "/account/settings"])
    await visit(page, path);
  expect(errors).toEqual([]);
});
