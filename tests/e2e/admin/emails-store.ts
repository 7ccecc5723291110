import path from "node:path";
import { migrateDatabase, openPglite, setDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { startSmtpServer, type TestSmtpServer } from "../../integration/email-smtp-server";
import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

export const SUBSCRIBERS = ["ada@example.com", "bo@example.com", "cy@example.com"];

/** The Emails spec's own store: three subscribers, no campaign, mail to a local SMTP sink. */
async function seed(dataDir: string) {
  logger.level = "warn";
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  setDatabase(handle);
  try {
    for (const email of SUBSCRIBERS) await subscribeToNewsletter({ email, source: "footer" });
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

interface EmailsStore {
  url: string;
  smtp: TestSmtpServer;
}

/** The admin `test` (adminPage signed in) against the Emails spec's own store and SMTP sink. */
export const test = adminTest.extend<object, { store: EmailsStore }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const smtp = await startSmtpServer();
      const store = await startOwnStore({ name: "emails", seed, env: { SMTP_URL: smtp.url } });
      await provide({ url: store.url, smtp });
      await store.stop();
      await smtp.close();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ store }, provide) => provide(store.url),
});

export { expect };
