import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type {
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
  TestFixture,
  WorkerFixture,
} from "@playwright/test";
import type { Database } from "~/server/db.server";
import { E2E_ADMIN } from "../../playwright.config";
import { withStoreDatabase } from "../fixtures/database";
import { startServer, type RunningServer } from "../process/server-harness";

/**
 * How long a worker-scoped own-store fixture may take to seed and start: on a loaded 2-core machine
 * (seeding, a server boot) it has taken over a minute.
 */
export const OWN_STORE_TIMEOUT = 150_000;

export interface OwnStore<T> {
  /** The server's address (the same port after a restart). */
  readonly url: string;
  readonly dataDir: string;
  /** What `seed` returned. */
  readonly seeded: T;
  /** Stops the server, runs `change` on its database (withStoreDatabase), and starts it again. */
  restart(change?: (db: Database) => Promise<unknown>): Promise<void>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A spec's own store: a fresh data directory filled by `seed` (most seeds fill the database with
 * withStoreDatabase), served by a production server with the e2e admin. The shared e2e server
 * keeps the sample data the other specs rely on; a store of its own lets a spec check exact figures
 * it seeded.
 */
export async function startOwnStore<T = undefined>(options: {
  name: string;
  seed?: (dataDir: string) => Promise<T> | T;
  env?: Record<string, string | undefined>;
}): Promise<OwnStore<T>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `budz-${options.name}-e2e-`));
  const seeded = (await options.seed?.(dataDir)) as T;
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_SAMPLE_DATA: "0",
    // No line per request: the specs read pages, not logs.
    LOG_LEVEL: "warn",
    ...options.env,
  };
  let server: RunningServer = await startServer(env);
  env.PORT = new URL(server.url).port;
  const stopServer = async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  };
  return {
    get url() {
      return server.url;
    },
    dataDir,
    seeded,
    async restart(change) {
      await stopServer();
      if (change) await withStoreDatabase(dataDir, change);
      server = await startServer(env);
    },
    async stop() {
      await stopServer();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type WorkerArgs = PlaywrightWorkerArgs & PlaywrightWorkerOptions;

/**
 * The fixtures of a spec with a store of its own, to spread into `test.extend`: `store`, started
 * once per worker by `start` and stopped after its last test, and `baseURL` pointing at it.
 */
export function ownStoreFixtures<S extends { url: string; stop(): Promise<void> }>(
  start: () => Promise<S>,
) {
  const store: [WorkerFixture<S, WorkerArgs>, { scope: "worker"; timeout: number }] = [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const started = await start();
      await provide(started);
      await started.stop();
    },
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ];
  const baseURL: TestFixture<string | undefined, { store: { url: string } }> = async (
    { store },
    provide,
  ) => provide(store.url);
  return { store, baseURL };
}
