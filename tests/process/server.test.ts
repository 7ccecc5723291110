import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { asc, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "~/server/db-tables";
import { migratedDataDir, withStoreDatabase } from "../fixtures/database";
import { freshDataDir, runServerToExit, startServer, type RunningServer } from "./server-harness";

const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const running: RunningServer[] = [];
afterAll(() => running.forEach((s) => s.child.kill("SIGKILL")));

async function start(env: Record<string, string | undefined>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

// Issue 30: a phone's first visit loads at most 130 KB of JavaScript; each file also costs its
// response headers (about 370 bytes here, counted by Lighthouse).
const FIRST_SCRIPTS_BUDGET_BYTES = 130 * 1024;
const HEADER_BYTES = 400;

/** The home page's scripts come as their Brotli copies, within the budget, and decode to the build's files. */
async function expectLightFirstScripts(url: string) {
  const home = await (await fetch(url, { headers: { Cookie: "age_verified=true" } })).text();
  // The page starts its scripts after its first paint: their list is the inline starter's argument.
  expect(home).not.toMatch(/<link[^>]*modulepreload|<script[^>]*type="module"/);
  const scripts: string[] = JSON.parse(/\}\)\((\[[^\]]*\]),/.exec(home)![1]!);
  expect(scripts.length).toBeGreaterThan(3);
  let transferred = 0;
  for (const script of scripts) {
    // fetch would decode the body itself: the bytes on the wire are read through node:http.
    const { headers, body } = await rawGet(url + script, { "Accept-Encoding": "gzip, br" });
    const source = fs.readFileSync(path.join(buildDir, "client", script));
    if (headers["content-encoding"]) {
      expect(headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(body).equals(source)).toBe(true);
    } else expect(body.equals(source)).toBe(true); // a file too small to gain from it
    expect(headers.vary).toMatch(/Accept-Encoding/);
    transferred += body.length + HEADER_BYTES;
  }
  expect(transferred).toBeLessThanOrEqual(FIRST_SCRIPTS_BUDGET_BYTES);
  // A browser without Brotli gets gzip.
  const framework = scripts.find((script) => script.includes("/framework-"))!;
  const gzip = await rawGet(url + framework, { "Accept-Encoding": "gzip" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
}

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

async function productLinks(url: string) {
  const html = await (await fetch(url)).text();
  return html.match(/href="\/products\/[^"]+"/g) ?? [];
}

// On PostgreSQL, the first start, the seeding done once and the restart are start-together.test.ts's:
// the rest of this file is about the process, the same whatever the database.
describe.skipIf(usingPostgres)("the production server", () => {
  it("starts on an empty database, seeds it and serves the home page, then stops cleanly", async () => {
    const dataDir = freshDataDir();
    const started = Date.now();
    const server = await start({ DATA_DIR: dataDir });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(server.output()).toMatch(/First admin created[\s\S]*password: \S{12,}/);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const home = await fetch(server.url);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("x-powered-by")).toBeNull();
    const featured = await productLinks(server.url);
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
    await expectLightFirstScripts(server.url);
    // The built pages are what the script deferral expects of React Router (document.server.tsx).
    expect(server.output()).not.toContain("not found in React Router's render");

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("stopped cleanly");

    // Restart: the same data, no second seeding, no second first-admin.
    const again = await start({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain("First admin created");
    expect(again.output()).not.toContain("sample data generated");
    expect(await productLinks(again.url)).toEqual(featured);
    again.child.kill("SIGKILL");
    await again.exited;
    // After kill -9 it comes back with its data.
    const third = await start({ DATA_DIR: dataDir });
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    expect(await productLinks(third.url)).toEqual(featured);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  });

  it("behind a TLS proxy without TRUST_PROXY: says what to set at start and to a refused form post (issue 37)", async () => {
    const server = await start({
      DATA_DIR: await migratedDataDir(),
      SEED_SAMPLE_DATA: "0",
      PUBLIC_URL: "https://shop.greenleaf.ca",
    });
    // A sign-in posted through the proxy (https page, plain http to the server).
    const post = () =>
      fetch(`${server.url}/budzadmin`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://shop.greenleaf.ca",
          "X-Forwarded-Proto": "https",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "username=owner&password=wrong-password",
      });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/TRUST_PROXY is not set[\s\S]*Set TRUST_PROXY=1/);
    expect((await post()).status).toBe(400);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // Logged once, however many posts are refused.
    expect(server.output().match(/"msg":"This form was refused/g)).toHaveLength(1);

    const output = server.output();
    // One address in the log line and the box.
    expect(output).toContain('"msg":"store ready on https://shop.greenleaf.ca"');
    expect(output).toContain("│  Store  https://shop.greenleaf.ca/ ");
    const warning =
      "PUBLIC_URL is https://shop.greenleaf.ca but TRUST_PROXY is not set: behind a TLS proxy every admin form will be refused. Set TRUST_PROXY=1";
    expect(output).toContain(`"msg":"${warning}`);
    expect(output).toContain("│  ! PUBLIC_URL is https://shop.greenleaf.ca but TRUST_PROXY is not");
    // Nobody set the sender: orders@ the PUBLIC_URL's domain is a guess, said in the box too.
    expect(output).toContain("│  ! No sender address is set: emails are sent from");
    expect(output).toMatch(/│ {9}backups in \S+\/backups /);
  });

  it("fails fast on a bad configuration value with one clear line", async () => {
    const { code, output } = await runServerToExit({ PORT: "abc", DATA_DIR: freshDataDir() });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Invalid configuration: PORT="abc" must be a port number between 1 and 65535',
    );
  });

  it("refuses a second server on the same DATA_DIR", async () => {
    const dataDir = await migratedDataDir();
    const first = await start({ DATA_DIR: dataDir, SEED_SAMPLE_DATA: "0" });
    const { code, output } = await runServerToExit({ DATA_DIR: dataDir, SEED_SAMPLE_DATA: "0" });
    expect(code).toBe(1);
    expect(output).toContain(`is in use by another server (pid ${first.child.pid})`);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  });

  it("says the port is taken, and exits, when another program listens on it", async () => {
    const taken = net.createServer().listen(0, "127.0.0.1");
    await once(taken, "listening");
    const { port } = taken.address() as net.AddressInfo;
    const { code, output } = await runServerToExit({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: await migratedDataDir(),
      SEED_SAMPLE_DATA: "0",
    });
    taken.close();
    expect(code).toBe(1);
    expect(output).toContain(`Cannot listen on port ${port}: listen EADDRINUSE`);
    expect(output).not.toContain("TypeError");
  });

  it("loses no committed write when the process is killed with SIGKILL", async () => {
    const dataDir = await migratedDataDir();
    const writer = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/process/fixtures/commit-writer.ts")],
      {
        env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const acknowledged: string[] = [];
    await new Promise<void>((resolve) => {
      writer.stdout!.on("data", (chunk: Buffer) => {
        for (const line of chunk.toString().split("\n")) {
          if (line.startsWith("committed ")) acknowledged.push(line.slice(10));
        }
        if (acknowledged.length >= 40) resolve();
      });
    });
    writer.kill("SIGKILL");
    await new Promise((resolve) => writer.on("exit", resolve));

    // The server takes over the stale lock and recovers the database.
    const server = await start({ DATA_DIR: dataDir, SEED_SAMPLE_DATA: "0" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const rows = await withStoreDatabase(dataDir, (db) =>
      db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(like(newsletterSubscribers.email, "durable-%"))
        .orderBy(asc(newsletterSubscribers.createdAt)),
    );
    const stored = new Set(rows.map((r) => r.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });
});
