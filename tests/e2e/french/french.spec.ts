import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { VIEWPORTS } from "../fixtures";
import { englishIn, expectNoEnglish } from "./english-left";
import { expect, receivedEmail, test } from "./french-store";

/**
 * The French storefront (docs/product/languages.md): a French-speaking shopper browses, searches,
 * buys and signs in under /fr and meets no English from the catalogues, in the pages or the emails;
 * the switch and the browser-language suggestion lead between the two languages.
 */
test.describe.configure({ timeout: 150_000 });

const NBSP = "\u00a0";
/** What the French store writes for a product's own data (not catalogue text). */
const STORE_DATA = ["Budz Boutique", "Northern Lights"];

async function checkFrench(page: Page) {
  await expectNoEnglish(page, STORE_DATA);
  await expectAccessible(page);
}

for (const [width, viewport] of [
  ["390", VIEWPORTS.phone],
  ["1280", VIEWPORTS.desktop],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test("a French checkout, its confirmation and its email are all in French", async ({
      page,
      store,
    }) => {
      const email = `acheteuse-${width}@example.com`;
      await page.goto("/fr/products/lemon-cream-gummies");
      await expect(
        page.getByRole("heading", { name: "Jujubes crème citron", level: 1 }),
      ).toBeVisible();
      await expect(page.getByText("Dix jujubes à la crème de citron.")).toBeVisible();
      await expect(page.getByText(`1${NBSP}234,50${NBSP}$`).first()).toBeVisible();
      await checkFrench(page);

      await page.getByRole("button", { name: "Ajouter au panier" }).click();
      const drawer = page.getByRole("dialog", { name: /Votre panier/ });
      await expect(drawer.getByText("Jujubes crème citron")).toBeVisible();
      await drawer.getByRole("link", { name: "Passer à la caisse" }).click();
      await expect(page).toHaveURL(/\/fr\/checkout$/);
      await expect(page.getByRole("heading", { name: "Caisse", level: 1 })).toBeVisible();
      const main = page.getByRole("main");
      await expect(page.getByRole("complementary").getByTestId("total")).toBeVisible();

      // A refusal from the server, in French, beside its field; nothing typed is lost.
      await main.getByLabel("Courriel").fill(email);
      await main.getByLabel("Téléphone").fill("(604) 555-0199");
      await main.getByLabel("Nom complet").fill("Léa Tremblay");
      await main.getByLabel("Adresse", { exact: true }).fill("123, rue Principale");
      await main.getByLabel("Ville").fill("Vancouver");
      await main.getByLabel("Province ou territoire").selectOption("BC");
      await main.getByLabel("Code postal").fill("K1A 0B1");
      await main.getByLabel(/Je confirme avoir 19 ans ou plus/).check();
      await page.getByRole("button", { name: /Passer la commande/ }).click();
      await expect(
        page.getByText("Ce code postal n'est pas dans la province ou le territoire choisi"),
      ).toBeVisible();
      await checkFrench(page);
      await main.getByLabel("Code postal").fill("V6B 1A1");

      // British Columbia: TPS 5 % and TVP 7 % on $1,234.50 (shipping is free past the threshold).
      const total = `1${NBSP}382,65${NBSP}$`;
      await expect(page.getByRole("complementary").getByTestId("total")).toHaveText(total);
      await page.getByRole("button", { name: /Passer la commande/ }).click();

      await expect(page).toHaveURL(
        /\/fr\/orders\/[A-Za-z0-9_-]{32}\?placed=1$|\/fr\/orders\/[A-Za-z0-9_-]{32}$/,
      );
      await expect(
        page.getByRole("heading", { name: /Merci.*Votre commande est passée/ }),
      ).toBeVisible();
      const orderNumber = (await page.getByTestId("order-number").textContent())!;
      const pay = page.getByRole("region", { name: "Payer par virement Interac" });
      await expect(pay.getByText(total)).toBeVisible();
      await checkFrench(page);

      // The confirmation email: French words, French money, links to the French pages.
      const mail = await receivedEmail(store, { to: email, kind: "order_confirmation" });
      expect(mail.subject).toContain(orderNumber);
      expect(mail.html).toMatch(/<html lang="fr/);
      expect(mail.text).toContain(total);
      expect(mail.text).toMatch(/\/fr\/orders\/[A-Za-z0-9_-]{32}/);
      const lines = mail
        .text!.split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      expect(
        await englishIn([mail.subject!, ...lines], STORE_DATA),
        "English in the email",
      ).toEqual([]);
    });
  });
}

