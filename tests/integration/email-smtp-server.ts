import net from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/** A real SMTP server in the test process that records what it accepts. */

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | undefined;
  subject: string | undefined;
  /** The raw message with quoted-printable soft breaks and escapes decoded (good enough to grep). */
  decoded: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Return an error with responseCode to refuse a recipient (e.g. 550) or a message. */
  rejectRecipient?: (address: string) => { message: string; responseCode: number } | undefined;
  rejectMessage?: () => { message: string; responseCode: number } | undefined;
  /** Delay before accepting each message, to catch a worker mid-send. */
  acceptDelayMs: number;
  close(): Promise<void>;
}

export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return match?.[1]?.trim();
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A port nothing listens on (yet): for "the SMTP server is down". */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    port: 0,
    url: "",
    received: [],
    acceptDelayMs: 0,
    close: async () => {},
  };
  const refuse = (rule: { message: string; responseCode: number } | undefined) => {
    if (!rule) return null;
    return Object.assign(new Error(rule.message), { responseCode: rule.responseCode });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      callback(refuse(state.rejectRecipient?.(address.address)));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const finish = () => {
          const rejection = refuse(state.rejectMessage?.());
          if (rejection) return callback(rejection);
          const raw = Buffer.concat(chunks).toString("utf8");
          const envelope = session.envelope;
          state.received.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : "",
            to: envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: header(raw, "Message-ID"),
            subject: header(raw, "Subject"),
            decoded: decodeQuotedPrintable(raw),
          });
          callback();
        };
        if (state.acceptDelayMs > 0) setTimeout(finish, state.acceptDelayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  state.port = (server.server.address() as net.AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
