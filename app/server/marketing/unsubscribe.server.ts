import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import { unsubscribeMessages } from "~/lib/i18n/messages/unsubscribe";
import { translator } from "~/lib/i18n/translate";
import { storeSettingsNow } from "../settings/store-settings.server";
import { runThrottled } from "../auth/throttle.server";
import { db } from "../db.server";
import { newsletterSubscribers } from "../db-tables";
import { recordWithdrawal } from "./consent.server";
import { TEST_UNSUBSCRIBE_TOKEN } from "./mailing.server";

/**
 * The one-click unsubscribe of newsletters and campaigns, keyed by the subscriber's token (the
 * link in every message's footer and its List-Unsubscribe header). The row stays, stamped
 * unsubscribed_at, so the withdrawal of consent is on record.
 */

type UnsubscribeLink =
  | { kind: "subscribed"; email: string }
  | { kind: "unsubscribed"; email: string }
  /** The link of a test message sent to an address that is not subscribed: nothing to do. */
  | { kind: "test" }
  | { kind: "unknown" };

/** Tokens are base64url (or UUIDs for older rows); anything else is not looked up at all. */
const TOKEN = /^[A-Za-z0-9_-]{8,100}$/;

/** What an unsubscribe link stands for, without changing anything (GET must not unsubscribe). */
export async function describeUnsubscribeLink(token: string): Promise<UnsubscribeLink> {
  if (token === TEST_UNSUBSCRIBE_TOKEN) return { kind: "test" };
  if (!TOKEN.test(token)) return { kind: "unknown" };
  const [row] = await db()
    .select({
      email: newsletterSubscribers.email,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  if (!row) return { kind: "unknown" };
  return { kind: row.unsubscribedAt ? "unsubscribed" : "subscribed", email: row.email };
}

/**
 * Unsubscribes the address of a token at once. Already unsubscribed stays as it was (the first
 * withdrawal's time is kept); an unknown token changes nothing and says so.
 */
export async function unsubscribeByToken(
  token: string,
  now: Date = new Date(),
): Promise<UnsubscribeLink> {
  const link = await describeUnsubscribeLink(token);
  if (link.kind !== "subscribed") return link;
  await db().transaction(async (tx) => {
    const rows = await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now })
      .where(
        and(
          eq(newsletterSubscribers.unsubscribeToken, token),
          isNull(newsletterSubscribers.unsubscribedAt),
        ),
      )
      .returning({ email: newsletterSubscribers.email });
    for (const row of rows)
      await recordWithdrawal(tx, { email: row.email, source: "unsubscribe_link", now });
  });
  return { kind: "unsubscribed", email: link.email };
}

export type ThrottledLink =
  { ok: true; link: UnsubscribeLink } | { ok: false; retryAfterSeconds: number; message: string };

/**
 * Runs one look-up or use of an unsubscribe link under the shared throttle (scope "unsubscribe",
 * as the order look-up): one address trying token after token is refused for a while, with a
 * 429 and how long to wait (said in the page's `locale`). Only links that match no subscriber
 * count as failures.
 */
export async function throttleUnsubscribe(
  options: { token: string; ipAddress: string; now?: Date; locale?: Locale },
  attempt: () => Promise<UnsubscribeLink>,
): Promise<ThrottledLink> {
  const target = {
    scope: "unsubscribe",
    key: options.token.slice(0, 100),
    address: options.ipAddress,
    now: options.now,
  } as const;
  const result = await runThrottled(target, async () => {
    const link = await attempt();
    return { succeeded: link.kind !== "unknown", value: link };
  });
  if (result.ok) return { ok: true, link: result.value };
  const t = translator(unsubscribeMessages, options.locale ?? "en");
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  return {
    ...result,
    message: `${t("tooManyMessage", { count: minutes })} ${contactLine(options.locale ?? "en")}`,
  };
}

/** Where else a shopper can ask to be unsubscribed: the store's contact email, once it is set. */
function contactLine(locale: Locale): string {
  const t = translator(unsubscribeMessages, locale);
  const { email } = storeSettingsNow().store;
  return email ? t("writeToUs", { email }) : t("replyToUs");
}
