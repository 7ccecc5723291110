import { execFileSync } from "node:child_process";
import { expect, test as base } from "../admin/admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";

/**
 * A store of its own with the products seed-catalog.ts makes (sample data is random, so specs that
 * check exact prices, sizes and pictures seed what they check): "Gallery Kush" (three pictures;
 * 1g $6.00 sold out, 3.5g $18.00, 7g $34.00) and "Hemp Papers" ($4.50, no sizes).
 */
export interface CatalogStore {
  url: string;
}

function startCatalogStore() {
  return startOwnStore({
    name: "catalog",
    seed: (dataDir) => {
      execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/store/seed-catalog.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_SAMPLE_DATA: "0" },
        stdio: ["ignore", "ignore", "inherit"],
      });
    },
  });
}

/** `test` whose pages talk to the catalog store (age gate passed, as everywhere; `adminPage`). */
export const test = base.extend<
  { store: CatalogStore & { stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(startCatalogStore),
});

export { expect };
