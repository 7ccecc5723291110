import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../../process/server-harness";
import { test as base, expect } from "../fixtures";

/**
 * A store of its own with the products seed-catalog.ts makes (sample data is random, so specs that
 * check exact prices, sizes and pictures seed what they check): "Gallery Kush" (three pictures;
 * 1g $6.00 sold out, 3.5g $18.00, 7g $34.00) and "Hemp Papers" ($4.50, no sizes).
 */
export interface CatalogStore {
  url: string;
}

export async function startCatalogStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "budz-catalog-e2e-"));
  execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/store/seed-catalog.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_SAMPLE_DATA: "0" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "owner",
    ADMIN_PASSWORD: "e2e-owner-password-1",
    SEED_SAMPLE_DATA: "0",
    LOG_LEVEL: "info",
  });
  return {
    url: server.url,
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `test` whose pages talk to the catalog store (age gate passed, as everywhere). */
export const test = base.extend<object, { catalogStore: CatalogStore }>({
  catalogStore: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const store = await startCatalogStore();
      await provide(store);
      await store.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ catalogStore }, provide) => provide(catalogStore.url),
});

export { expect };
