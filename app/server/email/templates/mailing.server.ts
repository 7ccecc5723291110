import { convert } from "html-to-text";
import { UNSUBSCRIBE_URL } from "../mailing-body.server";
import { emailRichText, oneLine, renderEmail, trustedHtml } from "./layout.server";

/**
 * Newsletters and campaigns in the layout of every email (./layout.server.ts): the store's header,
 * the staff's sanitised body, and a footer with a visible one-click unsubscribe link and the
 * store's identity and contact address (Canada's anti-spam law).
 *
 * The output still holds the placeholders UNSUBSCRIBE_URL and TRACKING_TOKEN: one render is stored
 * per mailing and each recipient's copy is filled in when it is sent (../mailing-body.server.ts).
 */

/**
 * The body as plain text, by html-to-text (the only file that uses it): lines wrapped at 78
 * characters, headings in their own case, a link's address after its text (once, when the text is
 * the address), images left out, table cells on lines of their own.
 */
export function mailingBodyText(bodyHtml: string): string {
  return convert(bodyHtml, {
    wordwrap: 78,
    selectors: [
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      { selector: "img", format: "skip" },
      { selector: "a", options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
      ...["td", "th"].map((selector) => ({
        selector,
        format: "block",
        options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
      })),
    ],
  }).trim();
}

/** The message's subject, HTML and plain-text parts, both still holding the placeholders. */
export function renderMailingEmail(input: { subject: string; bodyHtml: string }) {
  const bodyText = mailingBodyText(input.bodyHtml);
  return renderEmail({
    subject: input.subject,
    preheader: oneLine(bodyText).slice(0, 140),
    // Sanitised by the caller (sanitizeMailingHtml).
    content: emailRichText(trustedHtml(input.bodyHtml)),
    text: bodyText,
    unsubscribeUrl: UNSUBSCRIBE_URL,
  });
}
