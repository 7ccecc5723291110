import { eq, sql } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { db } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderAccountEmail } from "../email/templates/account.server";
import { wakeWorker } from "../email/worker.server";
import { verifyPassword } from "../auth/password.server";
import { unsubscribeFromNewsletter } from "../marketing/newsletter.server";
import { customers, shopperAccounts } from "../db-tables";
import type { Shopper } from "./session.server";

export const DELETED_CUSTOMER_NAME = "Deleted customer";

type DeleteAccountResult = { ok: true } | { ok: false; message: string };

/**
 * Deletes a shopper's account in one transaction: the account, its saved addresses, links and
 * sessions go (cascade); the staff's customer record for the address keeps its orders and totals
 * but loses the name, phone and address; newsletter consent is withdrawn. Orders are kept as placed
 * (the shop's accounting records). An account with a password must give it again.
 */
export async function deleteAccount(options: {
  shopper: Shopper;
  password: string;
  now?: Date;
  /** The language of the settings page: of the refusal and of the goodbye email. */
  locale?: Locale;
}): Promise<DeleteAccountResult> {
  const now = options.now ?? new Date();
  const locale = options.locale ?? "en";
  const t = translator(accountMessages, locale);
  const [account] = await db()
    .select()
    .from(shopperAccounts)
    .where(eq(shopperAccounts.id, options.shopper.id));
  if (!account) return { ok: false, message: t("accountGone") };
  if (account.passwordHash && !(await verifyPassword(account.passwordHash, options.password))) {
    return { ok: false, message: t("incorrectPassword") };
  }
  await db().transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        name: DELETED_CUSTOMER_NAME,
        phone: null,
        address: null,
        city: null,
        province: null,
        postcode: null,
        updatedAt: now,
      })
      .where(eq(sql`lower(${customers.email})`, account.email.toLowerCase()));
    await unsubscribeFromNewsletter({ email: account.email, now, source: "account_deleted" }, tx);
    await tx.delete(shopperAccounts).where(eq(shopperAccounts.id, account.id));
    await enqueueEmail(tx, {
      kind: "account_deleted",
      to: account.email,
      ...renderAccountEmail("account_deleted", undefined, locale),
    });
  });
  wakeWorker();
  return { ok: true };
}
