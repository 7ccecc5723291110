import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import { readEtransferNotice, type EtransferNotice } from "./etransfer-notice.server";

/**
 * The store's payments mailbox over IMAP (imapflow): checks the settings, and reads the Interac
 * deposit notices out of it.
 *
 * Messages are never deleted. A notice the store has stored is MOVED to the processed folder; any
 * other message (not a notice, or a notice that cannot be read) stays where it is with the keyword
 * $BudzLeft, so staff can see it in their mail program and the next read skips it.
 */

export interface MailboxSettings {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  password: string;
  folder: string;
  processedFolder: string;
}

export type MailboxFailure = {
  ok: false;
  kind: "auth" | "unreachable" | "tls" | "folder" | "timeout" | "protocol";
  message: string;
};

export interface MailboxRead {
  /** Messages looked at (those without $BudzLeft). */
  read: number;
  /** Notices handed to the handler and moved to the processed folder. */
  notices: number;
  /** Messages left in the folder with $BudzLeft, and why. */
  left: { subject: string; reason: string }[];
}

/** The keyword of messages the store left for staff. */
export const LEFT_KEYWORD = "$BudzLeft";

const DEFAULT_TIMEOUT_MS = 15_000;
/** How long logging out may take before the connection is simply closed. */
const LOGOUT_TIMEOUT_MS = 3_000;

/** Signs in and opens the folder: the check behind the settings page's "Test" button. */
export async function testMailboxConnection(
  settings: MailboxSettings,
  options: { timeoutMs?: number } = {},
): Promise<{ ok: true; messages: number } | MailboxFailure> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = newClient(settings, timeoutMs);
  let step: Step = "connect";
  try {
    // The whole check has a deadline too: a server that answers but never finishes cannot hang
    // the settings page.
    return await withDeadline(
      (async () => {
        await client.connect();
        step = "open";
        const mailbox = await client.mailboxOpen(settings.folder, { readOnly: true });
        return { ok: true as const, messages: mailbox.exists };
      })(),
      timeoutMs,
    );
  } catch (error) {
    return failure(error, step, settings, timeoutMs);
  } finally {
    await closeClient(client);
  }
}

type Notice = EtransferNotice & { messageId: string };

/**
 * Reads the notices in `folder` that the store has not left for staff, `batchSize` messages at a
 * time (default 100). For each batch: `handle` gets its notices (when there are any) and stores
 * them, then the notices are moved to `processedFolder` (created when missing) and the other
 * messages get $BudzLeft.
 *
 * Store first, move after: if the process dies between the two, the notices are still in the
 * folder and the next read hands them over again; the caller ignores those it already has (same
 * bankReference). The other order could lose a payment. If `handle` throws, nothing of that batch
 * is moved or marked and its error is thrown as it is (after logging out).
 */
export async function readPaymentMailbox(
  settings: MailboxSettings,
  handle: (notices: Notice[]) => Promise<void>,
  options: { timeoutMs?: number; batchSize?: number } = {},
): Promise<({ ok: true } & MailboxRead) | MailboxFailure> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const batchSize = Math.max(1, options.batchSize ?? 100);
  const client = newClient(settings, timeoutMs);
  let step: Step = "connect";
  const result: MailboxRead = { read: 0, notices: 0, left: [] };
  try {
    await client.connect();
    step = "open";
    const mailbox = await client.mailboxOpen(settings.folder);
    step = "read";
    const uids = mailbox.exists
      ? (await client.search({ unKeyword: LEFT_KEYWORD }, { uid: true })) || []
      : [];
    let processedReady = false;
    for (let start = 0; start < uids.length; start += batchSize) {
      const batch = uids.slice(start, start + batchSize);
      const notices: Notice[] = [];
      const noticeUids: number[] = [];
      const leftUids: number[] = [];
      // Fetched in full before anything else is sent: imapflow runs one command at a time.
      const messages = [];
      for await (const message of client.fetch(
        batch,
        { uid: true, source: true, internalDate: true },
        { uid: true },
      ))
        messages.push(message);
      for (const message of messages) {
        result.read++;
        const reading = await readMessage(message.source, message.internalDate, {
          uid: message.uid,
          uidValidity: mailbox.uidValidity,
        });
        if (reading.kind === "notice") {
          notices.push(reading.notice);
          noticeUids.push(message.uid);
        } else {
          leftUids.push(message.uid);
          result.left.push({ subject: reading.subject, reason: reading.reason });
        }
      }
      if (notices.length) {
        step = "handle";
        await handle(notices);
        step = "move";
        if (!processedReady) {
          // Returns quietly when the folder exists already.
          await client.mailboxCreate(settings.processedFolder);
          processedReady = true;
        }
        await client.messageMove(noticeUids, settings.processedFolder, { uid: true });
        result.notices += notices.length;
      }
      if (leftUids.length) {
        step = "move";
        await client.messageFlagsAdd(leftUids, [LEFT_KEYWORD], { uid: true });
      }
      step = "read";
    }
    return { ok: true, ...result };
  } catch (error) {
    // The handler's own error (the database's) is the caller's to see, unchanged.
    if (step === "handle") throw error;
    return failure(error, step, settings, timeoutMs);
  } finally {
    await closeClient(client);
  }
}

