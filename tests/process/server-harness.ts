import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { npmStartCommand } from "../../scripts/start-command";

export interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "budz-process-"));
}

/** A fresh PostgreSQL database for this test when TEST_DATABASE_URL is set (else PGlite is used). */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const name = `budz_process_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// Servers still running when this process ends (a failed run) are killed with it.
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Spawns `node server.js` on the production build (or, `asNpmStart`, the command `npm start` runs,
 * with its environment) and resolves once it listens (or exits).
 */
export function startServer(
  env: Record<string, string | undefined>,
  { asNpmStart = false } = {},
): Promise<RunningServer> {
  const [command, args] = asNpmStart ? npmStartCommand() : [process.execPath, ["server.js"]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      LOG_LEVEL: "info",
      // An empty store takes orders only once it has somewhere to be paid.
      ETRANSFER_EMAIL: "payments@budzboutique.ca",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let ready = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Once it listens, the output is only kept: matching the whole of it again at every chunk
      // (a request log line each) would cost more with each request.
      if (ready) return;
      // The box a start ends with (welcomeBox), whatever LOG_LEVEL says. It shows PUBLIC_URL when
      // one is set: the server itself is then reached on the port of its "store ready" log line.
      const shown = /Store {2}(\S+)\/\s[\s\S]*└/.exec(output)?.[1];
      if (!shown) return;
      const port = /"port":(\d+),"msg":"store ready/.exec(output)?.[1];
      const url = shown.startsWith("http://localhost:")
        ? shown
        : port && `http://localhost:${port}`;
      if (!url) return;
      ready = true;
      resolve({ child, url, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) =>
      reject(Object.assign(new Error(`server exited with ${code}`), { code, output })),
    );
  });
}

/** Runs the server to completion (for start-up failures): exit code and everything it printed. */
export function runServerToExit(env: Record<string, string | undefined>) {
  return startServer(env).then(
    async (server) => {
      server.child.kill("SIGTERM");
      return { code: await server.exited, output: server.output() };
    },
    (error: { code: number | null; output: string }) => ({
      code: error.code,
      output: error.output,
    }),
  );
}
