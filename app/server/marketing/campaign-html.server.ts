import sanitizeHtml from "sanitize-html";
import { TRACKING_TOKEN } from "../email/mailing-body.server";
import { sanitizeMailingHtml } from "./mailing-html.server";

/**
 * A campaign's HTML as sent: sanitised (no script, event handler or javascript: link), each
 * http(s) link pointing at `${publicUrl}/email/click/{{tracking_token}}/n` (n indexes `links`,
 * the campaign's own list, so a click can only lead where the campaign did), and an open pixel at
 * the end. Each recipient's tracking token is filled in when the message is sent. The same URL written twice
 * shares one entry.
 */
export function addCampaignTracking(
  html: string,
  publicUrl: string,
): { html: string; links: string[] } {
  const links: string[] = [];
  // The input is already clean: this pass only rewrites links (every tag and attribute kept).
  const rewritten = sanitizeHtml(sanitizeMailingHtml(html), {
    allowedTags: false,
    allowedAttributes: false,
    // Nothing vulnerable is left to allow: sanitizeMailingHtml removed script and style first.
    allowVulnerableTags: true,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        if (!href || !/^https?:\/\//i.test(href)) return { tagName, attribs };
        let n = links.indexOf(href);
        if (n === -1) n = links.push(href) - 1;
        return {
          tagName,
          attribs: { ...attribs, href: `${publicUrl}/email/click/${TRACKING_TOKEN}/${n}` },
        };
      },
    },
  });
  const pixel = `<img src="${publicUrl}/email/open/${TRACKING_TOKEN}" width="1" height="1" alt="">`;
  return { html: `${rewritten}${pixel}`, links };
}
