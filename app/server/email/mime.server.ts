/**
 * The complete RFC 5322 message of one outbox row, built in one pass. Every message the store
 * sends has the same shape (a text and an HTML alternative, a few headers), so this replaces
 * nodemailer's general composer, whose stream per part made it most of the worker's CPU time on a
 * large mailing. The two encodings it needs are here too (nodemailer offers them only in its
 * private files); nodemailer does the SMTP side (smtp.server.ts, the one file that imports it).
 */

export interface Mailbox {
  name: string;
  address: string;
}

interface MimeInput {
  from: Mailbox;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  date: Date;
  headers?: Record<string, string>;
}

const CRLF = "\r\n";
const HEX = "0123456789ABCDEF";
const HEX_CODES = Buffer.from(HEX, "latin1");
const LINE_LIMIT = 76;

/**
 * A header value with a character outside printable ASCII, or "=?" (a reader would take it for
 * the start of an encoded word), is written with encoded words (RFC 2047).
 */
const NEEDS_ENCODING = /[^\x20-\x7e]|=\?/;
/**
 * The words encoded: those from the first to the last that need it or hold a double quote
 * (which has no place bare in a display name).
 */
const ENCODED_WORD = /[^\x20-\x7e]|"|=\?/;
/** What stands as itself in an encoded word, wherever it is in a header (RFC 2047 5 (3)). */
const Q_LITERAL = /^[A-Za-z0-9!*+\-/]$/;
/** Encoded text per encoded word: with `=?UTF-8?Q?` and `?=` a word is at most 52 characters. */
const WORD_TEXT_LIMIT = 40;

function hexBytes(text: string): string {
  let hex = "";
  for (const byte of Buffer.from(text, "utf8")) hex += `=${HEX[byte >> 4]}${HEX[byte & 15]}`;
  return hex;
}

/** Text as RFC 2047 "Q" encoded words in UTF-8, each whole characters, separated by spaces. */
function encodedWords(text: string): string {
  const words: string[] = [];
  let current = "";
  for (const char of text) {
    const encoded = char === " " ? "_" : Q_LITERAL.test(char) ? char : hexBytes(char);
    if (current && current.length + encoded.length > WORD_TEXT_LIMIT) {
      words.push(current);
      current = "";
    }
    current += encoded;
  }
  words.push(current);
  return words.map((word) => `=?UTF-8?Q?${word}?=`).join(" ");
}

/** The value with the words from the first to the last that need it encoded (RFC 2047). */
function encodeWords(value: string): string {
  // Words at even indexes, the spaces and tabs between at odd (a line break is in a word: encoded).
  const parts = value.split(/([ \t]+)/);
  const marked = parts.flatMap((part, i) => (i % 2 === 0 && ENCODED_WORD.test(part) ? [i] : []));
  if (marked.length === 0) return value;
  const [first, last] = [marked[0]!, marked.at(-1)!];
  return (
    parts.slice(0, first).join("") +
    encodedWords(parts.slice(first, last + 1).join("")) +
    parts.slice(last + 1).join("")
  );
}

/**
 * `Name: value`, folded before whitespace (never before the first word) so each line keeps
 * within 76 characters where its words allow.
 */
function foldedHeader(name: string, value: string): string {
  // Each piece after the first starts with one space or tab and a visible character.
  const [first, ...rest] = value.split(/(?=[ \t][^ \t])/);
  const lines: string[] = [];
  let current = `${name}: ${first ?? ""}`;
  for (const piece of rest) {
    if (current.length + piece.length > LINE_LIMIT) {
      lines.push(current);
      current = "";
    }
    current += piece;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** Bytes of printable ASCII but "=", and space and tab, stand as themselves (RFC 2045 6.7). */
const QP_LITERAL = new Uint8Array(256).map((_, byte) =>
  (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d) || byte === 0x20 || byte === 0x09 ? 1 : 0,
);

/**
 * Text with CRLF line ends as quoted-printable (RFC 2045 6.7): lines of at most 76 characters
 * (75 and the "=" of a soft break), a space or tab that ends a line escaped, and a character's
 * bytes never split across lines. One pass into one buffer: a mailing encodes every recipient's
 * body.
 */
function quotedPrintable(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  const end = bytes.length;
  const output = Buffer.allocUnsafe(end * 4 + 3);
  let length = 0;
  let column = 0;
  const room = (width: number) => {
    if (column + width <= LINE_LIMIT - 1) return;
    output[length++] = 0x3d;
    output[length++] = 0x0d;
    output[length++] = 0x0a;
    column = 0;
  };
  const escape = (byte: number) => {
    output[length++] = 0x3d;
    output[length++] = HEX_CODES[byte >> 4]!;
    output[length++] = HEX_CODES[byte & 15]!;
    column += 3;
  };
  for (let i = 0; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === 0x0d && bytes[i + 1] === 0x0a) {
      output[length++] = 0x0d;
      output[length++] = 0x0a;
      column = 0;
      i++;
    } else if (byte < 0x80) {
      // A space or tab that ends a line would be dropped on the way.
      const literal =
        QP_LITERAL[byte] === 1 &&
        (byte > 0x20 || (i + 1 < end && !(bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a)));
      room(literal ? 1 : 3);
      if (!literal) escape(byte);
      else {
        output[length++] = byte;
        column++;
      }
    } else {
      // The 2 to 4 bytes of a UTF-8 sequence, escaped on one line.
      const size = Math.min(byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1, end - i);
      room(size * 3);
      for (const last = i + size - 1; i < last; i++) escape(bytes[i]!);
      escape(bytes[i]!);
    }
  }
  return output.toString("latin1", 0, length);
}

/** `Name <address>` with the name quoted or MIME-encoded as it needs. */
function formatMailbox({ name: given, address }: Mailbox): string {
  const name = given.trim();
  if (!name) return address;
  const display = NEEDS_ENCODING.test(name)
    ? encodeWords(name)
    : /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]*$/.test(name)
      ? name
      : `"${name.replace(/["\\]/g, "\\$&")}"`;
  return `${display} <${address}>`;
}

function headerLine(name: string, value: string): string {
  return foldedHeader(name, NEEDS_ENCODING.test(value) ? encodeWords(value) : value);
}

/** RFC 5322's date-time, always in UTC: `Sat, 02 Jan 2026 03:04:05 +0000`. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/**
 * The message as bytes. The boundary is derived from the Message-ID, so the same row always
 * gives the same bytes, and contains "=_", which quoted-printable text can never contain.
 */
export function composeMime(input: MimeInput): Buffer {
  const boundary = `=_budz_${input.messageId.replace(/[^A-Za-z0-9.-]/g, "")}`.slice(0, 70);
  const head = [
    foldedHeader("From", formatMailbox(input.from)),
    headerLine("To", input.to),
    headerLine("Subject", input.subject),
    `Message-ID: ${input.messageId}`,
    `Date: ${rfc5322Date(input.date)}`,
    ...Object.entries(input.headers ?? {}).map(([name, value]) => headerLine(name, value)),
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, content: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      "Content-Transfer-Encoding: quoted-printable",
      "",
      quotedPrintable(content.replace(/\r?\n/g, CRLF)),
    ].join(CRLF);
  return Buffer.from(
    [
      ...head,
      "",
      part("text/plain", input.text),
      part("text/html", input.html),
      `--${boundary}--`,
      "",
    ].join(CRLF),
    "utf8",
  );
}
