import { describe, expect, it } from "vitest";
import { backoffMs } from "./send-results.server";
import { buildMail, classifySendError, messageIdFor } from "./smtp.server";

describe("classifySendError", () => {
  const smtp = (responseCode: number, code: string, command: string, response: string) =>
    Object.assign(new Error(response), { responseCode, code, command, response });

  it("bounces a recipient the server refuses for good", () => {
    expect(classifySendError(smtp(550, "EENVELOPE", "RCPT TO", "550 5.1.1 No such user"))).toEqual({
      kind: "bounced",
      error: "EENVELOPE: 550 5.1.1 No such user",
    });
  });

  it("fails other permanent refusals (sender, content, authentication)", () => {
    expect(classifySendError(smtp(553, "EENVELOPE", "MAIL FROM", "553 sender")).kind).toBe(
      "failed",
    );
    expect(classifySendError(smtp(554, "EMESSAGE", "DATA", "554 spam")).kind).toBe("failed");
    expect(classifySendError(smtp(535, "EAUTH", "AUTH PLAIN", "535 bad login")).kind).toBe(
      "failed",
    );
    // nodemailer refused the envelope itself (no reply code): it will never get better.
    expect(
      classifySendError(Object.assign(new Error("No recipients"), { code: "EENVELOPE" })),
    ).toMatchObject({ kind: "failed" });
  });

  it("retries temporary refusals, 503 and anything that never got a reply", () => {
    expect(classifySendError(smtp(451, "EMESSAGE", "DATA", "451 try later")).kind).toBe("retry");
    expect(classifySendError(smtp(421, "ECONNECTION", "CONN", "421 busy")).kind).toBe("retry");
    expect(classifySendError(smtp(503, "EPROTOCOL", "DATA", "503 bad sequence")).kind).toBe(
      "retry",
    );
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), {
      code: "ESOCKET",
    });
    expect(classifySendError(refused)).toEqual({
      kind: "retry",
      error: "ESOCKET: connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(classifySendError(undefined).kind).toBe("retry");
  });
});

describe("message identity", () => {
  it("derives a stable Message-ID from the row id and the sender's domain", () => {
    const id = "0e244145-4993-4096-abbe-1184a2e952b3";
    expect(messageIdFor(id, "orders@budz.example", "http://localhost:3000")).toBe(
      `<outbox.${id}@budz.example>`,
    );
    expect(messageIdFor(id, "no address", "https://shop.example/x")).toBe(
      `<outbox.${id}@shop.example>`,
    );
    const createdAt = new Date("2026-01-02T03:04:05Z");
    const row = { id, toAddress: "a@b.c", subject: "S", html: "<p>h</p>", text: "t", createdAt };
    const sender = { name: "Shop", address: "o@budz.example" };
    const settings = { sender, publicUrl: "http://localhost:3000" };
    // A resend is the same bytes: same Message-ID, Date and boundary.
    expect(buildMail(row, settings)).toEqual(buildMail(row, settings));
    const mail = buildMail(row, settings);
    expect(mail.envelope).toEqual({ from: "o@budz.example", to: ["a@b.c"] });
    const raw = String(mail.raw);
    expect(raw).toContain(`Message-ID: <outbox.${id}@budz.example>\r\n`);
    expect(raw).toContain("Date: Fri, 02 Jan 2026 03:04:05 +0000\r\n");
    expect(raw).not.toContain("List-Unsubscribe");
  });

  it("adds one-click unsubscribe headers (RFC 8058) to newsletters and campaigns", () => {
    const row = {
      id: "0e244145-4993-4096-abbe-1184a2e952b3",
      toAddress: "a@b.c",
      subject: "News",
      html: "<p>h</p>",
      text: "t",
      createdAt: new Date(),
      listUnsubscribe: "https://shop.example/unsubscribe/abc",
    };
    const sender = { name: "Shop", address: "o@budz.example" };
    const settings = { sender, publicUrl: "https://shop.example" };
    const raw = String(buildMail(row, settings).raw);
    expect(raw).toContain("List-Unsubscribe: <https://shop.example/unsubscribe/abc>\r\n");
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
  });
});

describe("backoffMs", () => {
  it("doubles from the base up to the cap, with a little jitter", () => {
    const settings = { baseBackoffMs: 30_000, maxBackoffMs: 3_600_000 };
    for (const [attempts, expected] of [
      [1, 30_000],
      [2, 60_000],
      [5, 480_000],
      [12, 3_600_000],
    ] as const) {
      const ms = backoffMs(attempts, settings);
      expect(ms).toBeGreaterThanOrEqual(expected * 0.8);
      expect(ms).toBeLessThanOrEqual(expected * 1.2);
    }
  });
});
