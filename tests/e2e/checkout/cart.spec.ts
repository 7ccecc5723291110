import type { Page } from "@playwright/test";
import { cartItem, expect, test } from "./checkout-store";

async function setCart(page: Page, items: unknown[] | string) {
  await page.goto("/");
  await page.evaluate(
    (value) => {
      window.localStorage.setItem("cart", value);
      window.localStorage.removeItem("cartCoupon");
    },
    typeof items === "string" ? items : JSON.stringify(items),
  );
  await page.reload();
}

async function openCart(page: Page) {
  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(drawer).toBeVisible();
  return drawer;
}

test("adds to the cart from the product page, changes quantities and removes", async ({ page }) => {
  await page.goto("/products/northern-lights");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(drawer.getByText("Northern Lights (3.5g)")).toBeVisible();
  await expect(drawer.getByText("$45.00 each")).toBeVisible();
  const minus = drawer.getByRole("button", { name: "Decrease quantity of Northern Lights (3.5g)" });
  const plus = drawer.getByRole("button", { name: "Increase quantity of Northern Lights (3.5g)" });
  await expect(minus).toBeDisabled();

  await plus.click();
  await expect(drawer.getByTestId("subtotal")).toHaveText("$90.00");
  await expect(minus).toBeEnabled();
  await minus.click();
  await expect(drawer.getByTestId("subtotal")).toHaveText("$45.00");
  await expect(minus).toBeDisabled();

  // The same product and size again raises the quantity; another size is another line.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  await expect(drawer.getByTestId("subtotal")).toHaveText("$90.00");
  await page.keyboard.press("Escape");
  await page.getByText("7g", { exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(drawer.getByTestId("cart-line")).toHaveCount(2);
  await expect(drawer.getByTestId("subtotal")).toHaveText("$175.00");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();

  // Kept across a reload (local storage `cart`, the cart item's shape).
  await page.reload();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("cart")!));
  expect(stored).toEqual([
    expect.objectContaining({
      name: "Northern Lights (3.5g)",
      price: 45,
      quantity: 2,
      selectedSize: "3.5g",
    }),
    expect.objectContaining({
      name: "Northern Lights (7g)",
      price: 85,
      quantity: 1,
      selectedSize: "7g",
    }),
  ]);

  const reopened = await openCart(page);
  await reopened.getByRole("button", { name: "Remove Northern Lights (7g)" }).click();
  await reopened.getByRole("button", { name: "Remove Northern Lights (3.5g)" }).click();
  await expect(reopened.getByText("Your cart is empty")).toBeVisible();
  await reopened.getByRole("button", { name: "Continue Shopping" }).click();
  await expect(reopened).toBeHidden();
});

test("a corrupt stored cart resets to empty", async ({ page }) => {
  await setCart(page, '[{"id": oops');
  await expect(page.getByRole("button", { name: "Cart, empty" })).toBeVisible();
  const drawer = await openCart(page);
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("cart"))).toBeNull();
});

test("every promo code message, and the field locked while applied", async ({ page, ids }) => {
  await setCart(page, [cartItem(ids.lights35, "Northern Lights (3.5g)", 45)]);
  const drawer = await openCart(page);
  const field = drawer.getByLabel("Promo code");
  const apply = drawer.getByRole("button", { name: "Apply" });

  const expectMessage = async (code: string, message: string) => {
    await field.fill(code);
    await apply.click();
    await expect(drawer.getByRole("alert")).toHaveText(message);
  };
  await expectMessage("", "Please enter a coupon code");
  await expectMessage("NOPE", "Invalid coupon code");
  await expectMessage("paused10", "This coupon is no longer active");
  await expectMessage("SOON10", "This coupon is not yet valid");
  await expectMessage("OLD10", "This coupon has expired");
  await expectMessage("GONE10", "This coupon has reached its usage limit");
  await expectMessage("SAVE15", "Minimum order of $75.00 required for this coupon");

  await drawer.getByRole("button", { name: /Increase quantity/ }).click();
  await expect(drawer.getByTestId("subtotal")).toHaveText("$90.00");
  await field.fill("save15");
  await apply.click();
  await expect(drawer.getByRole("status")).toHaveText('Coupon "SAVE15" applied successfully!');
  await expect(field).toHaveValue("SAVE15");
  await expect(field).toHaveAttribute("readonly", "");
  await expect(apply).toHaveCount(0);
  await expect(drawer.getByTestId("discount")).toHaveText("-$13.50");
  await expect(drawer.getByTestId("total")).toHaveText("$96.50");

  // Below the minimum again: the server says so, and the discount goes.
  await drawer.getByRole("button", { name: /Decrease quantity/ }).click();
  await expect(drawer.getByRole("alert")).toHaveText(
    "Minimum order of $75.00 required for this coupon",
  );
  await expect(drawer.getByTestId("discount")).toHaveText("$0.00");

  await drawer.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(field).toHaveValue("");
  await expect(field).not.toHaveAttribute("readonly");
  await expect(drawer.getByRole("button", { name: "Apply" })).toBeVisible();
  // The per-customer message needs an email: tests/e2e/checkout/checkout.spec.ts covers it.
});

