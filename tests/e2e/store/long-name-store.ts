import { execFileSync } from "node:child_process";
import { expect, test as base } from "../admin/admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import type { LongNameSeed } from "./long-name-seed";

/**
 * The phone-layout spec's store: the catalog store's products (seed-catalog.ts) under the longest
 * store name Settings takes, with a wide logo, a long product name, a placed order and a signed-in
 * shopper (long-name-seed.ts).
 */
export type LongNameStore = LongNameSeed & { url: string };

async function startLongNameStore() {
  const store = await startOwnStore({
    name: "long-name",
    // A country header, so the Restricted screen can be visited too.
    env: { GEO_COUNTRY_HEADER: "x-test-country" },
    seed: (dataDir) => {
      const printed = execFileSync(
        process.execPath,
        ["--import", "tsx", "tests/e2e/store/seed-catalog.ts"],
        {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            LOG_LEVEL: "warn",
            SEED_SAMPLE_DATA: "0",
            SEED_LONG_NAME: "1",
          },
          stdio: ["ignore", "pipe", "inherit"],
          encoding: "utf8",
        },
      );
      return JSON.parse(printed.trim().split("\n").at(-1)!) as LongNameSeed;
    },
  });
  return { url: store.url, ...store.seeded, stop: store.stop };
}

export const test = base.extend<
  { store: LongNameStore & { stop(): Promise<void> } },
  OwnStoresWorker
>({
  ...ownStoreFixtures(startLongNameStore),
});

export { expect };
