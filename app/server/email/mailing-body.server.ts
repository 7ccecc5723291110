import { inArray } from "drizzle-orm";
import { isLocale, LOCALES, localizePath, type Locale } from "~/lib/i18n/locale";
import { emailsMessages } from "~/lib/i18n/messages/emails";
import { translator } from "~/lib/i18n/translate";
import { addressLines, phoneE164, type StoreIdentity } from "~/lib/store-settings";
import { config } from "~/server/config.server";
import { db, type Executor } from "~/server/db.server";
import { emailMailings, newsletterSubscribers } from "~/server/db-tables";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import type { OutboxMessage, OutboxRow } from "./outbox.server";

/**
 * The bodies of newsletter and campaign messages. A mailing is rendered once and stored once
 * (email_mailings) with two placeholders left in it; each recipient's outbox row holds only what
 * differs (address, tracking token, unsubscribe link), and the message is put together when it is
 * sent or shown. The result depends on nothing but the row, the mailing, which never change, and
 * the subscriber's language (the footer's), so a message sent again after a crash is the same
 * message.
 */

/** Replaced by PUBLIC_URL/unsubscribe/<the subscriber's token> (the row's list_unsubscribe). */
export const UNSUBSCRIBE_URL = "{{unsubscribe_url}}";
/** Replaced by the row's tracking token (open pixel, tracked links). */
export const TRACKING_TOKEN = "{{tracking_token}}";

interface MailingBody {
  html: string;
  text: string;
}

/** The store's contact details the owner has set, in footer order (email, phone, address). */
export function contactParts(store: StoreIdentity): { text: string; href?: string }[] {
  return [
    store.email ? { text: store.email, href: `mailto:${store.email}` } : null,
    store.phone ? { text: store.phone, href: `tel:${phoneE164(store.phone)}` } : null,
    store.address ? { text: addressLines(store.address).join(", ") } : null,
  ].filter((part) => part !== null);
}

/** Where the plain-text footer of every email starts: the last "--" line. */
export const TEXT_FOOTER_RULE = "\n--\n";

/**
 * The plain-text footer of every email (after TEXT_FOOTER_RULE) in a language: the store, its
 * address on the web and contact details, and for a newsletter or campaign why the reader gets it
 * and its unsubscribe link (a safe URL or the UNSUBSCRIBE_URL placeholder).
 */
export function emailFooterText(locale: Locale, unsubscribeHref?: string): string {
  const { publicUrl } = config();
  const store = storeSettingsNow().store;
  const t = translator(emailsMessages, locale);
  const home = locale === "en" ? publicUrl : `${publicUrl}${localizePath("/", locale)}`;
  const lines = [`${store.name} · ${t("footerAdults")}`, home];
  const contact = contactParts(store).map((part) => part.text);
  if (contact.length > 0) lines.push(contact.join(" · "));
  if (unsubscribeHref)
    lines.push(
      "",
      t("subscribedBecause", { store: store.name }),
      t("unsubscribeText", { url: unsubscribeHref }),
    );
  return lines.join("\n");
}

/**
 * A mailing's plain text (stored with its footer in English, the UNSUBSCRIBE_URL placeholder in
 * it) with its footer in a language: the store's details as they are now, the placeholder kept.
 */
function mailingTextInLocale(text: string, locale: Locale): string {
  const at = text.lastIndexOf(TEXT_FOOTER_RULE);
  if (locale === "en" || at === -1) return text;
  return `${text.slice(0, at)}${TEXT_FOOTER_RULE}${emailFooterText(locale, UNSUBSCRIBE_URL)}\n`;
}

const segmentStart = (locale: Locale) => `{{lang:${locale}}}`;
const segmentEnd = (locale: Locale) => `{{/lang:${locale}}}`;

/**
 * A part of a mailing's HTML said in one language (the layout's footer: its wording and
 * unsubscribe link): every language's is stored, and each recipient's copy keeps only its own.
 * (The plain text is stored in English: a copy in another language gets its footer when it is
 * made, mailingTextInLocale.)
 */
export function languageSegment(locale: Locale, content: string): string {
  return `${segmentStart(locale)}${content}${segmentEnd(locale)}`;
}

/** The copy's text in one language: the other languages' segments cut, its own markers removed. */
function keepLanguage(part: string, locale: Locale): string {
  let out = part;
  for (const other of LOCALES) {
    const [start, end] = [segmentStart(other), segmentEnd(other)];
    if (other === locale) out = out.replaceAll(start, "").replaceAll(end, "");
    else
      for (let at = out.indexOf(start); at !== -1; at = out.indexOf(start)) {
        const close = out.indexOf(end, at);
        if (close === -1) break;
        out = out.slice(0, at) + out.slice(close + end.length);
      }
  }
  return out;
}