test("shipping is $20 with a nudge below $200 after discount, and free from $200", async ({
  page,
  ids,
}) => {
  await setCart(page, [cartItem(ids.lights35, "Northern Lights (3.5g)", 45)]);
  const drawer = await openCart(page);
  await expect(drawer.getByTestId("shipping")).toHaveText("$20.00");
  await expect(drawer.getByText("Add $155.00 more for free shipping!")).toBeVisible();
  await expect(drawer.getByTestId("total")).toHaveText("$65.00");

  const plus = drawer.getByRole("button", { name: /Increase quantity/ });
  for (let i = 0; i < 3; i++) await plus.click();
  await expect(drawer.getByText("Add $20.00 more for free shipping!")).toBeVisible();
  await plus.click();
  await expect(drawer.getByTestId("subtotal")).toHaveText("$225.00");
  await expect(drawer.getByTestId("shipping")).toHaveText("FREE");
  await expect(drawer.getByText(/more for free shipping/)).toHaveCount(0);
  await expect(drawer.getByTestId("total")).toHaveText("$225.00");

  // 15% off $225 leaves $191.25: under $200 after discount, so shipping is charged again.
  await drawer.getByLabel("Promo code").fill("SAVE15");
  await drawer.getByRole("button", { name: "Apply" }).click();
  await expect(drawer.getByTestId("discount")).toHaveText("-$33.75");
  await expect(drawer.getByTestId("shipping")).toHaveText("$20.00");
  await expect(drawer.getByText("Add $8.75 more for free shipping!")).toBeVisible();
  await expect(drawer.getByTestId("total")).toHaveText("$211.25");
  await drawer.getByRole("button", { name: "Remove", exact: true }).click();
  // The code is gone (the field editable again) before another is typed.
  await expect(drawer.getByTestId("discount")).toHaveText("$0.00");
  await expect(drawer.getByLabel("Promo code")).not.toHaveAttribute("readonly");

  // $20 off $225 leaves $205: still free.
  await drawer.getByLabel("Promo code").fill("FREESHIP200");
  await drawer.getByRole("button", { name: "Apply" }).click();
  await expect(drawer.getByTestId("discount")).toHaveText("-$20.00");
  await expect(drawer.getByTestId("shipping")).toHaveText("FREE");
  await expect(drawer.getByTestId("total")).toHaveText("$205.00");
});

test("the drawer shows the server's price and stock, whatever local storage says", async ({
  page,
  ids,
}) => {
  await setCart(page, [
    cartItem(ids.lights7, "Cheap weed", 0.01, 2),
    cartItem(ids.rosin, "Rare Rosin", 60, 3),
  ]);
  const drawer = await openCart(page);
  await expect(drawer.getByText("Northern Lights (7g)")).toBeVisible();
  await expect(drawer.getByText("$85.00 each")).toBeVisible();
  await expect(drawer.getByText("Only 1 left in stock.")).toBeVisible();
  await expect(
    drawer.getByRole("button", { name: "Increase quantity of Rare Rosin" }),
  ).toBeDisabled();
  await expect(drawer.getByTestId("subtotal")).toHaveText("$350.00");
  // The stored cart is corrected too.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem("cart")!)[0].price))
    .toBe(85);
});
