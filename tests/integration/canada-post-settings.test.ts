import { afterAll, beforeEach, describe, expect, it } from "vitest";
import * as canadaPostRoute from "~/routes/admin/settings/canada-post";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { forgetConfig } from "~/server/config.server";
import { db } from "~/server/db.server";
import { auditLog, canadaPostAccount } from "~/server/db-tables";
import { connectedAccount } from "~/server/canada-post/account.server";
import { openSecret, sealSecret } from "~/server/settings/secrets.server";
import { FAKE_CREDENTIALS } from "../fixtures/canada-post/fake-server";
import { canadaPostFakeForFile } from "../setup/canada-post";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const fake = canadaPostFakeForFile();
let cookie: string;
const URL_ = "http://store.test/budzadmin/dashboard/settings/canada-post";

beforeEach(async () => {
  await resetDatabase();
  const owner = await createAdminUser({
    username: "owner",
    password: "owner-pass-1",
    role: "owner",
  });
  cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
});
afterAll(() => {
  delete process.env.SECRETS_KEY;
  forgetConfig();
});

const post = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) body.append(name, one);
  return callRoute(
    canadaPostRoute,
    "action",
    new Request(URL_, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://store.test" },
      body,
    }),
  ) as Promise<Response | { data: { errors: Record<string, string> }; init: { status: number } }>;
};

const account = {
  intent: "save",
  customerNumber: "0001234567",
  username: FAKE_CREDENTIALS.username,
  contractId: "",
  environment: "development",
  originPostalCode: "v6b1a1",
  services: ["DOM.RP", "DOM.EP"],
};

describe("Settings → Shipping → Canada Post", () => {
  it("refuses a first save without a password and bad fields, with each field's message", async () => {
    const refused = await post({ ...account, customerNumber: "12-34", services: [] });
    expect(refused).toMatchObject({
      data: {
        errors: {
          customerNumber:
            "Customer number must be the 1 to 10 digits Canada Post gave you, like 0001234567",
          services: "Offer at least one Canada Post service",
        },
      },
      init: { status: 400 },
    });
    expect(await post({ ...account })).toMatchObject({
      data: { errors: { password: "API password is required" } },
    });
    expect(await db().select().from(canadaPostAccount)).toEqual([]);
  });

  it("stores the password encrypted, never shows it, keeps it when left empty, and tests and disconnects", async () => {
    const saved = await post({ ...account, password: FAKE_CREDENTIALS.password });
    expect(saved).toBeInstanceOf(Response);
    const [row] = await db().select().from(canadaPostAccount);
    expect(row).toMatchObject({ originPostalCode: "V6B 1A1", services: ["DOM.RP", "DOM.EP"] });
    expect(row!.passwordCipher).not.toContain(FAKE_CREDENTIALS.password);
    const loaded = JSON.stringify(
      await callRoute(
        canadaPostRoute,
        "loader",
        new Request(URL_, { headers: { Cookie: cookie } }),
      ),
    );
    expect(loaded).not.toContain(FAKE_CREDENTIALS.password);
    expect(loaded).not.toContain(row!.passwordCipher);
    const logged = JSON.stringify(await db().select().from(auditLog));
    expect(logged).not.toContain(FAKE_CREDENTIALS.password);

    // Saved again with the password left empty: the stored one is kept.
    await post({ ...account, username: FAKE_CREDENTIALS.username, services: ["DOM.XP"] });
    expect((await connectedAccount())?.account.password).toBe(FAKE_CREDENTIALS.password);
    expect((await connectedAccount())?.services).toEqual(["DOM.XP"]);

    const tested = await post({ intent: "test" });
    expect(tested).toBeInstanceOf(Response);
    expect(fake.requests.at(-1)!.path).toBe("/rs/ship/price");

    fake.setMode({ rates: "auth" });
    expect(await post({ intent: "test" })).toMatchObject({
      data: { errors: { form: expect.stringMatching(/user name or password/) } },
      init: { status: 502 },
    });

    await post({ intent: "disconnect" });
    expect(await connectedAccount()).toBeNull();
  });

  it("cannot open a secret sealed with another key", () => {
    process.env.SECRETS_KEY = "a".repeat(40);
    forgetConfig();
    const sealed = sealSecret("hunter2-password");
    expect(openSecret(sealed)).toBe("hunter2-password");
    process.env.SECRETS_KEY = "b".repeat(40);
    forgetConfig();
    expect(openSecret(sealed)).toBeNull();
    delete process.env.SECRETS_KEY;
    forgetConfig();
  });
});
