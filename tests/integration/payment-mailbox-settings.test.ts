import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as mailboxRoute from "~/routes/admin/settings/payment-mailbox";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import { auditLog, paymentMailbox } from "~/server/db-tables";
import { openSecret } from "~/server/settings/secrets.server";
import { resetDatabase } from "../setup/database";
import { dovecotForFile } from "../setup/dovecot";
import { callRoute } from "../setup/route-call";

// A real Dovecot (tests/setup/dovecot.ts) answers Test connection.
const dovecot = dovecotForFile();
let cookie: string;
const URL_ = "http://store.test/budzadmin/dashboard/settings/payment-mailbox";

beforeEach(async () => {
  await resetDatabase();
  const owner = await createAdminUser({
    username: "owner",
    password: "owner-pass-1",
    role: "owner",
  });
  cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
});

type Refusal = { data: { errors: Record<string, string> }; init: { status: number } };

const post = (fields: Record<string, string>, as = cookie) =>
  callRoute(
    mailboxRoute,
    "action",
    new Request(URL_, {
      method: "POST",
      headers: { Cookie: as, Origin: "http://store.test" },
      body: new URLSearchParams(fields),
    }),
  ) as Promise<Response | Refusal>;

const load = (as = cookie) =>
  callRoute(mailboxRoute, "loader", new Request(URL_, { headers: { Cookie: as } }));

/** The form as the page posts it, for the test file's Dovecot. */
const mailboxForm = () => {
  const settings = dovecot.settings();
  return {
    intent: "save",
    host: settings.host,
    port: String(settings.port),
    // Dovecot here listens without TLS: the box is left empty.
    username: settings.user,
    password: settings.password,
    folder: settings.folder,
    processedFolder: settings.processedFolder,
    pollSeconds: "60",
  };
};

const storedRow = async () => (await db().select().from(paymentMailbox))[0];

describe("Settings → Payments → Payments mailbox", () => {
  it("refuses bad fields with each field's message, and a first save without a password", async () => {
    const refused = await post({
      ...mailboxForm(),
      host: "",
      port: "70000",
      processedFolder: "inbox",
      pollSeconds: "5",
    });
    expect(refused).toMatchObject({
      data: {
        errors: {
          host: "Mail server is required",
          port: "Port must be a whole number from 1 to 65535, usually 993",
          processedFolder: expect.stringMatching(/^Processed folder must differ from the folder/),
          pollSeconds: "Poll interval must be a whole number of seconds from 30 to 3600",
        },
      },
      init: { status: 400 },
    });
    // The password typed is never echoed back.
    expect(JSON.stringify(refused)).not.toContain(dovecot.settings().password);

    expect(await post({ ...mailboxForm(), host: "imaps://mail.example.ca" })).toMatchObject({
      data: { errors: { host: expect.stringContaining("without imap://") } },
      init: { status: 400 },
    });
    expect(await post({ ...mailboxForm(), port: "abc" })).toMatchObject({
      data: { errors: { port: "Port must be a whole number from 1 to 65535, usually 993" } },
    });
    expect(await post({ ...mailboxForm(), password: "" })).toMatchObject({
      data: { errors: { password: "Password is required" } },
      init: { status: 400 },
    });
    expect(await db().select().from(paymentMailbox)).toEqual([]);
  });

  it("stores the password encrypted, never shows it, keeps it when left empty, tests and disconnects", async () => {
    const { password } = dovecot.settings();
    const saved = await post({ ...mailboxForm(), tls: "on", port: "993" });
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe(
      "/budzadmin/dashboard/settings/payment-mailbox",
    );
    const row = await storedRow();
    expect(row).toMatchObject({
      host: "127.0.0.1",
      port: 993,
      tls: true,
      folder: "INBOX",
      processedFolder: "Processed",
      pollSeconds: 60,
    });
    expect(row!.passwordCipher).not.toBe(password);
    expect(row!.passwordCipher).not.toContain(password);
    expect(openSecret(row!.passwordCipher)).toBe(password);

    const loaded = (await load()) as { mailbox: Record<string, unknown> | null };
    expect(loaded.mailbox).toMatchObject({ host: "127.0.0.1", username: dovecot.settings().user });
    const shown = JSON.stringify(loaded);
    expect(shown).not.toContain(password);
    expect(shown).not.toContain(row!.passwordCipher);

    // The activity log has the save, the password redacted.
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.area, "settings"));
    expect(entry).toMatchObject({
      action: "create",
      recordId: "payment-mailbox",
      changes: expect.objectContaining({ password: "[redacted]", host: [null, "127.0.0.1"] }),
    });
    expect(JSON.stringify(await db().select().from(auditLog))).not.toContain(password);

    // Saved again with the password left empty (and the right port, without TLS): it is kept.
    expect(await post({ ...mailboxForm(), password: "" })).toBeInstanceOf(Response);
    const kept = await storedRow();
    expect(kept).toMatchObject({ port: dovecot.settings().port, tls: false });
    expect(openSecret(kept!.passwordCipher)).toBe(password);

    // Test connection with the saved settings, against the real mailbox.
    const tested = await post({ intent: "test" });
    expect(tested, dovecot.log()).toBeInstanceOf(Response);
    expect((tested as Response).status).toBe(302);

    // A wrong password: the mailbox's own words, a 502 like Canada Post's test.
    await post({ ...mailboxForm(), password: "not-the-password" });
    expect(await post({ intent: "test" })).toMatchObject({
      data: { errors: { form: "The mailbox refused the user name or password." } },
      init: { status: 502 },
    });

    expect(await post({ intent: "disconnect" })).toBeInstanceOf(Response);
    expect(await db().select().from(paymentMailbox)).toEqual([]);
    expect(((await load()) as { mailbox: unknown }).mailbox).toBeNull();
    const deleted = await db().select().from(auditLog).where(eq(auditLog.action, "delete"));
    expect(deleted).toMatchObject([{ area: "settings", recordId: "payment-mailbox" }]);

    // Nothing saved: nothing to test.
    expect(await post({ intent: "test" })).toMatchObject({
      data: { errors: { form: expect.stringMatching(/^No payments mailbox to test/) } },
      init: { status: 400 },
    });
  });

  it("refuses staff and managers: the settings are the owner's", async () => {
    for (const role of ["manager", "staff"] as const) {
      const admin = await createAdminUser({ username: role, password: `${role}-pass-1`, role });
      const theirs = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
      await expect(load(theirs)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(post(mailboxForm(), theirs)).rejects.toMatchObject({ init: { status: 403 } });
    }
    expect(await db().select().from(paymentMailbox)).toEqual([]);
  });
});
