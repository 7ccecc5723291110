import sanitizeHtml from "sanitize-html";

/**
 * Campaign HTML: cleaned of scripts, event handlers and javascript: links when saved, and given
 * its tracking (rewritten links and an open pixel) when sent. `{{tracking_token}}` is replaced by
 * the mailing core with each recipient's own outbox token.
 */

export const TRACKING_TOKEN_PLACEHOLDER = "{{tracking_token}}";

const EMAIL_ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "span", "font", "center"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ["href", "name", "target", "title"],
    img: ["src", "alt", "width", "height", "title"],
    table: ["width", "border", "cellpadding", "cellspacing", "role", "bgcolor", "align"],
    td: ["width", "height", "colspan", "rowspan", "bgcolor", "align", "valign"],
    th: ["width", "colspan", "rowspan", "bgcolor", "align", "valign"],
    font: ["color", "face", "size"],
    // Mail clients ignore stylesheets: inline styles are how email HTML is styled.
    "*": ["style", "align", "class", "dir", "lang"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
};

/** Scripts, event handlers, forms, frames and javascript: URLs removed; the rest kept. */
export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_ALLOWED);
}

/**
 * The HTML to send: sanitised, each http(s) link pointing at `${publicUrl}/email/click/{token}/n`
 * (n indexes `links`, the campaign's own list, so a click can only lead where the campaign did),
 * and an open pixel at the end. The same URL written twice shares one entry.
 */
export function addCampaignTracking(
  html: string,
  publicUrl: string,
): { html: string; links: string[] } {
  const links: string[] = [];
  const rewritten = sanitizeHtml(html, {
    ...EMAIL_ALLOWED,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        if (!href || !/^https?:\/\//i.test(href)) return { tagName, attribs };
        let n = links.indexOf(href);
        if (n === -1) n = links.push(href) - 1;
        return {
          tagName,
          attribs: {
            ...attribs,
            href: `${publicUrl}/email/click/${TRACKING_TOKEN_PLACEHOLDER}/${n}`,
          },
        };
      },
    },
  });
  const pixel = `<img src="${publicUrl}/email/open/${TRACKING_TOKEN_PLACEHOLDER}" width="1" height="1" alt="">`;
  return { html: `${rewritten}${pixel}`, links };
}
