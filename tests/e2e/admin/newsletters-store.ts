import path from "node:path";
import { migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";
import { customers } from "~/server/schema";
import { startSmtpServer, type TestSmtpServer } from "../../integration/email-smtp-server";
import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Newsletters spec's own store, sending to a real SMTP server in the test process: two
 * subscribers (ana, an active customer, and ben), and cy, who unsubscribed. Cards: Total
 * Subscribers 2 (1 active customer); nothing sent yet.
 */
async function seed(dataDir: string) {
  logger.level = "warn";
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  setDatabase(handle);
  try {
    for (const email of ["ana@example.com", "ben@example.com", "cy@example.com"])
      await subscribeToNewsletter({
        email,
        source: email.startsWith("ana") ? "checkout" : "footer",
      });
    await unsubscribeFromNewsletter({ email: "cy@example.com" });
    await handle.db.insert(customers).values({ name: "Ana Active", email: "ana@example.com" });
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

export interface NewslettersStore {
  url: string;
  smtp: TestSmtpServer;
}

export const test = adminTest.extend<object, { store: NewslettersStore }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const smtp = await startSmtpServer();
      const store = await startOwnStore({
        name: "newsletters",
        seed,
        env: { SMTP_URL: smtp.url },
      });
      await provide({ url: store.url, smtp });
      await store.stop();
      await smtp.close();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ store }, provide) => provide(store.url),
});

export { expect };