test("every French page a shopper reaches, signed out and signed in, has no English left", async ({
  page,
  store,
}) => {
  test.setTimeout(240_000);
  for (const path of [
    "/fr",
    "/fr/products",
    "/fr/category/edibles",
    "/fr/products/northern-lights",
    "/fr/about",
    "/fr/contact",
    "/fr/privacy",
    "/fr/faq",
    "/fr/order-lookup",
    "/fr/checkout",
    "/fr/account/sign-up",
    "/fr/account/forgot-password",
    "/fr/unsubscribe/not-a-real-token",
  ]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await checkFrench(page);
  }

  // Search ignores accents: "creme" finds the product whose French name has "crème".
  await page.goto("/fr/search?q=creme");
  await expect(page.getByRole("link", { name: /Jujubes crème citron/ }).first()).toBeVisible();
  await checkFrench(page);

  // A page that does not exist, and a look-up refused, in French.
  const missing = await page.goto("/fr/nothing-here");
  expect(missing?.status()).toBe(404);
  await checkFrench(page);
  await page.goto("/fr/order-lookup");
  await page
    .getByRole("main")
    .getByLabel(/Numéro de commande/)
    .fill("BBS-00000001");
  await page.getByRole("main").getByLabel("Courriel").fill("personne@example.com");
  await page.getByRole("main").getByRole("button").last().click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await checkFrench(page);

  // Signing in by an emailed link, all in French, to the French account pages.
  const email = "leo.compte@example.com";
  await page.goto("/fr/account/sign-in");
  await checkFrench(page);
  await page.getByLabel("Courriel pour le lien").fill(email);
  await page.getByRole("button", { name: "M'envoyer un lien de connexion" }).click();
  await expect(page.getByText(/un lien de connexion est en route/)).toBeVisible();
  const mail = await receivedEmail(store, { to: email, kind: "account_sign_in" });
  expect(await englishIn(mail.text!.split("\n").filter(Boolean), STORE_DATA)).toEqual([]);
  const link = /\/fr\/account\/link\?token=[A-Za-z0-9_-]{43}/.exec(mail.text!)![0];
  await page.goto(link);
  await checkFrench(page);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Mon compte", level: 1 })).toBeVisible();
  for (const path of [
    "/fr/account",
    "/fr/account/orders",
    "/fr/account/addresses",
    "/fr/account/addresses/new",
    "/fr/account/settings",
  ]) {
    await page.goto(path);
    await checkFrench(page);
  }
});

test("the age gate and the language switch speak French; the switch keeps the page", async ({
  unverifiedPage: page,
  store,
}) => {
  await page.goto(`${store.url}/fr/products?sort=price-asc`);
  const gate = page.getByRole("dialog");
  await expect(gate.getByRole("button", { name: "J’ai 19 ans ou plus" })).toBeVisible();
  await expectNoEnglish(page, STORE_DATA);
  await expectAccessible(page, { include: "[role=dialog]" });
  await gate.getByRole("button", { name: "J’ai 19 ans ou plus" }).click();
  await expect(gate).toHaveCount(0);

  await page.getByTestId("language-switch").last().click();
  await expect(page).toHaveURL(`${store.url}/products?sort=price-asc`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  await expect(page.getByRole("heading", { name: "All Products", level: 1 })).toBeVisible();
  await page.getByTestId("language-switch").last().click();
  await expect(page).toHaveURL(`${store.url}/fr/products?sort=price-asc`);
  await expect(page.getByRole("heading", { name: "Tous les produits", level: 1 })).toBeVisible();
});

test.describe("a browser that prefers French", () => {
  test.use({ locale: "fr-CA" });

  test("is offered the French page once, never redirected", async ({ page }) => {
    await page.goto("/products/northern-lights");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
    const offer = page.getByRole("link", { name: "Voir en français" });
    await expect(offer).toBeVisible();
    await expectAccessible(page);
    await offer.click();
    await expect(page).toHaveURL(/\/fr\/products\/northern-lights$/);
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeVisible();
    // Chosen once: the English page is shown as asked, without the offer.
    await page.goto("/products/northern-lights");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voir en français" })).toHaveCount(0);
  });
});
