import { spawn, type ChildProcess } from "node:child_process";
import { E2E_ADMIN } from "../../../playwright.config";
import { OWN_STORE_TIMEOUT } from "../own-store";

/**
 * A second production server on its own data directory, for tests that replace the store's data
 * (the shared e2e server keeps the data the other specs rely on).
 */
export async function startOwnServer(options: { port: number; env?: Record<string, string> }) {
  const child: ChildProcess = spawn(process.execPath, ["tests/e2e/start-server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATA_DIR: `.tmp/e2e-data-${options.port}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + OWN_STORE_TIMEOUT;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${options.port} exited`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server on ${options.port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
