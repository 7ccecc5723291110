import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { cartItem, expect, test } from "./checkout-store";

// The 30 g dried-cannabis limit, shown as a meter and enforced in the drawer and checkout.

const OVER_35 =
  "Your cart holds 35 g of dried cannabis or its equivalent, over the legal limit of 30 g per order. Please lower a quantity or remove an item.";

async function withCart(page: Page, items: unknown[]) {
  await page.goto("/");
  await page.evaluate((cart) => window.localStorage.setItem("cart", cart), JSON.stringify(items));
}

function meter(scope: Page | ReturnType<Page["getByRole"]>) {
  return scope.getByRole("meter", { name: "Dried cannabis equivalent" });
}

test("the drawer shows the meter and refuses additions past 30 g", async ({ page, ids }) => {
  await withCart(page, [cartItem(ids.lights7, "Northern Lights (7g)", 85, 4)]);
  await page.reload();
  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(meter(drawer)).toHaveAttribute("aria-valuetext", "28 g of 30 g");
  await expect(drawer.getByText("28 g of 30 g")).toBeVisible();
  await expectAccessible(page);

  // One more 7 g bag would make 35 g: refused, the quantity stays.
  await drawer.getByRole("button", { name: "Increase quantity of Northern Lights (7g)" }).click();
  await expect(drawer.getByRole("alert")).toHaveText(
    "Sorry, we can't add Northern Lights (7g): an order can hold at most 30 g of dried cannabis or its equivalent, and this would make it 35 g.",
  );
  await expect(drawer.getByLabel("Quantity of Northern Lights (7g)", { exact: true })).toHaveText(
    "4",
  );
  await expectAccessible(page);

  // Gummies (40 g of edibles = 2.67 g dried) would make 30.67 g: refused too.
  await page.keyboard.press("Escape");
  await page.goto("/products/mango-gummies");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(drawer.getByRole("alert")).toContainText("this would make it 30.67 g.");
  await expect(meter(drawer)).toHaveAttribute("aria-valuetext", "28 g of 30 g");
});

test("the product page's Add to Cart is refused past 30 g", async ({ page, ids }) => {
  // As Add to Cart stores it: with its dried-cannabis amount per unit.
  await withCart(page, [
    { ...cartItem(ids.lights7, "Northern Lights (7g)", 85, 4), driedMg: 7000 },
  ]);
  await page.goto("/products/northern-lights");
  await page.getByText("3.5g", { exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(drawer.getByRole("alert")).toContainText(
    "Sorry, we can't add Northern Lights (3.5g)",
  );
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  await expect(meter(drawer)).toHaveAttribute("aria-valuetext", "28 g of 30 g");
});

test("a refusal on an empty cart is said in the drawer", async ({ page }) => {
  await withCart(page, []);
  await page.goto("/products/northern-lights");
  await page.getByText("7g", { exact: true }).click();
  for (let quantity = 1; quantity < 5; quantity++)
    await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await expect(drawer.getByRole("alert")).toContainText(
    "Sorry, we can't add Northern Lights (7g): an order can hold at most 30 g",
  );
});

test("checkout shows the meter, and the server refuses an order over 30 g", async ({
  page,
  ids,
}) => {
  // A cart edited in another tab (or by hand) past the limit: the quote and the order refuse it.
  await withCart(page, [cartItem(ids.lights7, "Northern Lights (7g)", 85, 5)]);
  await page.goto("/checkout");
  const summary = page.getByRole("complementary");
  await expect(meter(summary)).toHaveAttribute("aria-valuetext", "35 g of 30 g, over the limit");
  await expect(summary.getByText(OVER_35)).toBeVisible();
  await expectAccessible(page);

  const main = page.getByRole("main");
  await main.getByLabel("Email").fill("limit@example.com");
  await main.getByLabel("Phone").fill("604-555-0199");
  await main.getByLabel("Full name").fill("Jane Doe");
  await main.getByLabel("Street address").fill("123 Main St");
  await main.getByLabel("City").fill("Vancouver");
  await main.getByLabel("Province or territory").selectOption("BC");
  await main.getByLabel("Postal code").fill("V6B 1A1");
  await main.getByLabel(/I confirm I am 19 years of age or older/).check();
  const placed = page.waitForResponse(
    (r) => r.url().includes("/checkout") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: /Place order/ }).click();
  expect((await placed).status()).toBe(409);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(summary.getByRole("alert").first()).toHaveText(OVER_35);
});
