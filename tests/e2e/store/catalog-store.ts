import { OWN_STORE_TIMEOUT, startOwnStore } from "../own-store";
import { execFileSync } from "node:child_process";
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
  const store = await startOwnStore({
    name: "catalog",
    seed: (dataDir) => {
      execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/store/seed-catalog.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_SAMPLE_DATA: "0" },
        stdio: ["ignore", "ignore", "inherit"],
      });
    },
  });
  return { url: store.url, stop: store.stop };
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
    { scope: "worker", timeout: OWN_STORE_TIMEOUT },
  ],
  baseURL: async ({ catalogStore }, provide) => provide(catalogStore.url),
});

export { expect };
