import { expectAccessible } from "../axe";
import { openScreen, screenshots, toast } from "./admin-screen";
import { expect, test } from "./order-edit-store";

// One store, two steps in order: the edit page at phone width (nothing saved), then the edit
// itself at desktop width and the order page with the new total.
test.describe.configure({ mode: "serial" });

const shot = screenshots("ORDER_EDIT_SHOTS");

test("phone: the edit page of a pending order, its checks and its layout", async ({
  adminPage: page,
  store,
}) => {
  const number = store.seeded.orderNumber;
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, `/budzadmin/dashboard/orders/${number}/edit`, `Edit order ${number}`);
  await expect(page.getByLabel("Qty of Blue Dream 3.5g")).toHaveValue("2");
  await expect(page.getByRole("region", { name: "Totals now" })).toContainText("$151.20");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "order-edit-390");
  await expectAccessible(page);

  // A quantity of 0 is refused beside its line (Remove takes a line off), nothing is sent.
  await page.getByLabel("Qty of Blue Dream 3.5g").fill("0");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/Enter a whole number from 1 to 99/)).toBeVisible();
  await expect(page.getByLabel("Qty of Blue Dream 3.5g")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});

test("desktop: change a quantity and add a size, then the order shows the new total", async ({
  adminPage: page,
  store,
}) => {
  const number = store.seeded.orderNumber;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openScreen(page, `/budzadmin/dashboard/orders/${number}`, `Order ${number}`);
  await page.getByRole("link", { name: "Edit order" }).click();
  await expect(page.getByRole("heading", { name: `Edit order ${number}`, level: 1 })).toBeVisible();

  await page.getByLabel("Qty of Blue Dream 3.5g").fill("1");
  await page.getByLabel("Size to add").selectOption({ label: "OG Kush 1g · $12.00 (20 in stock)" });
  await page.getByLabel("Qty", { exact: true }).fill("2");
  // "Totals now" follows the form before it is saved.
  const totals = page.getByRole("region", { name: "Totals now" });
  await expect(totals).toContainText("$144.48");
  await expect(totals).toContainText("After your changes (was $151.20).");
  await shot(page, "order-edit-1280");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save changes" }).click();

  // $30 + $55 + 2 × $12 = $109.00 + $20.00 shipping + 12 % = $144.48.
  await expect(toast(page, `Order ${number} updated (total $151.20 → $144.48)`)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  const items = page.getByRole("table", { name: "Items ordered" });
  await expect(items.getByRole("row").filter({ hasText: "OG Kush" })).toContainText("$24.00");
  await expect(page.getByText("$144.48").first()).toBeVisible();
  await expect(page.getByText("Order edited")).toBeVisible();
  await expect(
    page.getByText(/Qty of Blue Dream 3\.5g 2 → 1; added OG Kush 1g × 2 at \$12\.00/),
  ).toBeVisible();
  await expect(page.getByText("Order updated", { exact: true })).toBeVisible();
  await shot(page, "order-after-edit-1280");
});
