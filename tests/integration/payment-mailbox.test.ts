import { describe, expect, it } from "vitest";
import type { EtransferNotice } from "~/server/payments/etransfer-notice.server";
import { readPaymentMailbox, testMailboxConnection } from "~/server/payments/mailbox.server";
import { dovecotForFile } from "../setup/dovecot";
import {
  buildNoticeEmail,
  buildOtherEmail,
  OTHER_EMAILS,
} from "../fixtures/etransfer/notice-emails";

// A real Dovecot (tests/setup/dovecot.ts). No database: the handler stands in for the store.
const dovecot = dovecotForFile();

type Handed = EtransferNotice & { messageId: string };

describe("testMailboxConnection", () => {
  it("signs in and counts the folder's messages", async () => {
    expect(await testMailboxConnection(dovecot.settings())).toEqual({ ok: true, messages: 0 });
  });

  it("says the password was refused, without repeating it", async () => {
    const result = await testMailboxConnection({ ...dovecot.settings(), password: "wrong-one" });
    expect(result).toEqual({
      ok: false,
      kind: "auth",
      message: "The mailbox refused the user name or password.",
    });
  });

  it("says nothing answers on a wrong port, and that TLS fails on a plain port", async () => {
    const settings = dovecot.settings();
    const refused = await testMailboxConnection({ ...settings, port: 1 }, { timeoutMs: 3000 });
    expect(refused).toMatchObject({ ok: false, kind: "unreachable" });
    expect(refused.ok === false && refused.message).toContain("127.0.0.1:1");
    const tls = await testMailboxConnection({ ...settings, tls: true }, { timeoutMs: 3000 });
    expect(tls).toMatchObject({ ok: false, kind: "tls" });
  });

  it("names a folder that does not exist", async () => {
    expect(await testMailboxConnection({ ...dovecot.settings(), folder: "Payments" })).toEqual({
      ok: false,
      kind: "folder",
      message: "The folder Payments does not exist in this mailbox.",
    });
  });
});

describe("readPaymentMailbox", () => {
  const notice = (n: number) =>
    buildNoticeEmail({
      kind: n % 2 ? "autodeposit" : "received",
      language: n % 3 ? "en" : "fr",
      sender: `PAYER ${n}`,
      amountCents: 1000 * n + 50,
      message: n === 1 ? null : `Order ${1000 + n}`,
      reference: `CA1TeSt${String(n).padStart(5, "0")}`,
      multipart: n === 2,
    });

  it("hands the notices over, moves them, leaves the rest marked, and reads nothing twice", async () => {
    const settings = dovecot.settings();
    for (let n = 1; n <= 5; n++) await dovecot.append("INBOX", notice(n));
    await dovecot.append("INBOX", OTHER_EMAILS.newsletter());
    await dovecot.append("INBOX", OTHER_EMAILS.cancelled());

    // The handler fails: nothing is moved or marked, and its error comes through as it is.
    const failure = new Error("the database is down");
    await expect(
      readPaymentMailbox(settings, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await dovecot.listFolder("INBOX")).map((m) => m.flags)).toEqual(Array(7).fill([]));
    expect(await dovecot.listFolder("Processed")).toEqual([]);

    // Small batches: the notices come in three calls.
    const calls: Handed[][] = [];
    const result = await readPaymentMailbox(
      settings,
      async (notices) => {
        // While the handler runs, the notices are still in the folder (store first, move after).
        expect((await dovecot.listFolder("INBOX")).length).toBeGreaterThanOrEqual(notices.length);
        calls.push(notices);
      },
      { batchSize: 3 },
    );
    expect(result).toEqual({
      ok: true,
      read: 7,
      notices: 5,
      left: [
        { subject: "Spring deals on grow lights", reason: "Not an e-Transfer deposit notice" },
        {
          subject: "INTERAC e-Transfer: The money transfer from JOHN SMITH was cancelled.",
          reason: "Not an e-Transfer deposit notice",
        },
      ],
    });
    expect(calls.map((call) => call.length)).toEqual([3, 2]);
    const handed = calls.flat();
    expect(handed.map((n) => [n.bankReference, n.amountCents, n.senderName])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [
        `CA1TeSt${String(n).padStart(5, "0")}`,
        1000 * n + 50,
        `PAYER ${n}`,
      ]),
    );
    expect(handed[0]!.message).toBeNull();
    expect(handed[1]!.message).toBe("Order 1002");
    expect(new Set(handed.map((n) => n.messageId)).size).toBe(5);
    expect(handed.every((n) => /^<.+@.+>$/.test(n.messageId))).toBe(true);

    const inbox = await dovecot.listFolder("INBOX");
    expect(inbox.map((m) => [m.subject, m.flags])).toEqual([
      ["Spring deals on grow lights", ["$BudzLeft"]],
      ["INTERAC e-Transfer: The money transfer from JOHN SMITH was cancelled.", ["$BudzLeft"]],
    ]);
    expect((await dovecot.listFolder("Processed")).length).toBe(5);

    // Nothing new: the handler is not called, and the marked messages are not read again.
    const again = await readPaymentMailbox(settings, async () => {
      throw new Error("the handler must not be called");
    });
    expect(again).toEqual({ ok: true, read: 0, notices: 0, left: [] });

    // A new notice and one without its reference number: only those two are read.
    await dovecot.append("INBOX", notice(6));
    const noReference =
      "INTERAC e-Transfer: A money transfer from PAYER 7 has been automatically deposited.";
    await dovecot.append(
      "INBOX",
      buildOtherEmail(
        noReference,
        "PAYER 7 has sent you $7.00 (CAD) and the money has been automatically deposited.\n\nMessage: Order 1007",
      ),
    );
    const third: Handed[][] = [];
    const last = await readPaymentMailbox(settings, async (notices) => {
      third.push(notices);
    });
    expect(last).toEqual({
      ok: true,
      read: 2,
      notices: 1,
      left: [{ subject: noReference, reason: "The notice has no reference number." }],
    });
    expect(third.flat().map((n) => n.bankReference)).toEqual(["CA1TeSt00006"]);
    expect((await dovecot.listFolder("Processed")).length).toBe(6);
    expect((await dovecot.listFolder("INBOX")).length).toBe(3);
  });

  it("reports a failure instead of reading when the folder is missing or the password wrong", async () => {
    const never = async () => {
      throw new Error("the handler must not be called");
    };
    expect(await readPaymentMailbox({ ...dovecot.settings(), folder: "Nope" }, never)).toEqual({
      ok: false,
      kind: "folder",
      message: "The folder Nope does not exist in this mailbox.",
    });
    expect(
      await readPaymentMailbox({ ...dovecot.settings(), password: "bad" }, never),
    ).toMatchObject({ ok: false, kind: "auth" });
  });
});
