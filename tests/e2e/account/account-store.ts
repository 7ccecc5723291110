import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Database } from "~/server/db.server";
import { productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { test as base, expect } from "../admin/admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";

/**
 * The account specs run against their own store (one product to order) whose emails stay in the
 * local outbox: the worker writes each one as an .eml file under DATA_DIR/outbox, where the specs
 * read the links a shopper would click.
 */
export interface AccountStore {
  url: string;
  dataDir: string;
  cartItem: { id: string; name: string; price: number; image: string; quantity: number };
}

async function seed(db: Database): Promise<AccountStore["cartItem"]> {
  const [product] = await db
    .insert(products)
    .values({
      slug: "northern-lights",
      name: "Northern Lights",
      category: "flowers",
      description: "A classic indica.",
      sellingPriceCents: 4500,
      netAmountMilli: 1000,
      stock: 500,
    })
    .returning({ id: products.id });
  const [size] = await db
    .insert(productVariations)
    .values({
      productId: product!.id,
      size: "3.5",
      priceCents: 4500,
      netAmountMilli: 1000,
      stock: 500,
      position: 0,
    })
    .returning({ id: productVariations.id });
  return {
    id: `${product!.id}_${size!.id}`,
    name: "Northern Lights (3.5g)",
    price: 45,
    image: "",
    quantity: 1,
  };
}

async function startAccountStore() {
  const store = await startOwnStore({
    name: "account",
    seed: (dataDir) => withStoreDatabase(dataDir, seed),
  });
  return { url: store.url, dataDir: store.dataDir, cartItem: store.seeded, stop: store.stop };
}

export const test = base.extend<
  { store: AccountStore & { stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(startAccountStore),
});

export { expect };

/** Undoes quoted-printable (soft line breaks and =XX escapes) in a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The link (path and query) in the newest email of `kind` sent to `to`, waiting for the outbox
 * worker to write it. `after` skips messages already read.
 */
export async function emailedLink(
  store: AccountStore,
  options: { to: string; kind: string; path: string; after?: Set<string> },
): Promise<string> {
  const dir = path.join(store.dataDir, "outbox");
  let link = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return "";
        const files = fs
          .readdirSync(dir)
          .filter((f) => f.includes(`-${options.kind}-`) && !options.after?.has(f))
          .sort()
          .reverse();
        for (const file of files) {
          const text = decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8"));
          const to = text.split(/\r?\n/).find((line) => /^to:/i.test(line));
          if (!to?.includes(options.to)) continue;
          const match = new RegExp(
            `${options.path.replace(/[?]/g, "\\?")}\\?token=[A-Za-z0-9_-]{43}`,
          ).exec(text);
          if (match) {
            options.after?.add(file);
            link = match[0];
            return link;
          }
        }
        return "";
      },
      { timeout: 20_000, message: `a ${options.kind} email to ${options.to}` },
    )
    .not.toBe("");
  return link;
}

/** Signs in (creating the account if new) with an emailed sign-in link, as a shopper would. */
export async function signInByLink(page: Page, store: AccountStore, email: string) {
  await page.goto("/account/sign-in");
  await page.getByLabel("Email for the link").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your email: a sign-in link is on its way.")).toBeVisible();
  const link = await emailedLink(store, {
    to: email,
    kind: "account_sign_in",
    path: "/account/link",
  });
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
}

/** Puts a cart in the browser's storage (the checkout prices it on the server). */
export async function setCart(page: Page, items: unknown[]) {
  await page.goto("/");
  await page.evaluate((cart) => window.localStorage.setItem("cart", cart), JSON.stringify(items));
}
