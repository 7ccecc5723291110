import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { variantUrl } from "~/lib/images";
import { LOCALE_TAGS, LOCALES, localizePath, type Locale } from "~/lib/i18n/locale";
import { translator } from "~/lib/i18n/translate";
import { emailsMessages } from "~/lib/i18n/messages/emails";
import {
  contactParts,
  emailFooterText,
  languageSegment,
  TEXT_FOOTER_RULE,
  UNSUBSCRIBE_URL,
} from "../mailing-body.server";

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

/**
 * A translated message as HTML: its text escaped, each `{name}` placeholder replaced by that value
 * (escaped, or as is when SafeHtml). Get the message with its placeholders kept:
 * `htmlMessage(t("key", { name: "{name}" }), { name: html`<strong>…</strong>` })`.
 */
export function htmlMessage(message: string, values: Record<string, unknown>): SafeHtml {
  const parts = message.split(/\{(\w+)\}/);
  return new SafeHtml(
    parts
      .map((part, i) => {
        if (i % 2 === 0) return escapeHtml(part);
        return part in values ? interpolate(values[part]) : escapeHtml(`{${part}}`);
      })
      .join(""),
  );
}

/** The emails' messages in a language. */
export function emailText(locale: Locale) {
  return translator(emailsMessages, locale);
}

/** The store's page at a path, in a language ("/orders/x" → PUBLIC_URL/fr/orders/x). */
export function storeUrl(path: string, locale: Locale): string {
  return `${config().publicUrl}${localizePath(path, locale)}`;
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
  /** The language of the link's plain-text line (English when not given). */
  locale?: Locale;
}): { content: SafeHtml; text: string[] } {
  const { heading, lines, link, after = [] } = notice;
  const t = emailText(notice.locale ?? "en");
  const paragraphs = (list: string[]) => list.map((line) => emailParagraph(line));
  const blocks = (list: string[]) => list.flatMap((line) => [line, ""]);
  return {
    content: html`${emailHeading(heading)} ${paragraphs(lines)}
    ${link ? emailButton(link.href, link.label) : ""} ${paragraphs(after)}`,
    text: [
      ...blocks([heading, ...lines]),
      ...(link ? blocks([t("labelValue", { label: link.label, value: link.href })]) : []),
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
  /** The email's language (English when not given): the footer's and `<html lang>`'s. */
  locale?: Locale;
}

function unsubscribeHref(url: string): string {
  return url === UNSUBSCRIBE_URL ? url : safeUrl(url);
}

/** Why the reader gets the message, before its unsubscribe link. */
const subscribedBecause = (storeName: string, locale: Locale) =>
  emailText(locale)("subscribedBecause", { store: storeName });

/** A mailing's footer says each language in its own segment; the recipient's copy keeps one. */
const isMailing = (unsubscribeUrl: string | undefined) => unsubscribeUrl === UNSUBSCRIBE_URL;

/** The branded HTML document around an email's content. */
export function renderEmailHtml(input: EmailLayoutInput): string {
  const { publicUrl } = config();
  const locale = input.locale ?? "en";
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
  const footer = (language: Locale) => {
    const t = emailText(language);
    // Visible, and one click: the link's page unsubscribes with a single button.
    const unsubscribe = input.unsubscribeUrl
      ? html`<br />${subscribedBecause(STORE_NAME, language)}
          ${htmlMessage(t("unsubscribeWithOneClick", { link: "{link}" }), {
            link: html`<a
              href="${unsubscribeHref(input.unsubscribeUrl)}"
              style="color:${emailColors.brandText};font-weight:600;text-decoration:underline"
              >${t("unsubscribeLink")}</a
            >`,
          })}`
      : "";
    return html`${STORE_NAME} · ${t("footerAdults")} ·
    ${footerLink(safeUrl(storeUrl("/", language)), new URL(publicUrl).host)}${contact}${unsubscribe}`;
  };
  // A mailing is stored once for every recipient: its footer in each language, one kept per copy.
  const footers = isMailing(input.unsubscribeUrl)
    ? LOCALES.map((language) =>
        trustedHtml(
          languageSegment(
            language,
            (language === locale
              ? footer(language)
              : html`<span lang="${LOCALE_TAGS[language]}">${footer(language)}</span>`
            ).value,
          ),
        ),
      )
    : footer(locale);
  const rows = html`<tr>
      <td style="background:${emailColors.brand};border-radius:12px 12px 0 0;padding:20px 28px">
        <a
          href="${safeUrl(storeUrl("/", locale))}"
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
        ${footers}
      </td>
    </tr>`;
  return html`<!doctype html>
    <html lang="${locale}">
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

/**
 * The plain-text version around an email's body: the same footer as the HTML one. A mailing's is
 * stored in English, as every test message's copy; each recipient's copy in another language gets
 * its footer when it is made (mailingTextInLocale).
 */
export function renderEmailText(
  body: string,
  options: { unsubscribeUrl?: string; locale?: Locale } = {},
): string {
  const { unsubscribeUrl, locale = "en" } = options;
  const footer = emailFooterText(locale, unsubscribeUrl && unsubscribeHref(unsubscribeUrl));
  return `${body.trimEnd()}\n${TEXT_FOOTER_RULE}${footer}\n`;
}

/** An email as the outbox stores it. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Under this key, an order email carries the language it was rendered in and how to render it in
 * another: queueOrderEmail (../../orders/order-emails.server) renders it again in the order's own
 * language (orders.locale) when its caller did not give that one. A symbol, so the outbox, which
 * copies the named fields, never stores it.
 */
export const RENDER_IN_LOCALE = Symbol("renderInLocale");

export interface LocalizableEmail extends RenderedEmail {
  readonly [RENDER_IN_LOCALE]?: { locale: Locale; render: (locale: Locale) => RenderedEmail };
}

/** An email rendered in `locale` (English when not given), which can be rendered in another. */
export function localizableEmail(
  locale: Locale | undefined,
  render: (locale: Locale) => RenderedEmail,
): LocalizableEmail {
  const language = locale ?? "en";
  return { ...render(language), [RENDER_IN_LOCALE]: { locale: language, render } };
}

/**
 * A whole email: its subject, its content in the branded layout, and its plain-text body with the
 * same footer. The document's title is the subject unless given.
 */
export function renderEmail(
  input: Omit<EmailLayoutInput, "title"> & { subject: string; title?: string; text: string },
): RenderedEmail {
  const { subject, text, unsubscribeUrl, locale } = input;
  return {
    subject,
    html: renderEmailHtml({ ...input, title: input.title ?? subject }),
    text: renderEmailText(text, { unsubscribeUrl, locale }),
  };
}
