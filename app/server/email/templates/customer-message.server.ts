import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailParagraph, html, oneLine, renderEmail } from "./layout.server";

/**
 * A message the staff wrote to one customer from the Customers screen: their plain text, each
 * paragraph escaped, in the store's layout. A service message (no unsubscribe link: it is not
 * marketing and goes to one person the shop already deals with).
 */
export function renderCustomerMessage(input: { name: string; subject: string; message: string }) {
  const STORE_NAME = storeSettingsNow().store.name;
  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const blocks = paragraphs.map((block) => {
    const lines = block.split("\n");
    return emailParagraph(lines.map((line, i) => (i === 0 ? html`${line}` : html`<br />${line}`)));
  });
  const name = oneLine(input.name);
  const content = html`${emailParagraph(`Hi ${name},`)} ${blocks}
  ${emailParagraph(`— The ${STORE_NAME} team`)}`;
  const subject = oneLine(input.subject);
  return renderEmail({
    subject,
    preheader: oneLine(paragraphs[0] ?? subject),
    content,
    text: [
      `Hi ${name},`,
      "",
      ...paragraphs.flatMap((p) => [p, ""]),
      `— The ${STORE_NAME} team`,
    ].join("\n"),
  });
}
