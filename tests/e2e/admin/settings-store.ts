import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Settings spec's own store: started empty (SEED_SAMPLE_DATA=0, no ETRANSFER_EMAIL), so it has
 * no contact details nor e-Transfer address until the spec saves them.
 */
async function startSettingsStore() {
  const store = await startOwnStore({ name: "settings", env: { ETRANSFER_EMAIL: undefined } });
  return { url: store.url, stop: store.stop };
}

/** The admin `test` (adminPage signed in) against the Settings spec's own store. */
export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startSettingsStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startSettingsStore) });

export { expect };
