import { paymentReference } from "~/lib/payment-reference";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { emailedLink, expect, setCart, signInByLink, test } from "./account-store";

const PASSWORD = "a long enough password";

// Each test walks a shopper through several pages and emails on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

test("sign up, confirm the email and see the orders placed as a guest; sign out and in again", async ({
  page,
  store,
}) => {
  const email = "ana.signup@example.com";
  // A guest order first, placed with the same email.
  await setCart(page, [store.cartItem]);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await expect(page.getByRole("complementary").getByTestId("total")).toBeVisible();
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Phone").fill("604-555-0199");
  await main.getByLabel("Full name").fill("Ana Guest");
  await main.getByLabel("Street address").fill("123 Main St");
  await main.getByLabel("City").fill("Vancouver");
  await main.getByLabel("Province or territory").selectOption("BC");
  await main.getByLabel("Postal code").fill("V6B 1A1");
  await main.getByLabel(/I confirm I am 19 years of age or older/).check();
  await main.getByRole("button", { name: /Place order/ }).click();
  const orderNumber = (await page
    .getByText(/^BBS-\d{8}$/)
    .first()
    .textContent())!.trim();

  // The header's user icon leads to the sign-in page while signed out.
  await page.getByRole("banner").getByRole("link", { name: "My Account" }).last().click();
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Look up an order" })).toHaveAttribute(
    "href",
    "/order-lookup",
  );
  await expectAccessible(page);

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("short");
  await main.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Your password must be at least 10 characters")).toBeVisible();
  await expectAccessible(page);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/Check your email: we sent you a link to confirm/)).toBeVisible();

  const verify = await emailedLink(store, {
    to: email,
    kind: "account_verify",
    path: "/account/verify",
  });
  await page.goto(verify);
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await expectAccessible(page);
  await main.getByLabel("Password").fill("not my password");
  await main.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Thanks! Your email address is confirmed.")).toBeVisible();
  await expect(page.getByRole("link", { name: orderNumber })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page.getByText("1 order placed with this email")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { name: orderNumber })).toBeVisible();
  await expect(page.getByText("Pay by Interac e-Transfer")).toBeVisible();
  await expect(page.getByTestId("payment-reference")).toHaveText(paymentReference(orderNumber)!);
  await expect(page.getByRole("link", { name: "Invoice (PDF)" })).toHaveAttribute(
    "href",
    `/account/orders/${orderNumber}/invoice.pdf`,
  );
  const pdf = await page.request.get(`/account/orders/${orderNumber}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectAccessible(page);

  // The used link is refused with a message; signing out ends the session.
  await page.goto(verify);
  await expect(
    page.getByText("This link has already been used. Please ask for a new one."),
  ).toBeVisible();
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/account/orders");
  await expect(page).toHaveURL(/\/account\/sign-in\?redirectTo=%2Faccount%2Forders$/);

  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password").fill("wrong password!");
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Incorrect email or password")).toBeVisible();
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);

  // Another shopper cannot open this order.
  await page.context().clearCookies({ name: "budz_shopper" });
  await signInByLink(page, store, "ben.other@example.com");
  const other = await page.goto(`/account/orders/${orderNumber}`);
  expect(other?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  expect((await page.request.get(`/account/orders/${orderNumber}/invoice.pdf`)).status()).toBe(404);
});

test("forgot password: the emailed link sets a new password once", async ({ page, store }) => {
  const email = "cy.reset@example.com";
  await signInByLink(page, store, email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByRole("main").getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText(/if there is an account for that address/)).toBeVisible();

  const link = await emailedLink(store, {
    to: email,
    kind: "account_reset",
    path: "/account/reset-password",
  });
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your new password is saved. You are signed in.")).toBeVisible();

  const again = await page.goto(link);
  expect(again?.status()).toBe(400);
  await expect(
    page.getByText("This link has already been used. Please ask for a new one."),
  ).toBeVisible();
  const forged = await page.goto(`/account/reset-password?token=${"A".repeat(43)}`);
  expect(forged?.status()).toBe(400);
  await expect(page.getByText("This link is not valid. Please ask for a new one.")).toBeVisible();
});

test("saved addresses prefill checkout, and the shopper can switch between them", async ({
  page,
  store,
}) => {
  await signInByLink(page, store, "dee.addresses@example.com");
  await page.getByRole("link", { name: "Addresses", exact: true }).click();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  await page.getByRole("link", { name: "Add address" }).click();
  const main = page.getByRole("main");
  await main.getByLabel("Full name").fill("Dee Home");
  await main.getByLabel("Phone").fill("6045550111");
  await main.getByLabel("Street address").fill("1 Home St");
  await main.getByLabel("City").fill("Calgary");
  await main.getByLabel("Province or territory").selectOption("AB");
  await main.getByLabel("Postal code").fill("V6B 1A1");
  await main.getByRole("button", { name: "Add address" }).click();
  await expect(
    page.getByText("This postal code is not in the chosen province or territory"),
  ).toBeVisible();
  await expectAccessible(page);
  await main.getByLabel("Postal code").fill("t2p 1j9");
  await main.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address saved.")).toBeVisible();

  await page.getByRole("link", { name: "Add address" }).click();
  await main.getByLabel("Full name").fill("Dee Cabin");
  await main.getByLabel("Phone").fill("250-555-0122");
  await main.getByLabel("Street address").fill("9 Lake Rd");
  await main.getByLabel("City").fill("Nelson");
  await main.getByLabel("Province or territory").selectOption("BC");
  await main.getByLabel("Postal code").fill("V1L 1A1");
  await main.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByRole("listitem", { name: "Address of Dee Home" })).toContainText(
    "Default",
  );
  await expectAccessible(page);
  await page
    .getByRole("listitem", { name: "Address of Dee Cabin" })
    .getByRole("button", { name: "Make default" })
    .click();
  await expect(page.getByText("Default address updated.")).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Address of Dee Cabin" })).toContainText(
    "Default",
  );

  await setCart(page, [store.cartItem]);
  await page.goto("/checkout");
  await expect(page.getByRole("complementary").getByTestId("total")).toBeVisible();
  await expect(main.getByLabel("Email")).toHaveValue("dee.addresses@example.com");
  await expect(main.getByLabel("Full name")).toHaveValue("Dee Cabin");
  await expect(main.getByLabel("Postal code")).toHaveValue("V1L 1A1");
  await main
    .getByLabel("Saved addresses")
    .selectOption({ label: "Dee Home, 1 Home St, Calgary, Alberta" });
  await expect(main.getByLabel("Full name")).toHaveValue("Dee Home");
  await expect(main.getByLabel("Province or territory")).toHaveValue("AB");
  await expect(main.getByLabel("Phone")).toHaveValue("604-555-0111");
  await main.getByLabel(/I confirm I am 19 years of age or older/).check();
  await main.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText(/^BBS-\d{8}$/).first()).toBeVisible();
  await expect(page.getByText("Dee Home").first()).toBeVisible();
});

test("newsletter consent on and off, then deleting the account", async ({ page, store }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signInByLink(page, store, "eve.delete@example.com");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByTestId("newsletter-status")).toHaveText("Not subscribed.");
  await page.getByRole("button", { name: "Subscribe to the newsletter" }).click();
  await expect(page.getByText("You are subscribed to our newsletter.")).toBeVisible();
  await expect(page.getByTestId("newsletter-status")).toContainText("Subscribed since");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByTestId("newsletter-status")).toHaveText("Not subscribed.");

  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    page.getByText("Please tick the box to confirm you want to delete your account."),
  ).toBeVisible();
  await page.getByLabel("I understand my account will be deleted for good.").check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    page.getByText("Your account was deleted. Your orders are kept for our records."),
  ).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in$/);
});

test("cross-site posts to the account pages are refused", async ({ request }) => {
  for (const url of [
    "/account/sign-in",
    "/account/sign-up",
    "/account/sign-out",
    "/account/settings",
  ]) {
    const response = await request.post(url, {
      form: { email: "x@example.com", password: PASSWORD },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    // 403 from the action's origin check, or 400 from React Router's own check of document posts.
    expect([400, 403], url).toContain(response.status());
  }
});
