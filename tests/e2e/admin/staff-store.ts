import fs from "node:fs";
import path from "node:path";
import { ownStoreFixtures, type OwnStoresWorker, startOwnStore } from "../own-store";
import { expect, test as adminTest } from "./admin-fixtures";

/**
 * The Staff spec's own store (empty but for the e2e owner): its invitations stay in the local
 * outbox, written by the worker as .eml files under DATA_DIR/outbox, where the spec reads the link.
 */
async function startStaffStore() {
  const store = await startOwnStore({ name: "staff" });
  return { url: store.url, dataDir: store.dataDir, stop: store.stop };
}

export const test = adminTest.extend<
  { store: Awaited<ReturnType<typeof startStaffStore>> },
  OwnStoresWorker
>({ ...ownStoreFixtures(startStaffStore) });

export { expect };

/** The invitation link (its path) in the newest staff_invite email to `to`. */
export async function invitationLink(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  let link = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return "";
        for (const file of fs.readdirSync(dir).filter((f) => f.includes("-staff_invite-"))) {
          const text = fs
            .readFileSync(path.join(dir, file), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          if (!text.split(/\r?\n/).some((line) => /^to:/i.test(line) && line.includes(to)))
            continue;
          link = /\/budzadmin\/invite\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? "";
          if (link) return link;
        }
        return "";
      },
      { timeout: 20_000, message: `a staff_invite email to ${to}` },
    )
    .not.toBe("");
  return link;
}