/**
 * The unsubscribe page in the subscriber's language: PUBLIC_URL/unsubscribe/<token> becomes
 * PUBLIC_URL/fr/unsubscribe/<token> for French (anything else is kept).
 */
export function localizedUnsubscribeUrl(url: string, locale: Locale): string {
  try {
    const parsed = new URL(url);
    if (!/^\/(fr\/)?unsubscribe\//.test(parsed.pathname)) return url;
    return `${parsed.origin}${localizePath(parsed.pathname, locale)}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * One recipient's copy of a mailing's bodies, its footer in the recipient's language (English when
 * not given) with the unsubscribe page in that language.
 */
export function personaliseMailing(
  body: MailingBody,
  recipient: { trackingToken: string; unsubscribeUrl: string; locale?: Locale },
): MailingBody {
  const locale = recipient.locale ?? "en";
  const unsubscribeUrl = localizedUnsubscribeUrl(recipient.unsubscribeUrl, locale);
  const fill = (part: string) =>
    keepLanguage(part, locale)
      .replaceAll(TRACKING_TOKEN, recipient.trackingToken)
      .replaceAll(UNSUBSCRIBE_URL, unsubscribeUrl);
  return { html: fill(body.html), text: fill(mailingTextInLocale(body.text, locale)) };
}

/** The subscriber's token at the end of an unsubscribe link (the row's list_unsubscribe). */
function tokenOf(unsubscribeUrl: string): string | null {
  const match = /\/unsubscribe\/([A-Za-z0-9_-]{1,100})$/.exec(unsubscribeUrl);
  return match ? match[1]! : null;
}

/** The language of the subscribers behind some unsubscribe links, by token (one query). */
async function subscriberLocales(
  unsubscribeUrls: string[],
  executor: Executor,
): Promise<Map<string, Locale>> {
  const tokens = [...new Set(unsubscribeUrls.map(tokenOf).filter((token) => token !== null))];
  if (tokens.length === 0) return new Map();
  const rows = await executor
    .select({ token: newsletterSubscribers.unsubscribeToken, locale: newsletterSubscribers.locale })
    .from(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.unsubscribeToken, tokens));
  return new Map(rows.map((row) => [row.token, isLocale(row.locale) ? row.locale : "en"]));
}

/** Mailing bodies already read, by mailing id (they never change, so they never go stale). */
export type MailingBodyCache = Map<string, MailingBody>;

/** A worker keeps the bodies of the last few mailings it sent; far more than run at once. */
const CACHE_LIMIT = 20;

/**
 * The rows as complete messages: a row with its own bodies as it is, a mailing's row with the
 * mailing's bodies personalised. The mailings not in `cache` are read in one query.
 */
export async function composeMessages(
  rows: OutboxRow[],
  options: { cache?: MailingBodyCache; executor?: Executor } = {},
): Promise<OutboxMessage[]> {
  const cache = options.cache ?? new Map<string, MailingBody>();
  const bodies = new Map<string, MailingBody>();
  const missing = new Set<string>();
  for (const { html, mailingId } of rows) {
    if (html !== null || !mailingId || bodies.has(mailingId)) continue;
    const cached = cache.get(mailingId);
    if (cached) bodies.set(mailingId, cached);
    else missing.add(mailingId);
  }
  if (missing.size > 0) {
    const found = await (options.executor ?? db())
      .select({ id: emailMailings.id, html: emailMailings.html, text: emailMailings.text })
      .from(emailMailings)
      .where(inArray(emailMailings.id, [...missing]));
    if (cache.size + found.length > CACHE_LIMIT) cache.clear();
    for (const { id, ...body } of found) {
      bodies.set(id, body);
      cache.set(id, body);
    }
  }
  const mailingRows = rows.filter((row) => row.html === null && row.listUnsubscribe !== null);
  const locales =
    mailingRows.length > 0
      ? await subscriberLocales(
          mailingRows.map((row) => row.listUnsubscribe!),
          options.executor ?? db(),
        )
      : new Map<string, Locale>();
  return rows.map((row) => {
    if (row.html !== null && row.text !== null) return { ...row, html: row.html, text: row.text };
    const body = row.mailingId ? bodies.get(row.mailingId) : undefined;
    // The schema's check (email_outbox_body_check) makes both impossible.
    if (!body || row.listUnsubscribe === null)
      throw new Error(`outbox row ${row.id} has no body and no mailing to take it from`);
    return {
      ...row,
      ...personaliseMailing(body, {
        trackingToken: row.trackingToken,
        unsubscribeUrl: row.listUnsubscribe,
        locale: locales.get(tokenOf(row.listUnsubscribe) ?? ""),
      }),
    };
  });
}