type Reading =
  { kind: "notice"; notice: Notice } | { kind: "left"; subject: string; reason: string };

async function readMessage(
  source: Buffer | undefined,
  internalDate: Date | string | undefined,
  where: { uid: number; uidValidity: bigint },
): Promise<Reading> {
  let parsed;
  try {
    if (!source) throw new Error("the server sent no content");
    parsed = await simpleParser(source);
  } catch (error) {
    return {
      kind: "left",
      subject: "(unreadable e-mail)",
      reason: `The e-mail could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const subject = parsed.subject ?? "";
  const reading = readEtransferNotice({
    subject,
    from: parsed.from?.text ?? "",
    // A notice without a Date header: when the mailbox received it.
    date: parsed.date ?? (internalDate ? new Date(internalDate) : null),
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
  });
  if (reading.kind === "not_a_notice")
    return { kind: "left", subject, reason: "Not an e-Transfer deposit notice" };
  if (reading.kind === "unreadable") return { kind: "left", subject, reason: reading.reason };
  const messageId = parsed.messageId ?? `<imap-${where.uidValidity}-${where.uid}>`;
  return { kind: "notice", notice: { ...reading.notice, messageId } };
}

function newClient(settings: MailboxSettings, timeoutMs: number): ImapFlow {
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.tls,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // A server that stops answering in the middle of a read.
    socketTimeout: Math.max(timeoutMs, 30_000),
    disableAutoIdle: true,
  });
  // Errors also come as events; without a listener an 'error' event would crash the process.
  client.on("error", () => {});
  return client;
}

async function closeClient(client: ImapFlow): Promise<void> {
  try {
    if (client.usable) await withDeadline(client.logout(), LOGOUT_TIMEOUT_MS);
  } catch {
    // A hung or gone server: the socket is closed below.
  }
  client.close();
}

class DeadlineError extends Error {
  code = "DEADLINE";
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineError("deadline")), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What was being done when an error came: decides what the error means. */
type Step = "connect" | "open" | "read" | "handle" | "move";

interface ImapError {
  code?: string;
  authenticationFailed?: boolean;
  responseStatus?: string;
  responseText?: string;
  message?: string;
}

const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
  "EPIPE",
  "NoConnection",
  "EConnectionClosed",
  "ClosedAfterConnectText",
]);
const TIMEOUT = new Set([
  "DEADLINE",
  "CONNECT_TIMEOUT",
  "GREETING_TIMEOUT",
  "ETIMEOUT",
  "ETIMEDOUT",
]);

/** A failure staff can act on. The password is never part of it. */
function failure(
  error: unknown,
  step: Step,
  settings: MailboxSettings,
  timeoutMs: number,
): MailboxFailure {
  const err = (error ?? {}) as ImapError;
  const code = err.code ?? "";
  const at = `${settings.host}:${settings.port}`;
  const fail = (kind: MailboxFailure["kind"], message: string): MailboxFailure => ({
    ok: false,
    kind,
    message,
  });
  if (err.authenticationFailed)
    return fail("auth", "The mailbox refused the user name or password.");
  if (
    /^(?:ERR_SSL|ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY|UPGRADE_TIMEOUT|ClosedAfterConnectTLS)/.test(
      code,
    )
  )
    return fail(
      "tls",
      `The secure (TLS) connection to ${at} failed (${err.message ?? code}). Check the TLS setting: port 993 usually uses TLS, port 143 does not.`,
    );
  if (TIMEOUT.has(code)) {
    const hint =
      code === "GREETING_TIMEOUT" && !settings.tls
        ? " If this port expects TLS (usually 993), turn TLS on."
        : "";
    return fail(
      "timeout",
      `The mail server at ${at} did not answer within ${Math.round(timeoutMs / 1000)} s.${hint}`,
    );
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return fail(
      "unreachable",
      `The mail server ${settings.host} could not be found. Check its name.`,
    );
  if (code === "ECONNREFUSED")
    return fail(
      "unreachable",
      `Nothing accepts connections at ${at}. Check the server name and the port.`,
    );
  if (UNREACHABLE.has(code))
    return fail(
      "unreachable",
      `The connection to ${at} was lost (${code}). Check the server name, the port and the TLS setting.`,
    );
  if (step === "open" && err.responseStatus === "NO")
    return fail("folder", `The folder ${settings.folder} does not exist in this mailbox.`);
  const detail = err.responseText ?? err.message ?? String(error);
  if (step === "move")
    return fail(
      "protocol",
      `The mail server refused to move or mark messages (${detail}). The notices are stored; they will be moved on the next read.`,
    );
  return fail("protocol", `The mail server answered unexpectedly: ${detail}`);
}
