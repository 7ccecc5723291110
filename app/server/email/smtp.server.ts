import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { composeMime, type Mailbox } from "./mime.server";
import type { OutboxMessage } from "./outbox.server";

/**
 * Sending one outbox row: how the message is built and how a failure is judged. The one file that
 * knows nodemailer, through its public API only (createTransport, its types, its error fields).
 */

export type Transport = Transporter;

/**
 * A pooled SMTP transport for SMTP_URL (smtp:// or smtps://, user and password in the URL, other
 * nodemailer options as query parameters). Short timeouts keep one send well under the worker's
 * lock on a row, so a slow server cannot make another instance think the send was abandoned.
 */
export function createSmtpTransport(smtpUrl: string, maxConnections = 5): Transport {
  // What the URL sets (its query parameters included) wins over these defaults.
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** Renders the complete RFC 5322 message (used to keep a readable .eml copy without SMTP). */
export function createFileTransport(): Transport {
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
}

/**
 * The same Message-ID and Date every time the row is sent: if a crash lands between the SMTP
 * server accepting the message and the row being marked sent, the resend is recognisably the same
 * message (mail servers and clients collapse duplicates by Message-ID).
 */
export function messageIdFor(id: string, senderAddress: string, publicUrl: string): string {
  const domain = /@([A-Za-z0-9.-]+)$/.exec(senderAddress)?.[1] ?? new URL(publicUrl).hostname;
  return `<outbox.${id}@${domain}>`;
}

/** One row as the message nodemailer sends (or keeps as a .eml): its bytes and envelope. */
export function buildMail(
  row: Pick<OutboxMessage, "id" | "toAddress" | "subject" | "html" | "text" | "createdAt"> &
    Partial<Pick<OutboxMessage, "listUnsubscribe">>,
  settings: { sender: Mailbox; publicUrl: string },
): SendMailOptions & { messageId: string } {
  const { sender } = settings;
  const messageId = messageIdFor(row.id, sender.address, settings.publicUrl);
  return {
    envelope: { from: sender.address, to: [row.toAddress] },
    messageId,
    raw: composeMime({
      from: sender,
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId,
      date: row.createdAt,
      // Newsletters and campaigns: one-click unsubscribe from the mail client (RFC 2369, RFC 8058).
      headers: row.listUnsubscribe
        ? {
            "List-Unsubscribe": `<${row.listUnsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : undefined,
    }),
  };
}

export type SendOutcome =
  | { kind: "retry"; error: string }
  | { kind: "failed"; error: string }
  | { kind: "bounced"; error: string };

interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  permanent?: boolean;
}

/**
 * SMTP's own rule (RFC 5321): 5xx replies are permanent, 4xx are temporary, and so is anything
 * that never reached a reply (refused connection, timeout, DNS, TLS). A recipient refused with a
 * 5xx bounced; any other permanent refusal (message rejected, authentication refused) failed.
 * 503 only means "wrong moment in the session" and is worth another try.
 */
export function classifySendError(error: unknown): SendOutcome {
  const e = (error ?? {}) as SmtpError;
  const detail = (e.response ?? e.message ?? String(error)).replace(/\s+/g, " ").trim();
  const text = `${e.code ? `${e.code}: ` : ""}${detail}`.slice(0, 1000);
  const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const permanent = code !== undefined ? code >= 500 && code < 600 && code !== 503 : false;
  if (permanent) {
    const recipient = e.code === "EENVELOPE" && e.command === "RCPT TO";
    return { kind: recipient ? "bounced" : "failed", error: text };
  }
  // No reply code: an envelope nodemailer refused to send (e.g. a malformed address) never
  // improves with time; everything else (network, timeouts, 4xx) is worth retrying.
  if (code === undefined && e.code === "EENVELOPE") return { kind: "failed", error: text };
  return { kind: "retry", error: text };
}
