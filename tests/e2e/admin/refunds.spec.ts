import { expectAccessible } from "../axe";
import { openScreen, screenshots, toast } from "./admin-screen";
import { expect, test } from "./refunds-store";

const shot = screenshots("REFUNDS_SHOTS");
const orderPage = (number: string) => `/budzadmin/dashboard/orders/${number}`;

// Each order: 2 × Pink Kush 3.5g ($45) and a $12 pre-roll, $20 shipping, BC's GST 5 % ($6.10) and
// PST 7 % ($8.54): $136.64.
test.describe("Refunds at desktop width (1280px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a partial refund with restock, then the rest: Partly refunded, Refunded, the credit note", async ({
    adminPage: page,
    context,
    store,
  }) => {
    const number = store.seeded.rita;
    await openScreen(page, orderPage(number), `Order ${number}`);

    // One unit back in stock: its goods and the tax on them.
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Refund: ${number}` });
    await expect(dialog.getByText("$136.64").first()).toBeVisible();
    await dialog.getByLabel("Pink Kush (3.5g): Refund").fill("1");
    // Nothing goes back on sale unless staff say so.
    const restockKush = dialog.getByRole("checkbox", { name: "Restock Pink Kush (3.5g)" });
    await expect(restockKush).not.toBeChecked();
    await restockKush.check();
    const total = dialog.getByRole("region", { name: "Refund total" });
    await expect(total).toContainText("GST 5%$2.25");
    await expect(total).toContainText("PST 7%$3.15");
    await dialog.getByLabel("e-Transfer reference").fill("E2E-R1");
    await shot(page, "refund-dialog-1280");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Refund $50.40" }).click();
    await expect(toast(page, `Refunded $50.40 (credit note ${number}-R1).`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Partly refunded", { exact: true })).toBeVisible();
    const refunds = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Refunds", exact: true }) });
    await expect(refunds.getByText(`Credit note ${number}-R1 · $50.40`)).toBeVisible();
    await expect(refunds.getByText(/1 × Pink Kush \(3\.5g\) \(restocked\)/)).toBeVisible();
    await expect(page.getByText("$86.24", { exact: true })).toBeVisible(); // what remains
    await shot(page, "order-partly-refunded-1280");
    await expectAccessible(page);

    // The rest: the other unit, the pre-roll (not restocked) and the shipping.
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await dialog.getByLabel("Pink Kush (3.5g): Refund").fill("1");
    await dialog.getByLabel("Pre-roll: Refund").fill("1");
    await expect(dialog.getByRole("checkbox", { name: "Restock Pre-roll" })).not.toBeChecked();
    await dialog.getByLabel("Shipping to refund ($)").fill("20");
    await dialog.getByRole("button", { name: "Refund $86.24" }).click();
    await expect(toast(page, `Refunded $86.24 (credit note ${number}-R2).`)).toBeVisible();
    await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Partly refunded", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
    await expect(refunds.getByText(/1 × Pre-roll \(not restocked\)/)).toBeVisible();

    // The credit note opens in a new tab, printable, with the tax given back per tax line.
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      refunds
        .getByRole("link", { name: `Print credit note ${number}-R2 (opens in a new tab)` })
        .click(),
    ]);
    await tab.waitForLoadState();
    const note = tab.getByRole("article", { name: `Credit note ${number}-R2` });
    await expect(note).toBeVisible();
    await expect(note).toContainText("Shipping (Canada Post)");
    await expect(note).toContainText("Total refunded$86.24");
    await expect(note).toContainText(`Refunded on order ${number} so far: $136.64 of $136.64.`);
    await shot(tab, "credit-note-1280");
    await expectAccessible(tab);
    await tab.close();
  });
});

test("at phone width: the refund dialog, and more units than are left refused in it", async ({
  adminPage: page,
  store,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const number = store.seeded.paul;
  await openScreen(page, orderPage(number), `Order ${number}`);
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Refund: ${number}` });
  await dialog.getByLabel("Pink Kush (3.5g): Refund").fill("3");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(
    dialog.getByText("You can refund at most 2 of Pink Kush (3.5g): only 2 are left to refund."),
  ).toBeVisible();
  await shot(page, "refund-dialog-390");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Partly refunded", { exact: true })).toHaveCount(0);
});
