import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { checkForm } from "~/lib/form";
import { accountNotice } from "~/lib/account";
import { accountForms } from "~/schemas/account";
import {
  requestPasswordReset,
  requestSignInLink,
  signInWithLink,
  signInWithPassword,
  signUp,
} from "~/server/accounts/accounts.server";
import { requireShopper, safeRedirectTo } from "~/server/accounts/session.server";
import { db } from "~/server/db.server";
import { shopperAccounts } from "~/server/db-tables";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { callRoute, type RouteModule } from "../setup/route-call";
import { CLIENT, lastEmail, PASSWORD, tokenFrom, verifiedShopper } from "./account-factories";

/** Shopper accounts from French pages: messages, emails, their links and the account's locale. */

beforeEach(resetDatabase);

async function accountLocale(email: string) {
  const [row] = await db()
    .select({ locale: shopperAccounts.locale })
    .from(shopperAccounts)
    .where(eq(sql`lower(${shopperAccounts.email})`, email));
  return row?.locale;
}

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("French account emails", () => {
  it("a sign-up from a French page: a French confirmation email whose link opens /fr", async () => {
    await signUp({ email: "luc@example.com", password: PASSWORD, locale: "fr" });
    expect(await accountLocale("luc@example.com")).toBe("fr");
    const email = await lastEmail("luc@example.com", "account_verify");
    const store = storeSettingsNow().store.name;
    // (The outbox writes a subject's spaces, the no-break one too, as plain spaces.)
    expect(email?.subject.replace(/\s/g, " ")).toBe(`${store} : confirmez votre adresse courriel`);
    expect(email?.text).toContain("Confirmez votre adresse courriel");
    expect(email?.text).toContain("http://localhost:3000/fr/account/verify?token=");
    expect(email?.html).toContain("/fr/account/verify?token=");
    expect(email?.text).not.toContain("Confirm your email address");
  });

  it("a sign-in link asked from a French page is French and makes the account French", async () => {
    await signUp({ email: "ana@example.com", password: PASSWORD });
    expect(await accountLocale("ana@example.com")).toBe("en");
    await requestSignInLink({ email: "ana@example.com", locale: "fr" });
    expect(await accountLocale("ana@example.com")).toBe("fr");
    const email = await lastEmail("ana@example.com", "account_sign_in");
    expect(email?.subject).toContain("votre lien de connexion");
    expect(email?.text).toContain("http://localhost:3000/fr/account/link?token=");
    expect(email?.text).toContain("Le lien ne fonctionne qu'une fois, pendant");
  });

  it("a link to a new address creates a French account; English stays English", async () => {
    await requestSignInLink({ email: "new@example.com", locale: "fr" });
    const result = await signInWithLink({
      token: await tokenFrom("new@example.com", "account_sign_in"),
      ...CLIENT,
      locale: "fr",
    });
    expect(result.ok).toBe(true);
    expect(await accountLocale("new@example.com")).toBe("fr");
    await requestPasswordReset({ email: "new@example.com", locale: "en" });
    const reset = await lastEmail("new@example.com", "account_reset");
    expect(reset?.subject).toContain("reset your password");
    expect(reset?.text).toContain("http://localhost:3000/account/reset-password?token=");
    expect(await accountLocale("new@example.com")).toBe("en");
  });

  it("signing in with a password on a French page makes the account French", async () => {
    await verifiedShopper("eve@example.com");
    expect(await accountLocale("eve@example.com")).toBe("en");
    const result = await signInWithPassword({
      email: "eve@example.com",
      password: PASSWORD,
      ...CLIENT,
      locale: "fr",
    });
    expect(result.ok).toBe(true);
    expect(await accountLocale("eve@example.com")).toBe("fr");
  });
});

describe("French account messages", () => {
  it("form rules answer in French", () => {
    const checked = checkForm(
      accountForms("fr").signUpForm,
      form({ email: "ana@", password: "court" }),
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors).toEqual({
        email: "Veuillez entrer une adresse courriel valide",
        password: "Votre mot de passe doit compter au moins 10 caractères",
      });
    // English is unchanged.
    const english = checkForm(accountForms("en").signInForm, form({ email: "", password: "" }));
    if (!english.ok)
      expect(english.errors).toEqual({
        email: "Please enter your email address",
        password: "Please enter your password",
      });
  });

  it("a wrong password is refused in French", async () => {
    await verifiedShopper("ana@example.com");
    const result = await signInWithPassword({
      email: "ana@example.com",
      password: "wrong password!",
      ...CLIENT,
      locale: "fr",
    });
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      message: "Courriel ou mot de passe incorrect",
    });
  });

  it("notices are French on French pages", () => {
    expect(accountNotice("address-saved", "fr")).toBe("Adresse enregistrée.");
    expect(accountNotice("address-saved")).toBe("Address saved.");
  });

  it("the sign-in page's validation is French under /fr", async () => {
    const module = (await import("~/routes/store/account/sign-in")) as RouteModule;
    const request = new Request("http://store.test/fr/account/sign-in", {
      method: "POST",
      headers: { Origin: "http://store.test" },
      body: form({ intent: "password", email: "", password: "" }),
    });
    const reply = (await callRoute(module, "action", request)) as {
      data: { errors: Record<string, string> };
    };
    expect(reply.data.errors).toEqual({
      email: "Veuillez entrer votre adresse courriel",
      password: "Veuillez entrer votre mot de passe",
    });
  });
});

describe("French redirects", () => {
  it("a French account page without a session goes to the French sign-in page", async () => {
    const outcome = await requireShopper(
      new Request("http://store.test/fr/account/orders?page=2"),
    ).catch((thrown: unknown) => thrown);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get("Location")).toBe(
      `/fr/account/sign-in?redirectTo=${encodeURIComponent("/fr/account/orders?page=2")}`,
    );
    const home = await requireShopper(new Request("http://store.test/fr/account")).catch(
      (thrown: unknown) => thrown,
    );
    expect((home as Response).headers.get("Location")).toBe("/fr/account/sign-in");
  });

  it("after signing in, a French path is kept; anything else goes to the page's account", () => {
    expect(safeRedirectTo("/fr/account/orders", "fr")).toBe("/fr/account/orders");
    expect(safeRedirectTo("/fr/checkout", "fr")).toBe("/fr/checkout");
    expect(safeRedirectTo("/account/settings")).toBe("/account/settings");
    expect(safeRedirectTo("https://evil.test/", "fr")).toBe("/fr/account");
    expect(safeRedirectTo("/fr//evil.test", "fr")).toBe("/fr/account");
    expect(safeRedirectTo("//evil.test")).toBe("/account");
    expect(safeRedirectTo(null)).toBe("/account");
  });
});
