import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * HAProxy in front of the drill's instances: round robin, a health check on /healthz every 500 ms
 * (down after 2 failures, up after 2 successes), and retries of what a dead instance dropped:
 * `retry-on conn-failure empty-response response-timeout 503` with `option redispatch 1` (the retry
 * goes to the other server). Only GET and HEAD are retried past the connection: for any other
 * method `http-request disable-l7-retry` leaves only connection failures (the request never left
 * HAProxy), so a POST is never sent twice by the proxy; the shopper's idempotency key covers the
 * rest. The stats socket gives the retries and redispatches counted.
 */
export interface RunningHaproxy {
  url: string;
  child: ChildProcess;
  stats(): Promise<Record<string, Record<string, string>>>;
  stop(): Promise<void>;
}

export function haproxyConfig(port: number, servers: number[], socket: string): string {
  return `global
  maxconn 4000
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 30s
  timeout http-keep-alive 10s
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 503

frontend drill
  bind 127.0.0.1:${port}
  default_backend store

backend store
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
  http-request disable-l7-retry unless METH_GET || METH_HEAD
${servers.map((p, i) => `  server ${String.fromCharCode(97 + i)} 127.0.0.1:${p} check`).join("\n")}
`;
}

export async function startHaproxy(
  dir: string,
  port: number,
  servers: number[],
  binary = process.env.HAPROXY ?? "/usr/sbin/haproxy",
): Promise<RunningHaproxy> {
  if (!fs.existsSync(binary))
    throw new Error(`HAProxy not found at ${binary} (apt-get install haproxy, or set HAPROXY)`);
  const socket = path.join(dir, "haproxy.sock");
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig(port, servers, socket));
  const check = spawn(binary, ["-c", "-q", "-f", file], { stdio: "inherit" });
  if ((await new Promise((r) => check.on("exit", r))) !== 0)
    throw new Error(`HAProxy refused its configuration (${file})`);
  const log = fs.openSync(path.join(dir, "haproxy.log"), "a");
  const child = spawn(binary, ["-db", "-f", file], { stdio: ["ignore", log, log] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(socket)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = net.connect(socket);
      let out = "";
      connection.on("data", (chunk) => (out += chunk.toString()));
      connection.on("end", () => resolve(out));
      connection.on("error", reject);
      connection.end(`${line}\n`);
    });
  return {
    url,
    child,
    /** `show stat` by "proxy/server" (e.g. store/BACKEND, store/a, drill/FRONTEND). */
    async stats() {
      const [header, ...rows] = (await command("show stat")).trim().split("\n");
      const names = header!.replace(/^# /, "").split(",");
      const byName: Record<string, Record<string, string>> = {};
      for (const row of rows) {
        const cells = row.split(",");
        const entry = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ""]));
        byName[`${entry.pxname}/${entry.svname}`] = entry;
      }
      return byName;
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    },
  };
}
