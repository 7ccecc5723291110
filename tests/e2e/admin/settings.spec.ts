import { expectAccessible } from "../axe";
import { AGE_COOKIE, VIEWPORTS } from "../fixtures";
import { openScreen, screenshots, toast } from "./admin-screen";
import { expect, test } from "./settings-store";

// The tests share one store and run in order: the second reads what the first saved.
test.describe.configure({ mode: "serial" });

const shot = screenshots("SETTINGS_SHOTS");

test("a store without contact details nor e-Transfer address says so, shows none and takes no order", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/budzadmin/dashboard");
  const banner = page.getByRole("complementary", { name: "Store setup" });
  await expect(banner).toContainText("The store has no contact details yet");
  await expect(banner).toContainText("checkout is closed");
  await banner.getByRole("link", { name: "Add them in Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  await page.context().addCookies([{ ...AGE_COOKIE, url: store.url }]);
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Contact details" })).toHaveCount(0);
  await expect(page.locator("footer")).not.toContainText("604-555-0199");
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout is closed", level: 1 })).toBeVisible();
});

test("saves the store's details (refusing a bad phone) and the Contact page shows them", async ({
  adminPage: page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await openScreen(page, "/budzadmin/dashboard/settings", "Settings");
  const store = page.locator("#store-form");
  await store.getByLabel("Store name").fill("Northern Leaf Boutique");
  await store.getByLabel("Contact email").fill("hello@greenleaf.example");
  await store.getByLabel("Phone").fill("555-01");
  await store.getByLabel("Support hours").fill("Mon-Fri 9AM-6PM PST");
  await store.getByLabel("Postal address").fill("77 Harbour Road\nVictoria BC V8W 1A1");
  await store.getByRole("button", { name: "Save store details" }).click();
  await expect(store.getByText("Phone must be a 10-digit number, like 604-555-0199")).toBeVisible();
  await expect(store.getByLabel("Phone")).toBeFocused();
  await store.getByLabel("Phone").fill("(250) 555 0142");
  await store.getByRole("button", { name: "Save store details" }).click();
  await expect(toast(page, "Store details saved.")).toBeVisible();
  await expect(store.getByLabel("Phone")).toHaveValue("250-555-0142");

  const payments = page.locator("#payments-form");
  await payments.getByLabel("Interac e-Transfer address").fill("pay@greenleaf.example");
  await payments.getByRole("button", { name: "Save payments" }).click();
  await expect(toast(page, "Payment settings saved.")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Store setup" })).toHaveCount(0);

  // Issue 37: the sender is the store's name and an address of Settings, warned about until set.
  const email = page.locator("#email-form");
  await expect(email).toContainText("No sender address is set");
  await email.getByLabel("Send emails from").fill("orders@localhost");
  await email.getByRole("button", { name: "Save email" }).click();
  await expect(
    email.getByText("Sender address must be an email address, like support@example.ca"),
  ).toBeVisible();
  await email.getByLabel("Send emails from").fill("orders@greenleaf.ca");
  await email.getByRole("button", { name: "Save email" }).click();
  await expect(toast(page, "Email settings saved.")).toBeVisible();
  await expect(email).toContainText("Northern Leaf Boutique <orders@greenleaf.ca>");
  await expect(email).not.toContainText("No sender address is set");

  const shipping = page.locator("#shipping-form");
  await shipping.getByLabel("Shipping fee ($)").fill("15");
  await shipping.getByLabel("Free shipping from ($)").fill("150");
  await shipping.getByRole("button", { name: "Save shipping" }).click();
  await expect(toast(page, "Shipping settings saved.")).toBeVisible();
  await expect(shipping.getByLabel("Shipping fee ($)")).toHaveValue("15.00");

  // Every admin screen is reachable at 1280 × 720 without a hidden scroll, the name readable.
  await page.setViewportSize({ width: 1280, height: 720 });
  const sidebar = page.getByRole("navigation", { name: "Admin sections" });
  for (const link of await sidebar.getByRole("link").all())
    await expect(link).toBeInViewport({ ratio: 1 });
  const name = page
    .getByRole("complementary", { name: "Admin" })
    .getByText("Northern Leaf Boutique");
  await expect(name).toBeVisible();
  expect(
    await name.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight),
  ).toBe(true);
  await expect(page.getByRole("link", { name: "Back to Store" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
  await shot(page, "sidebar-1280x720");
  await page.setViewportSize(VIEWPORTS.desktop);
  await expectAccessible(page);
  await shot(page, "settings-1280");
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "settings-390");

  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    await page.setViewportSize(viewport);
    await page.goto("/contact");
    const card = page.getByRole("complementary", { name: "Contact details" });
    await expect(card).toContainText("hello@greenleaf.example");
    await expect(card.getByRole("link", { name: "250-555-0142" })).toHaveAttribute(
      "href",
      "tel:+12505550142",
    );
    await expect(card).toContainText("Mon-Fri 9AM-6PM PST");
    await expect(card).toContainText("Victoria BC V8W 1A1");
    await expect(page.locator("footer")).toContainText("hello@greenleaf.example");
    await expectAccessible(page);
    await shot(page, `contact-${viewport.width}`);
  }
  // The FAQ names the fee saved above: pages fill {{shipping_fee}} from Settings.
  await page.goto("/faq");
  await expect(page.getByText("Shipping by Canada Post is $15, and free")).toBeVisible();
  // So does Home's badge: no figure a shopper reads is fixed.
  await page.goto("/");
  await expect(page.getByText("Free shipping from $150")).toBeVisible();
});
