import { execFileSync } from "node:child_process";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The product import spec's own store, seeded as the catalog store is (store/seed-catalog.ts, in a
 * process of its own so the image library writes under its DATA_DIR): "Gallery Kush" (SKU E2E-GK,
 * three pictures in the library; 1g, 3.5g, 7g) and "Hemp Papers" (E2E-HP, no sizes, 40 in stock).
 */
function startProductImportStore() {
  return startOwnStore({
    name: "product-import",
    seed: (dataDir) => {
      execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/store/seed-catalog.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_SAMPLE_DATA: "0" },
        stdio: ["ignore", "ignore", "inherit"],
      });
    },
  });
}

/** The admin `test` (adminPage signed in) against the product import spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startProductImportStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startProductImportStore) });

export { expect };
