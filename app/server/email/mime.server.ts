import { encodeWords, foldLines } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";

/**
 * The complete RFC 5322 message of one outbox row, built in one pass. Every message the store
 * sends has the same shape (a text and an HTML alternative, a few headers), so this replaces
 * nodemailer's general composer, whose stream per part made it most of the worker's CPU time on a
 * large mailing. nodemailer still does the SMTP side and is used here for the encodings.
 */

export interface Mailbox {
  name: string;
  address: string;
}

export interface MimeInput {
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
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** `Name <address>` with the name quoted or MIME-encoded as it needs. */
function formatMailbox({ name: given, address }: Mailbox): string {
  const name = given.trim();
  if (!name) return address;
  const display = ASCII_PRINTABLE.test(name)
    ? /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]*$/.test(name)
      ? name
      : `"${name.replace(/["\\]/g, "\\$&")}"`
    : encodeWords(name, "Q", 52);
  return `${display} <${address}>`;
}

function headerLine(name: string, value: string): string {
  const encoded = ASCII_PRINTABLE.test(value) ? value : encodeWords(value, "Q", 52);
  return foldLines(`${name}: ${encoded}`, 76);
}

/** RFC 5322's date-time, always in UTC: `Sat, 02 Jan 2026 03:04:05 +0000`. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

function quotedPrintable(content: string): string {
  return qpWrap(qpEncode(content.replace(/\r?\n/g, CRLF)), 76);
}

/**
 * The message as bytes. The boundary is derived from the Message-ID, so the same row always
 * gives the same bytes, and contains "=_", which quoted-printable text can never contain.
 */
export function composeMime(input: MimeInput): Buffer {
  const boundary = `=_budz_${input.messageId.replace(/[^A-Za-z0-9.-]/g, "")}`.slice(0, 70);
  const head = [
    headerLine("From", formatMailbox(input.from)),
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
      quotedPrintable(content),
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
