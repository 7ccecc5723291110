import { config } from "~/server/config.server";
import { addressLines, phoneE164, type StoreIdentity } from "~/lib/store-settings";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { variantUrl } from "~/lib/images";
import { UNSUBSCRIBE_URL } from "../mailing-body.server";

/**
 * Shared building blocks of every email: an auto-escaping `html` template tag and the branded
 * layout (header, card, footer, optional unsubscribe link) in table markup with inline styles,
 * which is what mail clients (Outlook, Gmail) render reliably.
 */

/** HTML that is already safe to embed; only `html` and `trustedHtml` create it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function interpolate(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(interpolate).join("");
  return escapeHtml(value);
}

/**
 * Template tag: every interpolated value is escaped unless it is SafeHtml (or a list of them).
 * The template's own whitespace (source indentation) collapses to single spaces, which is all
 * HTML renders of it anyway, so the formatter's layout of the source never bloats the message.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const fixed = (i: number) => strings[i]!.replace(/\s+/g, " ");
  let out = fixed(0);
  values.forEach((value, i) => {
    out += interpolate(value) + fixed(i + 1);
  });
  return new SafeHtml(out);
}

/** Marks HTML that was sanitised elsewhere (e.g. an admin-written campaign body) as embeddable. */
export function trustedHtml(value: string): SafeHtml {
  return new SafeHtml(value);
}

