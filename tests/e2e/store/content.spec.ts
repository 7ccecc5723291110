import { expect, test } from "../fixtures";

test("header links open the content pages and My Account", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("heading", { name: "About Us", level: 1 })).toBeVisible();
  await nav.getByRole("link", { name: "Contact Us" }).click();
  await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Mon-Fri 9AM-6PM PST");
  await expect(page.getByRole("main")).toContainText("support@budzboutique.ca");
  await nav.getByRole("link", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toHaveCount(2);
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Privacy Policy | Budz Boutique");
});

test("mobile menu opens the categories and pages", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByLabel("Menu").click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Bulk Buy" })).toBeVisible();
  await menu.getByRole("link", { name: "Edibles" }).click();
  await expect(page).toHaveURL(/\/category\/edibles$/);
  await expect(menu).toBeHidden();
});

test("footer newsletter: thank-you message, field cleared, repeat address is fine", async ({
  page,
}) => {
  await page.goto("/about");
  const email = page.getByRole("textbox", { name: "Email address" });
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  const address = `e2e-${Date.now()}@example.com`;
  for (let i = 0; i < 2; i++) {
    await email.fill(address);
    const response = page.waitForResponse((r) => r.url().includes("/newsletter"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    expect((await response).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toHaveText(
      "Thank you for subscribing to our newsletter!",
    );
    await expect(email).toHaveValue("");
  }
});

test("footer shows service links, payment and shipping marks and contact details", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const marks = footer.getByRole("list", { name: "Payment and shipping" });
  await expect(marks).toContainText("INTERAC e-Transfer");
  await expect(marks).toContainText("Canada Post");
  await expect(footer.getByText("Mon-Fri 9AM-6PM PST")).toBeVisible();
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(footer.getByRole("link", { name: "Order Look-up" })).toHaveAttribute(
    "href",
    "/order-lookup",
  );
});

test("a cross-site newsletter post is refused", async ({ request }) => {
  const response = await request.post("/newsletter", {
    form: { email: "x@example.com" },
    headers: { Origin: "https://evil.example" },
  });
  expect(response.status()).toBe(403);
});

test("sitemap.xml and robots.txt", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const files = [...(await sitemap.text()).matchAll(/<loc>http[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)];
  expect(files.map((m) => m[1])).toEqual(["/sitemaps/pages.xml", "/sitemaps/products-1.xml"]);
  expect(await (await request.get("/sitemaps/pages.xml")).text()).toContain(
    "/category/bulk-buy</loc>",
  );
  const products = await (await request.get("/sitemaps/products-1.xml")).text();
  // Each of the 70 products in English and in French.
  expect(products.match(/\/products\/[^<]+<\/loc>/g)?.length).toBe(140);
  expect(products.match(/\/fr\/products\/[^<]+<\/loc>/g)?.length).toBe(70);
  expect((await request.get("/sitemaps/products-2.xml")).status()).toBe(404);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /budzadmin");
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("public pages are cacheable by shared caches", async ({ request }) => {
  for (const path of ["/", "/category/flowers", "/about"]) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toContain("s-maxage=60");
    expect(response.headers()["vary"], path).toContain("Cookie");
  }
});
