import sanitizeHtml from "sanitize-html";

/**
 * What an admin-written newsletter or campaign body may hold: the markup of an email (tables,
 * inline styles, images, links) and nothing that runs (no script, style sheet, frame, form, event
 * handler, or javascript:/data: URL). Links keep the {{unsubscribe_url}} and {{tracking_token}}
 * placeholders, which are filled in per recipient when the mailing is queued.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "span", "font", "center"],
  allowedAttributes: {
    a: ["href", "name", "target", "title", "rel"],
    img: ["src", "alt", "width", "height", "title"],
    font: ["color", "face", "size"],
    table: ["width", "cellpadding", "cellspacing", "border", "role", "bgcolor"],
    td: ["width", "height", "colspan", "rowspan", "valign", "bgcolor"],
    th: ["width", "height", "colspan", "rowspan", "valign", "bgcolor", "scope"],
    "*": ["style", "align", "class", "dir", "lang"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizeMailingHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}