/** Only http(s) links go into emails; anything else becomes the store's home page. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return parsed.toString();
  } catch {
    // fall through
  }
  return `${config().publicUrl}/`;
}

/** Collapses line breaks and runs of spaces, for subjects and single-line text fields. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export const emailColors = {
  brand: "#18412b",
  brandText: "#1f623c",
  brandTint: "#f0faf3",
  accent: "#ee9b1c",
  accentTint: "#fff7e8",
  accentBorder: "#f5b544",
  text: "#1f2937",
  muted: "#6b7280",
  border: "#e5e7eb",
  page: "#f3f5f4",
} as const;

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function emailButton(href: string, label: string): SafeHtml {
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin:24px 0 8px"
  >
    <tr>
      <td style="border-radius:8px;background:${emailColors.brand}">
        <a
          href="${safeUrl(href)}"
          style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px"
          >${label}</a
        >
      </td>
    </tr>
  </table>`;
}

/** A full-width table for layout (role="presentation": screen readers read its cells as text). */
export function emailLayoutTable(style: string, rows: unknown): SafeHtml {
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="${style}"
  >
    ${rows}
  </table>`;
}

/** Text in the emails' type at a size and line height (headings, paragraphs, a campaign's body). */
const textStyle = (size: number, lineHeight: number) =>
  `font-family:${FONT};font-size:${size}px;line-height:${lineHeight};color:${emailColors.text}`;

export function emailHeading(text: string): SafeHtml {
  return html`<h1 style="margin:0 0 12px;${textStyle(22, 1.3)}">${text}</h1>`;
}

export function emailSubheading(text: string): SafeHtml {
  return html`<h2 style="margin:28px 0 10px;${textStyle(16, 1.4)}">${text}</h2>`;
}

export function emailParagraph(content: unknown): SafeHtml {
  return html`<p style="margin:0 0 12px;${textStyle(15, 1.6)}">${content}</p>`;
}

/** A paragraph of small grey print under the main content (what a figure means, a reminder). */
export function emailNote(content: unknown): SafeHtml {
  return emailParagraph(
    html`<span style="font-size:13px;color:${emailColors.muted}">${content}</span>`,
  );
}

/** A link in running text, in the brand's colour (the store's own pages, mailto:; not checked). */
export function emailLink(href: string, label: unknown): SafeHtml {
  return html`<a href="${href}" style="color:${emailColors.brandText}">${label}</a>`;
}

/**
 * HTML written by the staff (a newsletter's or campaign's sanitised body) in the emails' type:
 * its own tags keep their meaning, its text takes the layout's font, size and colour.
 */
export function emailRichText(content: SafeHtml): SafeHtml {
  return html`<div style="${textStyle(15, 1.6)}">${content}</div>`;
}

/**
 * The body of a short email: a heading, paragraphs of plain text, an optional button, and more
 * paragraphs after it, as HTML and as the plain-text version's lines (each block followed by a
 * blank line, so a caller may add its own after them).
 */
export function emailNotice(notice: {
  heading: string;
  lines: string[];
  link?: { href: string; label: string };
  after?: string[];
}): { content: SafeHtml; text: string[] } {
  const { heading, lines, link, after = [] } = notice;
  const paragraphs = (list: string[]) => list.map((line) => emailParagraph(line));
  const blocks = (list: string[]) => list.flatMap((line) => [line, ""]);
  return {
    content: html`${emailHeading(heading)} ${paragraphs(lines)}
    ${link ? emailButton(link.href, link.label) : ""} ${paragraphs(after)}`,
    text: [
      ...blocks([heading, ...lines]),
      ...(link ? blocks([`${link.label}: ${link.href}`]) : []),
      ...blocks(after),
    ],
  };
}

/** A column of `emailTable`: its heading, alignment and whether its cells may wrap. */
interface EmailColumn {
  label: string;
  align?: "left" | "right";
  /** Cells wrap in the first column only, unless this says otherwise. */
  wrap?: boolean;
}

/** A cell of `emailTable`: its content, or its content with styles added to the column's. */
type EmailCell =
  SafeHtml | string | number | { content: SafeHtml | string | number; style: string };

const CELL = `font-family:${FONT};font-size:14px;line-height:1.5`;
const TABLE_HEAD = `${CELL};padding:0 8px 8px;border-bottom:2px solid ${emailColors.border};color:${emailColors.muted};font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:0.04em`;
const TABLE_CELL = `${CELL};padding:8px;border-bottom:1px solid ${emailColors.border};color:${emailColors.text}`;

/** The styles of a table's cells and of its header row's, for tables `emailTable` cannot draw. */
export const emailTableStyles = { cell: CELL, head: TABLE_HEAD } as const;

/**
 * A full-width table of rows under a header row (the staff emails' lists): the first column flush
 * left, the last flush right, every cell escaped.
 */
export function emailTable(columns: EmailColumn[], rows: EmailCell[][]): SafeHtml {
  const edge = (i: number) =>
    `${i === 0 ? ";padding-left:0" : ""}${i === columns.length - 1 ? ";padding-right:0" : ""}`;
  const nowrap = (i: number) => ((columns[i]!.wrap ?? i === 0) ? "" : ";white-space:nowrap");
  const align = (i: number) => columns[i]!.align ?? "left";
  return emailLayoutTable(
    "margin:8px 0 4px",
    html`<tr>
        ${columns.map(
          (column, i) =>
            html`<th align="${align(i)}" style="${TABLE_HEAD}${edge(i)}">${column.label}</th>`,
        )}
      </tr>
      ${rows.map(
        (row) =>
          html`<tr>
            ${row.map((cell, i) => {
              const extra = typeof cell === "object" && !(cell instanceof SafeHtml) ? cell : null;
              return html`<td
                align="${align(i)}"
                style="${TABLE_CELL}${nowrap(i)}${edge(i)}${extra ? `;${extra.style}` : ""}"
              >
                ${extra ? extra.content : cell}
              </td>`;
            })}
          </tr>`,
      )}`,
  );
}

/** A line of small grey text under a cell's main content (a SKU, a size, an email address). */
export function emailCellNote(text: string): SafeHtml {
  return html`<br /><span style="color:${emailColors.muted};font-size:12px">${text}</span>`;
}

interface EmailLayoutInput {
  /** The document title; clients show it rarely, but it names the message in previews. */
  title: string;
  /** The preview line inbox lists show next to the subject (hidden in the message). */
  preheader: string;
  content: SafeHtml;
  /**
   * Newsletters and campaigns must carry one (Canada's anti-spam law): an http(s) address, or the
   * UNSUBSCRIBE_URL placeholder a mailing's copies fill in per recipient (../mailing-body.server).
   */
  unsubscribeUrl?: string;
}

/** The store's contact details the owner has set, in footer order (email, phone, address). */
function contactParts(store: StoreIdentity): { text: string; href?: string }[] {
  return [
    store.email ? { text: store.email, href: `mailto:${store.email}` } : null,
    store.phone ? { text: store.phone, href: `tel:${phoneE164(store.phone)}` } : null,
    store.address ? { text: addressLines(store.address).join(", ") } : null,
  ].filter((part) => part !== null);
}

function unsubscribeHref(url: string): string {
  return url === UNSUBSCRIBE_URL ? url : safeUrl(url);
}

/** Why the reader gets the message, before its unsubscribe link. */
const subscribedBecause = (storeName: string) =>
  `You are receiving this because you subscribed to ${storeName} news.`;

/** The branded HTML document around an email's content. */
export function renderEmailHtml(input: EmailLayoutInput): string {
  const { publicUrl } = config();
  const store = storeSettingsNow().store;
  const STORE_NAME = store.name;
  const footerLink = (href: string, label: string) =>
    html`<a href="${href}" style="color:${emailColors.muted};text-decoration:underline"
      >${label}</a
    >`;
  // Only the contact details the owner has set (Settings → Store).
  const contact = contactParts(store).map(
    (part, i) =>
      html`${i === 0 ? html`<br />` : " · "}${part.href ? footerLink(part.href, part.text) : part.text}`,
  );
  // The owner's logo before the name (Settings → Store), from the store's public address.
  const logo = store.logoUrl
    ? html`<img
        src="${safeUrl(`${publicUrl}${variantUrl(store.logoUrl, 320) ?? store.logoUrl}`)}"
        alt=""
        height="32"
        style="height:32px;width:auto;max-width:160px;vertical-align:middle;margin-right:10px;border:0"
      />`
    : "";
  // Visible, and one click: the link's page unsubscribes with a single button.
  const unsubscribe = input.unsubscribeUrl
    ? html`<br />${subscribedBecause(STORE_NAME)}
        <a
          href="${unsubscribeHref(input.unsubscribeUrl)}"
          style="color:${emailColors.brandText};font-weight:600;text-decoration:underline"
          >Unsubscribe</a
        >
        with one click.`
    : "";
  const rows = html`<tr>
      <td style="background:${emailColors.brand};border-radius:12px 12px 0 0;padding:20px 28px">
        <a
          href="${safeUrl(`${publicUrl}/`)}"
          style="font-family:${FONT};font-size:20px;font-weight:700;letter-spacing:-0.01em;color:#ffffff;text-decoration:none"
          >${logo}${STORE_NAME}</a
        >
      </td>
    </tr>
    <tr>
      <td style="background:${emailColors.accent};height:4px;line-height:4px;font-size:0">
        &nbsp;
      </td>
    </tr>
    <tr>
      <td
        style="background:#ffffff;border-radius:0 0 12px 12px;padding:28px;border:1px solid ${emailColors.border};border-top:0"
      >
        ${input.content}
      </td>
    </tr>
    <tr>
      <td
        style="padding:20px 28px;font-family:${FONT};font-size:12px;line-height:1.6;color:${emailColors.muted};text-align:center"
      >
        ${STORE_NAME} · For adults 19+ in Canada ·
        ${footerLink(safeUrl(`${publicUrl}/`), new URL(publicUrl).host)}${contact}${unsubscribe}
      </td>
    </tr>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>${input.title}</title>
      </head>
      <body style="margin:0;padding:0;background:${emailColors.page};-webkit-text-size-adjust:100%">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">
          ${input.preheader}
        </div>
        ${emailLayoutTable(
          `background:${emailColors.page}`,
          html`<tr>
            <td align="center" style="padding:24px 12px">
              ${emailLayoutTable("max-width:600px", rows)}
            </td>
          </tr>`,
        )}
      </body>
    </html>`.value;
}

/** The plain-text version around an email's body: the same footer as the HTML one. */
export function renderEmailText(body: string, options: { unsubscribeUrl?: string } = {}): string {
  const { publicUrl } = config();
  const store = storeSettingsNow().store;
  const lines = [body.trimEnd(), "", "--", `${store.name} · For adults 19+ in Canada`, publicUrl];
  const contact = contactParts(store).map((part) => part.text);
  if (contact.length > 0) lines.push(contact.join(" · "));
  if (options.unsubscribeUrl)
    lines.push(
      "",
      subscribedBecause(store.name),
      `Unsubscribe with one click: ${unsubscribeHref(options.unsubscribeUrl)}`,
    );
  return `${lines.join("\n")}\n`;
}

/** An email as the outbox stores it. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A whole email: its subject, its content in the branded layout, and its plain-text body with the
 * same footer. The document's title is the subject unless given.
 */
export function renderEmail(
  input: Omit<EmailLayoutInput, "title"> & { subject: string; title?: string; text: string },
): RenderedEmail {
  const { subject, text, unsubscribeUrl } = input;
  return {
    subject,
    html: renderEmailHtml({ ...input, title: input.title ?? subject }),
    text: renderEmailText(text, { unsubscribeUrl }),
  };
}
