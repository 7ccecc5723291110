import { expect, test } from "../fixtures";

const GOV_PAGE = /^https:\/\/www\.canada\.ca\//;

test.describe("age gate", () => {
  test("blocks the store until the visitor confirms, then remembers it", async ({
    unverifiedPage: page,
  }) => {
    await page.goto("/");
    const gate = page.getByRole("dialog", { name: "Welcome to Budz Boutique" });
    await expect(gate).toBeVisible();
    await expect(gate).toContainText("You must be 19 years of age or older to enter this site.");
    await expect(gate).toContainText(
      "This verification is required by law and cannot be bypassed.",
    );
    await expect(gate).toContainText("you confirm that you are of legal age");
    // The store behind it cannot be reached (inert: no focus, no clicks, hidden from assistive tech).
    await expect(page.locator("[inert]")).toContainText("Featured Products");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[inert]"))).toBeNull();

    await gate.getByRole("button", { name: "I am 19 or older" }).click();
    await expect(gate).toBeHidden();
    await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("ageVerified"))).toBe("true");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "age_verified")?.value).toBe("true");

    // The server now renders no gate at all.
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain("Welcome to Budz Boutique");
    await page.reload();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("under 19: confirmation, Cancel keeps the gate, OK leaves for the government page", async ({
    unverifiedPage: page,
  }) => {
    await page.route(GOV_PAGE, (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Cannabis in Canada</h1>" }),
    );
    await page.goto("/category/flowers");
    await page.getByRole("button", { name: "I am under 19" }).click();
    const confirm = page.getByText(
      "You must be 19 years or older to access this site. You will be redirected to a general information page.",
    );
    await expect(confirm).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "I am 19 or older" })).toBeVisible();

    await page.getByRole("button", { name: "I am under 19" }).click();
    await page.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(GOV_PAGE);
    expect((await page.context().cookies()).find((c) => c.name === "age_verified")).toBeUndefined();
  });

  test("a local storage flag alone is honoured", async ({ unverifiedPage: page }) => {
    await page.goto("/about");
    await page.evaluate(() => localStorage.setItem("ageVerified", "true"));
    await page.reload();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("heading", { name: "About Us", level: 1 })).toBeVisible();
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/category/hash");
    await page.getByRole("button", { name: "I am 19 or older" }).click();
    await expect(page).toHaveURL(/\/category\/hash$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Hash", level: 1 })).toBeVisible();
    await context.close();
  });
});

test("visitors outside Canada see the Restricted screen", async ({ page, request }) => {
  const response = await request.get("/", { headers: { "X-Test-Country": "US" } });
  expect(response.status()).toBe(451);
  const html = await response.text();
  expect(html).toContain("Access Restricted");
  expect(html).toContain("This website is only available to Canadian residents.");
  expect(html).not.toContain("Featured Products");

  await page.setExtraHTTPHeaders({ "X-Test-Country": "US" });
  await page.goto("/category/flowers");
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();

  const canadian = await request.get("/", { headers: { "X-Test-Country": "CA" } });
  expect(canadian.status()).toBe(200);
});
