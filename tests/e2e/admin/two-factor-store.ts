import { createAdminUser } from "~/server/auth/admin-users.server";
import { withStoreDatabase } from "../../fixtures/database";
import { E2E_ADMIN } from "../../../playwright.config";
import { expect, test as base } from "./admin-fixtures";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";

/**
 * The two-factor spec's own store: the e2e owner and Tina, a manager who turns two-factor on and
 * signs out and in again, and Rita (staff) whom the owner's "require for everyone" holds on the
 * setup page (the shared owner session of other specs is never touched).
 */
export const TINA = { username: "tina", displayName: "Tina Two", password: "tinas-long-pass-1" };
/** Staff without two-factor, held on the setup page once the owner requires it for everyone. */
export const RITA = { username: "rita", displayName: "Rita Staff", password: "ritas-long-pass-1" };

async function startTwoFactorStore() {
  const store = await startOwnStore({
    name: "two-factor",
    seed: (dataDir) =>
      withStoreDatabase(dataDir, async () => {
        // The e2e owner first: the server creates it only while there is no admin at all.
        await createAdminUser({ ...E2E_ADMIN, displayName: E2E_ADMIN.username, role: "owner" });
        await createAdminUser({ ...TINA, role: "manager" });
        await createAdminUser({ ...RITA, role: "staff" });
      }),
  });
  return { url: store.url, stop: store.stop };
}

export const test = base.extend<
  { store: Awaited<ReturnType<typeof startTwoFactorStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startTwoFactorStore) });

export { expect };
