import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Database } from "~/server/db.server";
import { productVariations, products } from "~/server/db-tables";
import { withStoreDatabase } from "../../fixtures/database";
import { test as base } from "../admin/admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";

/**
 * The French specs' own store: one product with its French name and description, another left
 * untranslated, and emails kept as .eml files under DATA_DIR/outbox (no SMTP), where the specs
 * read what a shopper receives.
 */
export interface FrenchStore {
  url: string;
  dataDir: string;
}

async function seed(db: Database) {
  const [cream, plain] = await db
    .insert(products)
    .values([
      {
        slug: "lemon-cream-gummies",
        name: "Lemon Cream Gummies",
        nameFr: "Jujubes crème citron",
        category: "edibles",
        description: "Ten lemon cream gummies.",
        descriptionFr: "Dix jujubes à la crème de citron.",
        sellingPriceCents: 123450,
        netAmountMilli: 10_000,
        stock: 50,
      },
      {
        slug: "northern-lights",
        name: "Northern Lights",
        category: "flowers",
        description: "A classic indica.",
        sellingPriceCents: 4500,
        netAmountMilli: 1000,
        stock: 500,
        strain: "Indica",
      },
    ])
    .returning({ id: products.id });
  await db.insert(productVariations).values({
    productId: plain!.id,
    size: "3.5",
    priceCents: 4500,
    netAmountMilli: 1000,
    stock: 500,
    position: 0,
  });
  return { creamId: cream!.id };
}

async function startFrenchStore() {
  const store = await startOwnStore({
    name: "french",
    seed: (dataDir) => withStoreDatabase(dataDir, seed),
  });
  return { url: store.url, dataDir: store.dataDir, stop: store.stop };
}

export const test = base.extend<
  { store: FrenchStore & { stop(): Promise<void> } },
  OwnStoresWorker
>({ ...ownStoreFixtures(startFrenchStore) });

export { expect };

/** The newest email of `kind` sent to `to`, parsed, waiting for the outbox worker to write it. */
export async function receivedEmail(
  store: FrenchStore,
  options: { to: string; kind: string },
): Promise<ParsedMail> {
  const dir = path.join(store.dataDir, "outbox");
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(dir)) return false;
        const files = fs
          .readdirSync(dir)
          .filter((f) => f.includes(`-${options.kind}-`))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
          if (mail.text && JSON.stringify(mail.to).includes(options.to)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: `an email ${options.kind} to ${options.to}` },
    )
    .toBe(true);
  return found!;
}
