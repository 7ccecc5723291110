import type { Page } from "@playwright/test";
import { paymentReference } from "~/lib/payment-reference";
import { VIEWPORTS } from "../fixtures";
import { cartItem, expect, test } from "./checkout-store";

async function setCart(page: Page, items: unknown[], coupon?: string) {
  await page.goto("/");
  await page.evaluate(
    ([cart, code]) => {
      window.localStorage.setItem("cart", cart!);
      if (code) window.localStorage.setItem("cartCoupon", code);
      else window.localStorage.removeItem("cartCoupon");
    },
    [JSON.stringify(items), coupon ?? ""],
  );
}

/** The page's main region (the footer has its own email field). */
function main(page: Page) {
  return page.getByRole("main");
}

/** The summary's total: shown once the page is hydrated and the server has priced the cart. */
function summaryTotal(page: Page) {
  return page.getByRole("complementary").getByTestId("total");
}

async function fillCheckout(page: Page, email: string) {
  // Typing before hydration would be fine, but a submit then would post the server's empty cart.
  await expect(summaryTotal(page)).toBeVisible();
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Phone").fill("(604) 555-0199");
  await main(page).getByLabel("Full name").fill("Jane Doe");
  await main(page).getByLabel("Street address").fill("123 Main St, Unit 4");
  await main(page).getByLabel("City").fill("Vancouver");
  await main(page).getByLabel("Province or territory").selectOption("BC");
  await main(page).getByLabel("Postal code").fill("v6b1a1");
  await main(page)
    .getByLabel(/I confirm I am 19 years of age or older/)
    .check();
}

test("a full checkout reaches the confirmation page with e-Transfer instructions", async ({
  page,
  ids,
}) => {
  await page.goto("/products/mango-gummies");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await drawer.getByRole("button", { name: "Increase quantity of Mango Gummies" }).click();
  await expect(drawer.getByTestId("subtotal")).toHaveText("$25.00");
  await drawer.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();

  // Field errors next to the fields, before anything is sent.
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Please choose a province or territory")).toBeVisible();
  await expect(
    page.getByText("Please confirm you are 19 or older to place an order"),
  ).toBeVisible();
  await expect(main(page).getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await fillCheckout(page, "e2e-buyer@example.com");
  await main(page).getByLabel("Postal code").fill("K1A 0B1"); // Ontario code, BC chosen
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(
    page.getByText("This postal code is not in the chosen province or territory"),
  ).toBeVisible();
  // Nothing typed was lost.
  await expect(main(page).getByLabel("Street address")).toHaveValue("123 Main St, Unit 4");
  await main(page).getByLabel("Postal code").fill("v6b 1a1");

  // British Columbia: GST 5% and PST 7% on the $25.00 of goods and the $20.00 shipping.
  const summary = page.getByRole("complementary");
  await expect(summary.getByTestId("tax-line")).toHaveText(["GST 5%$2.25", "PST 7%$3.15"]);
  await expect(summary.getByTestId("total")).toHaveText("$50.40");
  await page.getByRole("button", { name: /Place order/ }).click();

  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{32}$/);
  await expect(
    page.getByRole("heading", { name: "Thank you! Your order is placed." }),
  ).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent())!;
  expect(orderNumber).toMatch(/^BBS-\d{8}$/);
  const pay = page.getByRole("region", { name: "Pay by Interac e-Transfer" });
  await expect(pay.getByText("$50.40")).toBeVisible();
  const address = pay.getByText("payments@budzboutique.ca");
  await expect(address).toBeVisible();
  // It may wrap before the "@" or a dot, never mid-word.
  await expect(address).not.toHaveCSS("word-break", "break-all");
  await expect(address.locator("wbr")).toHaveCount(2); // before "@budzboutique" and ".ca"
  // The payment reference is the message (the order number stays at the top of the page), and
  // Copy, from the keyboard too, puts it on the clipboard and says so.
  const reference = paymentReference(orderNumber)!;
  await expect(pay.getByTestId("payment-reference")).toHaveText(reference);
  await expect(pay.getByText(orderNumber)).toHaveCount(0);
  await expect(pay).toContainText(
    "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.",
  );
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const copy = pay.getByRole("button", { name: "Copy payment reference" });
  await expect(copy).toBeEnabled(); // once hydrated
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(pay.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(page.getByText("Mango Gummies")).toBeVisible();
  await expect(page.getByText("V6B 1A1")).toBeVisible();

  // The cart is empty now.
  await expect(page.getByRole("button", { name: "Cart, empty" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("cart"))).toBe("[]");

  // The order can be looked up by number and email; a wrong email gets the generic answer.
  await page.goto("/order-lookup");
  await main(page).getByLabel("Order number").fill(orderNumber.toLowerCase());
  await main(page).getByLabel("Email").fill("someone-else@example.com");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "We couldn't find an order with that number and email address. Please check both and try again.",
  );
  await main(page).getByLabel("Email").fill("E2E-Buyer@example.com");
  await page.getByRole("button", { name: "Find order" }).click();
  await expect(page.getByRole("heading", { name: orderNumber })).toBeVisible();
  await expect(page.getByText("Awaiting payment")).toBeVisible();
  await expect(page.getByText("2 × $12.50")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Pay by Interac e-Transfer" }).getByText("$50.40"),
  ).toBeVisible();
  await expect(page.getByTestId("payment-reference")).toHaveText(reference);
  void ids;
});

