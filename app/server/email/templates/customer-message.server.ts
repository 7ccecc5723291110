import type { Locale } from "~/lib/i18n/locale";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailParagraph, emailText, html, oneLine, renderEmail } from "./layout.server";

/**
 * A message the staff wrote to one customer from the Customers screen: their plain text, each
 * paragraph escaped, in the store's layout. A service message (no unsubscribe link: it is not
 * marketing and goes to one person the shop already deals with). The greeting, the signature and
 * the footer are in the customer's language (`locale`, English when not given); the staff's words
 * are as written.
 */
export function renderCustomerMessage(input: {
  name: string;
  subject: string;
  message: string;
  locale?: Locale;
}) {
  const locale = input.locale ?? "en";
  const t = emailText(locale);
  const STORE_NAME = storeSettingsNow().store.name;
  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const blocks = paragraphs.map((block) => {
    const lines = block.split("\n");
    return emailParagraph(lines.map((line, i) => (i === 0 ? html`${line}` : html`<br />${line}`)));
  });
  const hi = t("hiName", { name: oneLine(input.name) });
  const signature = t("teamSignature", { store: STORE_NAME });
  const content = html`${emailParagraph(hi)} ${blocks} ${emailParagraph(signature)}`;
  const subject = oneLine(input.subject);
  return renderEmail({
    subject,
    preheader: oneLine(paragraphs[0] ?? subject),
    content,
    text: [hi, "", ...paragraphs.flatMap((p) => [p, ""]), signature].join("\n"),
    locale,
  });
}
