import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PlaywrightWorkerArgs, TestFixture, WorkerFixture } from "@playwright/test";
import type { Database } from "~/server/db.server";
import { E2E_ADMIN } from "../../playwright.config";
import {
  createStoreDatabase,
  dropStoreDatabase,
  ledgerSeededStock,
  withStoreDatabase,
} from "../fixtures/database";
import { startServer, type RunningServer } from "../process/server-harness";

/**
 * How long an own store may take to seed and start: on a loaded 2-core machine
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
  /** Stays on the embedded database even when the run has PostgreSQL (a backup's pg_dump). */
  embedded?: boolean;
}): Promise<OwnStore<T>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `budz-${options.name}-e2e-`));
  const databaseUrl = options.embedded ? undefined : await createStoreDatabase(dataDir);
  const seeded = (await options.seed?.(dataDir)) as T;
  if (options.seed) await withStoreDatabase(dataDir, ledgerSeededStock);
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
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
      await dropStoreDatabase(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Stoppable {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The worker's own store: one runs at a time, kept while the tests that follow ask for the same
 * one (the specs of one store, in a row), and stopped when a test asks for another or the worker
 * ends. Specs with different stores so share a worker (its browser, its loaded modules) instead of
 * each starting one.
 */
class OwnStores {
  private current?: { start: () => Promise<Stoppable>; store: Promise<Stoppable> };

  async use<S extends Stoppable>(start: () => Promise<S>): Promise<S> {
    if (this.current?.start !== start) {
      await this.stop();
      this.current = { start, store: start() };
    }
    return this.current.store as Promise<S>;
  }

  async stop() {
    const previous = this.current;
    this.current = undefined;
    await (await previous?.store.catch(() => undefined))?.stop();
  }
}

/** The worker fixture behind `store` (one function, so every spec's worker is alike). */
const ownStores: [WorkerFixture<OwnStores, PlaywrightWorkerArgs>, { scope: "worker" }] = [
  // eslint-disable-next-line no-empty-pattern
  async ({}, provide) => {
    const stores = new OwnStores();
    await provide(stores);
    await stores.stop();
  },
  { scope: "worker" },
];

/** The worker-scoped fixtures `ownStoreFixtures` adds: the second type argument of `extend`. */
export interface OwnStoresWorker {
  ownStores: OwnStores;
}

/**
 * The fixtures of a spec with a store of its own, to spread into `test.extend`: `store`, started by
 * `start` when a test first needs it (and kept for the tests after it, see OwnStores), and
 * `baseURL` pointing at it.
 */
export function ownStoreFixtures<S extends Stoppable>(start: () => Promise<S>) {
  const store: [TestFixture<S, OwnStoresWorker>, { timeout: number }] = [
    async ({ ownStores }, provide) => provide(await ownStores.use(start)),
    { timeout: OWN_STORE_TIMEOUT },
  ];
  const baseURL: TestFixture<string | undefined, { store: Stoppable }> = async (
    { store },
    provide,
  ) => provide(store.url);
  return { ownStores, store, baseURL };
}