test("a tampered price in local storage is ignored: the order is priced by the server", async ({
  page,
  ids,
}) => {
  await setCart(page, [cartItem(ids.lights35, "Northern Lights (3.5g)", 0.01, 2)]);
  await page.goto("/checkout");
  const summary = page.getByRole("complementary");
  await expect(summary.getByText("2 × $45.00")).toBeVisible();
  await expect(summary.getByTestId("total")).toHaveText("$110.00");
  await fillCheckout(page, "tamper@example.com");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/orders\//);
  const pay = page.getByRole("region", { name: "Pay by Interac e-Transfer" });
  await expect(pay.getByText("$123.20")).toBeVisible(); // + GST $5.50 and PST $7.70
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${width}`, () => {
    test.use({ viewport });

    test("a coupon refused at checkout leaves the order, its message by the code field", async ({
      page,
      ids,
    }) => {
      const email = `welcome-${width}@example.com`;
      const cart = [cartItem(ids.lights7, "Northern Lights (7g)", 85)];
      await setCart(page, cart, "WELCOME20");
      await page.goto("/checkout");
      const summary = page.getByRole("complementary");
      await expect(summary.getByTestId("discount")).toHaveText("-$17.00");
      await fillCheckout(page, email);
      await page.getByRole("button", { name: /Place order/ }).click();
      await expect(page).toHaveURL(/\/orders\//);
      await expect(page.getByText("-$17.00")).toBeVisible();

      // A new cart, the same code, the same customer (another letter case).
      await setCart(page, cart, "WELCOME20");
      await page.goto("/checkout");
      await expect(summary.getByRole("status")).toHaveText(
        'Coupon "WELCOME20" applied successfully!',
      );
      await fillCheckout(page, email.toUpperCase());
      // $68.00 + $20.00 shipping + BC GST $4.40 and PST $6.16.
      await page.getByRole("button", { name: "Place order · $98.56" }).click();

      const refusal = summary.getByRole("alert");
      await expect(refusal).toHaveText("You have already used this coupon");
      await expect(refusal).toBeInViewport();
      const field = summary.getByLabel("Promo code");
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      // Never "applied" and refused together; the totals are without the code.
      await expect(page.getByText(/applied successfully/)).toHaveCount(0);
      await expect(field).toHaveValue("");
      await expect(summary.getByTestId("discount")).toHaveText("$0.00");
      await expect(summaryTotal(page)).toHaveText("$117.60"); // $105.00 + 12 %
      await expect(page.getByRole("button", { name: "Place order · $117.60" })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("cartCoupon"))).toBeNull();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(main(page).getByLabel("Full name")).toHaveValue("Jane Doe");

      // Another code clears the old message.
      await field.fill("SAVE15");
      await summary.getByRole("button", { name: "Apply" }).click();
      await expect(summary.getByRole("status")).toHaveText('Coupon "SAVE15" applied successfully!');
      await expect(summary.getByRole("alert")).toHaveCount(0);
      await expect(summary.getByTestId("discount")).toHaveText("-$12.75");
    });

    test("a line priced at $0.00 is refused with a clear message; shipping is still $20", async ({
      page,
      ids,
    }) => {
      await setCart(page, [cartItem(ids.unpriced, "Free Sample", 0, 2)]);
      await page.goto("/checkout");
      const summary = page.getByRole("complementary");
      const problem =
        "Sorry, Free Sample has no price yet and can't be ordered. Please remove it from your cart.";
      await expect(summary.getByRole("alert")).toHaveText(problem);
      await expect(summary.getByTestId("subtotal")).toHaveText("$0.00");
      await expect(summary.getByTestId("shipping")).toHaveText("$20.00");
      await expect(summaryTotal(page)).toHaveText("$20.00");
      await fillCheckout(page, `free-${width}@example.com`);
      await page.getByRole("button", { name: /Place order/ }).click();
      await expect(summary.getByRole("alert").first()).toHaveText(problem);
      await expect(summary.getByRole("alert").first()).toBeInViewport();
      await expect(page).toHaveURL(/\/checkout$/);
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("an empty checkout sent moves focus to its first field, and the summary counts them", async ({
    page,
    ids,
  }) => {
    await setCart(page, [cartItem(ids.gummies, "Mango Gummies", 12.5)]);
    await page.goto("/checkout");
    await expect(summaryTotal(page)).toBeVisible();
    await page.getByRole("button", { name: /Place order/ }).click();
    const email = main(page).getByLabel("Email");
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Email is required")).toBeVisible();
    // Email, phone, name, street, city, province, postal code and the age box.
    await expect(
      main(page).getByRole("alert").filter({ hasText: "highlighted fields" }),
    ).toHaveText("Please correct the 8 highlighted fields.");
    await expect(page).toHaveURL(/\/checkout$/);
  });
});

test("a line that can no longer be filled is named and nothing is ordered", async ({
  page,
  ids,
}) => {
  await setCart(page, [
    cartItem(ids.gummies, "Mango Gummies", 12.5),
    cartItem(ids.rosin, "Rare Rosin", 60, 2),
  ]);
  await page.goto("/checkout");
  await expect(
    page.getByText("Sorry, only 1 of Rare Rosin left in stock. Please lower the quantity."),
  ).toBeVisible();
  await fillCheckout(page, "rosin@example.com");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("alert").first()).toHaveText(
    "Sorry, only 1 of Rare Rosin left in stock. Please lower the quantity.",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is still served and keeps what was typed on an error", async ({ page }) => {
    await page.goto("/checkout");
    await main(page).getByLabel("Email").fill("nojs@example.com");
    await main(page).getByLabel("Full name").fill("No Script");
    await main(page).getByLabel("Postal code").fill("V6B 1A1");
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(page.getByText("Your cart is empty").first()).toBeVisible();
    await expect(main(page).getByLabel("Email")).toHaveValue("nojs@example.com");
    await expect(main(page).getByLabel("Full name")).toHaveValue("No Script");
    await expect(page.getByText("Phone is required")).toBeVisible();
  });
});

test("cross-site posts to the checkout are refused", async ({ request, baseURL }) => {
  const response = await request.post(`${baseURL}/checkout`, {
    form: { email: "x@example.com" },
    headers: { Origin: "https://evil.example" },
  });
  // Refused before the action runs (React Router's own origin check or ours answers first).
  expect([400, 403]).toContain(response.status());
  expect(await response.text()).not.toContain("/orders/");
});

test("a post refused for where it came from says what was refused and why", async ({ page }) => {
  // No Origin header (a privacy tool can strip it): React Router lets it through, our check does
  // not. The page shows the refusal, not "403 Internal Server Error".
  const response = await page.request.post("/order-lookup", {
    form: { orderNumber: "BBS-00000001", email: "x@example.com" },
    headers: { Accept: "text/html" },
  });
  expect(response.status()).toBe(403);
  await page.setContent(await response.text());
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(
    page.getByText("This request came from another site and was refused."),
  ).toBeVisible();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
});

test("bad input gets a clear 4xx, never a 500", async ({ request, baseURL }) => {
  for (const query of ["", "?items=garbage", "?items=%5B%5D", `?items=${"x".repeat(9000)}`]) {
    const response = await request.get(`/cart/quote${query}`);
    expect(response.status(), query.slice(0, 30)).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  }
  const quote = await request.get(
    `/cart/quote?items=${encodeURIComponent('[{"id":"nope_nope","quantity":1}]')}&code=x`,
  );
  expect(quote.status()).toBe(200);
  expect((await quote.json()).lines[0].status).toBe("unavailable");

  expect((await request.get("/orders/not-a-real-token-at-all")).status()).toBe(404);
  const lookup = await request.post("/order-lookup", {
    form: { orderNumber: "", email: "nope" },
    headers: { Origin: baseURL! },
  });
  expect(lookup.status()).toBe(400);
  const checkout = await request.post("/checkout", {
    form: { items: "{broken", idempotencyKey: "short" },
    headers: { Origin: baseURL! },
  });
  expect(checkout.status()).toBe(400);
});
