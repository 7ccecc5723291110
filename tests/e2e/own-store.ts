import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "../../playwright.config";
import { startServer } from "../process/server-harness";

/**
 * How long a worker-scoped own-store fixture may take to seed and start: on a loaded 2-core machine
 * (PGlite migrations, seeding, a server boot) it has taken over a minute.
 */
export const OWN_STORE_TIMEOUT = 150_000;

/**
 * A spec's own store: a fresh data directory filled by `seed`, served by a production server with
 * the e2e admin, stopped and removed by `stop`. The shared e2e server keeps the sample data the
 * other specs rely on; a store of its own lets a spec check exact figures it seeded.
 */
export async function startOwnStore<T>(options: {
  name: string;
  seed: (dataDir: string) => Promise<T> | T;
  env?: Record<string, string | undefined>;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `budz-${options.name}-e2e-`));
  const seeded = await options.seed(dataDir);
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_SAMPLE_DATA: "0",
    LOG_LEVEL: "info", // the harness waits for the "store ready" line
    ...options.env,
  });
  return {
    url: server.url,
    dataDir,
    seeded,
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
