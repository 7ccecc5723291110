import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { fillSampleIdentity } from "~/server/settings/store-settings.server";
import { startSmtpServer, type TestSmtpServer } from "../../integration/email-smtp-server";
import { withStoreDatabase } from "../../fixtures/database";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

export const SUBSCRIBERS = ["ada@example.com", "bo@example.com", "cy@example.com"];

/** The Emails spec's own store: three subscribers, no campaign, mail to a local SMTP sink. */
async function startEmailsStore() {
  const smtp = await startSmtpServer();
  const store = await startOwnStore({
    name: "emails",
    seed: (dataDir) =>
      withStoreDatabase(dataDir, async () => {
        for (const email of SUBSCRIBERS) await subscribeToNewsletter({ email, source: "footer" });
        // Mailings go out only with the store's postal address (Canada's anti-spam law).
        await fillSampleIdentity();
      }),
    env: { SMTP_URL: smtp.url },
  });
  return {
    url: store.url,
    smtp,
    async stop() {
      await store.stop();
      await smtp.close();
    },
  };
}

/** The admin `test` (adminPage signed in) against the Emails spec's own store and SMTP sink. */
export const test = adminTest.extend<
  { store: { url: string; smtp: TestSmtpServer; stop(): Promise<void> } },
  OwnStoresWorker
>({ ...ownStoreFixtures(startEmailsStore) });

export { expect };
