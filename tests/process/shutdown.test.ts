import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "./server-harness";
import { dataDirWithQueuedEmail, silentSmtpServer } from "./silent-smtp";

// SIGTERM while the email worker is connected to an SMTP server that accepted the connection and
// never says a word: the process still exits within the grace period plus 5 seconds.
const GRACE_SECONDS = 2;

const cleanup: (() => void)[] = [];
afterAll(() => {
  for (const step of cleanup) step();
});

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("shutdown", () => {
  it("exits within the grace period + 5 s while the worker waits on a silent SMTP server", async () => {
    const smtp = await silentSmtpServer();
    cleanup.push(smtp.close);
    const dataDir = await dataDirWithQueuedEmail();
    const server = await startServer({
      DATA_DIR: dataDir,
      SEED_SAMPLE_DATA: "0",
      SMTP_URL: smtp.url,
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    cleanup.push(() => server.child.kill("SIGKILL"));
    await until(() => smtp.connections() > 0, 20_000);
    // A keep-alive connection left open by a client, too.
    const idle = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    idle.on("error", () => {});
    cleanup.push(() => idle.destroy());

    const started = Date.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(GRACE_SECONDS + 5 + 1);
    expect(server.output()).toMatch(/stopped cleanly|shutdown deadline passed/);
    expect(code === 0 || code === 1).toBe(true);
  });
});
