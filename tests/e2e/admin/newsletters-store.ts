import { fillSampleIdentity } from "~/server/settings/store-settings.server";
import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/marketing/newsletter.server";
import { coupons, customers } from "~/server/db-tables";
import { startSmtpServer, type TestSmtpServer } from "../../integration/email-smtp-server";
import { withStoreDatabase } from "../../fixtures/database";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Newsletters spec's own store, sending to a real SMTP server in the test process: two
 * subscribers (ana, an active customer, and ben), and cy, who unsubscribed. Cards: Total
 * Subscribers 2 (1 active customer); nothing sent yet. One coupon, WEEKEND25 (the sale template's).
 */
function seed(dataDir: string) {
  return withStoreDatabase(dataDir, async (db) => {
    // Mailings go out only with the store's postal address (Canada's anti-spam law).
    await fillSampleIdentity();
    for (const email of ["ana@example.com", "ben@example.com", "cy@example.com"])
      await subscribeToNewsletter({
        email,
        source: email.startsWith("ana") ? "checkout" : "footer",
      });
    await unsubscribeFromNewsletter({ email: "cy@example.com" });
    await db.insert(customers).values({ name: "Ana Active", email: "ana@example.com" });
    // The Sale Promotion template names its coupon only when the store has it.
    await db
      .insert(coupons)
      .values({ code: "WEEKEND25", type: "percentage", value: 25, minOrderCents: 2500 });
  });
}

export interface NewslettersStore {
  url: string;
  smtp: TestSmtpServer;
  stop(): Promise<void>;
}

async function startNewslettersStore(): Promise<NewslettersStore> {
  const smtp = await startSmtpServer();
  const store = await startOwnStore({ name: "newsletters", seed, env: { SMTP_URL: smtp.url } });
  return {
    url: store.url,
    smtp,
    async stop() {
      await store.stop();
      await smtp.close();
    },
  };
}

export const test = adminTest.extend<{ store: NewslettersStore }, OwnStoresWorker>({
  ...ownStoreFixtures(startNewslettersStore),
});

export { expect };
