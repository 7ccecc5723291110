import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll } from "vitest";
import type { MailboxSettings } from "~/server/payments/mailbox.server";

/**
 * A real Dovecot IMAP server for a test file, as tests/setup/integration-database.ts gives each
 * file its own database: its own throwaway directory under os.tmpdir() holding its configuration
 * (no system configuration is read), its sockets and state, its log, one user with a plain
 * password, and that user's maildir. It listens on 127.0.0.1 on a free port, without TLS.
 *
 * Needs the Debian packages dovecot-core and dovecot-imapd (/usr/sbin/dovecot). As root, Dovecot's
 * own processes run as the users the package creates (dovecot, dovenull) and the mail as nobody
 * (Dovecot refuses mail owned by root); as any other user everything runs as that user.
 */

export const DOVECOT_BINARY = "/usr/sbin/dovecot";

export interface RunningDovecot {
  settings(): MailboxSettings;
  /** Puts a raw e-mail into a folder (created when missing), with IMAP flags or keywords. */
  append(folder: string, raw: string, flags?: string[]): Promise<void>;
  /** The folder's messages in UID order (empty when the folder does not exist). */
  listFolder(folder: string): Promise<{ uid: number; subject: string; flags: string[] }[]>;
  /** Dovecot's log so far, for a failing test's message. */
  log(): string;
  /** Milliseconds from spawning Dovecot to its first greeting. */
  startMs: number;
  stop(): Promise<void>;
}

const USER = "payments@budzboutique.ca";
const PASSWORD = "test-mailbox-password";

/** Starts a Dovecot; resolves once it greets IMAP clients. Throws when Dovecot is not installed. */
export async function startDovecot(): Promise<RunningDovecot> {
  if (!fs.existsSync(DOVECOT_BINARY))
    throw new Error(
      `Dovecot is not installed (${DOVECOT_BINARY} is missing): apt-get install dovecot-imapd`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-dovecot-"));
  // Dovecot's own processes (other users when run as root) must reach the directory.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const me = os.userInfo();
  const mailUid = root ? 65534 : me.uid;
  const mailGid = root ? 65534 : me.gid;
  const mailDir = path.join(dir, "mail");
  fs.mkdirSync(mailDir);
  if (root) fs.chownSync(mailDir, mailUid, mailGid);
  const users = path.join(dir, "users");
  fs.writeFileSync(users, `${USER}:{PLAIN}${PASSWORD}::::::\n`, { mode: 0o644 });
  const logFile = path.join(dir, "dovecot.log");
  const config = path.join(dir, "dovecot.conf");
  fs.writeFileSync(
    config,
    `# Written by tests/setup/dovecot.ts: a throwaway server for one test file.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# Wrong passwords are answered at once (the default waits 2 s).
auth_failure_delay = 0
default_internal_user = ${root ? "dovecot" : me.username}
default_internal_group = ${root ? "dovecot" : groupName(me.gid)}
default_login_user = ${root ? "dovenull" : me.username}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:${mailDir}/%n
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${users}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${mailDir}/%n
}
service imap-login {
  # Not run as root: no chroot.
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  # No penalty socket: a wrong password does not slow the next sign-ins (Dovecot's auth penalty
  # would hold the next test's sign-in for seconds).
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`,
  );

  const started = Date.now();
  // -F: in the foreground, so the process is ours to stop.
  // In a process group of its own, so that stopping kills its children too.
  const child = spawn(DOVECOT_BINARY, ["-F", "-c", config], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "") + output;
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await waitForGreeting(port, child, readLog);
  } catch (error) {
    await stopProcess(child);
    remove();
    throw error;
  }
  const startMs = Date.now() - started;

  const settings = (): MailboxSettings => ({
    host: "127.0.0.1",
    port,
    tls: false,
    user: USER,
    password: PASSWORD,
    folder: "INBOX",
    processedFolder: "Processed",
  });
  const withClient = async <T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: USER, pass: PASSWORD },
      logger: false,
    });
    client.on("error", () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    settings,
    startMs,
    log: readLog,
    async append(folder, raw, flags = []) {
      await withClient(async (client) => {
        if (folder.toUpperCase() !== "INBOX") await client.mailboxCreate(folder);
        await client.append(folder, raw, flags);
      });
    },
    async listFolder(folder) {
      return withClient(async (client) => {
        const found = await client.list();
        if (!found.some((box) => box.path.toUpperCase() === folder.toUpperCase())) return [];
        const mailbox = await client.mailboxOpen(folder, { readOnly: true });
        if (!mailbox.exists) return [];
        const messages: { uid: number; subject: string; flags: string[] }[] = [];
        for await (const message of client.fetch(
          "1:*",
          { uid: true, envelope: true, flags: true },
          { uid: false },
        ))
          messages.push({
            uid: message.uid,
            subject: message.envelope?.subject ?? "",
            // \Recent depends on the session that looks, not on the message.
            flags: [...(message.flags ?? [])].filter((flag) => flag !== "\\Recent").sort(),
          });
        return messages.sort((a, b) => a.uid - b.uid);
      });
    },
    async stop() {
      await stopProcess(child);
      remove();
    },
  };
}

/**
 * A Dovecot for the test file: started before its tests (skipped with the reason when Dovecot is
 * not installed: the hook fails with it), stopped and removed after them.
 */
export function dovecotForFile(): Pick<RunningDovecot, "settings" | "append" | "listFolder"> & {
  log(): string;
} {
  let server: RunningDovecot | undefined;
  const running = () => {
    if (!server) throw new Error("Dovecot is not running (see the beforeAll error)");
    return server;
  };
  beforeAll(async () => {
    server = await startDovecot();
  });
  afterAll(async () => {
    await server?.stop();
    server = undefined;
  });
  return {
    settings: () => running().settings(),
    append: (folder, raw, flags) => running().append(folder, raw, flags),
    listFolder: (folder) => running().listFolder(folder),
    log: () => running().log(),
  };
}

function groupName(gid: number): string {
  const line = fs
    .readFileSync("/etc/group", "utf8")
    .split("\n")
    .find((entry) => entry.split(":")[2] === String(gid));
  return line?.split(":")[0] ?? String(gid);
}

/** A port nothing listens on now (the kernel's pick; released for Dovecot to take). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server on `port` sends an IMAP greeting; fails if Dovecot exits first. */
async function waitForGreeting(
  port: number,
  child: ChildProcess,
  readLog: () => string,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  let exited = false;
  child.once("exit", () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Dovecot stopped while starting:\n${readLog()}`);
    if (await greets(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Dovecot did not answer on port ${port} within 10 s:\n${readLog()}`);
}

function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("data", (data) => done(data.toString().startsWith("* OK")));
    socket.once("error", () => done(false));
  });
}

/**
 * Kills Dovecot and its children (its process group) and waits until the master has exited. Not a
 * clean shutdown, which waits a second for its children: the server and its mail are thrown away.
 */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
  await exited;
}
