import { E2E_ADMIN, expect, signIn, test } from "./admin-fixtures";
import { openScreen, sidebar } from "./admin-screen";

test("a signed-out visitor is sent to the sign-in page, and data URLs answer 401", async ({
  page,
  request,
}) => {
  await page.goto("/budzadmin/dashboard/products");
  await expect(page).toHaveURL(/\/budzadmin$/);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();

  const data = await request.get("/budzadmin/dashboard/products.data");
  expect(data.status()).toBe(401);
  expect(await data.text()).not.toContain("Blue Dream");
  const upload = await request.post("/budzadmin/dashboard/images/upload", {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
  });
  expect(upload.status()).toBe(401);
});

test("wrong credentials are refused with one message, the right ones open the dashboard", async ({
  page,
}) => {
  await page.goto("/budzadmin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password", {
    timeout: 30_000,
  });

  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Checking the password is CPU work by design (argon2id): on a busy machine it takes seconds.
  await expect(page.getByText(`Welcome back, ${E2E_ADMIN.username}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/budzadmin\/dashboard$/);
  await expect(sidebar(page).getByRole("link", { name: "Products" })).toBeVisible();

  // Signed in, the sign-in page sends straight to the dashboard.
  await page.goto("/budzadmin");
  await expect(page).toHaveURL(/\/budzadmin\/dashboard$/);
});

test("repeated failures on an account are throttled with a clear message", async ({ page }) => {
  await page.goto("/budzadmin");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Username").fill("intruder");
    await page.getByLabel("Password").fill(`guess-${i}`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password", {
      timeout: 30_000,
    });
  }
  await page.getByLabel("Password").fill("guess-6");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Too many attempts", { timeout: 30_000 });
});

test("a sign-in posted from another site is refused", async ({ request }) => {
  const response = await request.post("/budzadmin?index", {
    headers: { Origin: "https://evil.example" },
    form: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  // React Router itself answers 400 to a cross-site document post; our check answers 403.
  expect([400, 403]).toContain(response.status());
  expect(response.headers()["set-cookie"] ?? "").not.toContain("budz_admin=");
});

// Signs in through the form: logging out ends the session, which must not be the one the other
// specs share (adminPage).
test("the sidebar remembers being collapsed, and logout ends the session", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();

  await expect(page.getByRole("link", { name: "Back to Store" }).first()).toHaveAttribute(
    "href",
    "/",
  );
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/budzadmin$/);
  await page.goto("/budzadmin/dashboard");
  await expect(page).toHaveURL(/\/budzadmin$/);
});

test("on a phone the menu opens as a drawer", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreen(page, "/budzadmin/dashboard", "Overview");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("link", { name: "Image Library" }).click();
  await expect(page.getByRole("heading", { name: "Image Library" })).toBeVisible();
  await expect(drawer).toHaveCount(0);
});
