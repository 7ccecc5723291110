import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  INCORRECT_PASSWORD,
  INCORRECT_SIGN_IN,
  requestPasswordReset,
  requestSignInLink,
  resetPassword,
  signInWithLink,
  signInWithPassword,
  signUp,
  UNVERIFIED_SIGN_IN,
  verifyEmail,
} from "~/server/accounts/accounts.server";
import {
  destroyShopperSession,
  getShopper,
  SHOPPER_ABSOLUTE_MS,
  SHOPPER_IDLE_MS,
} from "~/server/accounts/session.server";
import {
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_USED,
  MAX_LINKS_PER_HOUR,
} from "~/server/accounts/tokens.server";
import { db } from "~/server/db.server";
import { emailOutbox, shopperAccounts, shopperSessions, shopperTokens } from "~/server/db-tables";
import { resetDatabase } from "../setup/database";
import {
  CLIENT,
  lastEmail,
  PASSWORD,
  requestWith,
  tokenFrom,
  verifiedShopper,
} from "./account-factories";

beforeEach(resetDatabase);

async function accountRow(email: string) {
  const [row] = await db()
    .select()
    .from(shopperAccounts)
    .where(eq(sql`lower(${shopperAccounts.email})`, email));
  return row;
}

describe("sign-up", () => {
  it("creates an unverified account and emails a confirmation link; the link asks for the password", async () => {
    await signUp({ email: "ana@example.com", password: PASSWORD });
    const account = await accountRow("ana@example.com");
    expect(account).toMatchObject({ emailVerifiedAt: null });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const email = await lastEmail("ana@example.com", "account_verify");
    expect(email?.subject).toContain("confirm your email address");
    expect(email?.text).toContain("http://localhost:3000/account/verify?token=");
    const token = await tokenFrom("ana@example.com", "account_verify");
    // Tokens are stored hashed: the emailed value is not in the table.
    expect(await db().select().from(shopperTokens).where(eq(shopperTokens.id, token))).toEqual([]);

    const wrong = await verifyEmail({ token, password: "not the password", ...CLIENT });
    expect(wrong).toEqual({ ok: false, status: 401, message: INCORRECT_PASSWORD });
    const right = await verifyEmail({ token, password: PASSWORD, ...CLIENT });
    expect(right.ok).toBe(true);
    expect((await accountRow("ana@example.com"))!.emailVerifiedAt).not.toBeNull();
    const again = await verifyEmail({ token, password: PASSWORD, ...CLIENT });
    expect(again).toEqual({ ok: false, status: 400, message: LINK_USED });
  });

  it("answers an existing email the same way and emails 'you already have an account' instead", async () => {
    await verifiedShopper("ben@example.com");
    const before = await accountRow("ben@example.com");
    await expect(
      signUp({ email: "ben@example.com", password: "another password 1" }),
    ).resolves.toBeUndefined();
    const after = await accountRow("ben@example.com");
    expect(after!.passwordHash).toBe(before!.passwordHash);
    const notice = await lastEmail("ben@example.com", "account_exists");
    expect(notice?.subject).toContain("you already have an account");
    expect(notice?.text).toContain("/account/link?token=");
  });
});

describe("password sign-in", () => {
  it("signs in a verified account; wrong password and unknown email get the same answer", async () => {
    await verifiedShopper("cy@example.com");
    const ok = await signInWithPassword({ email: "cy@example.com", password: PASSWORD, ...CLIENT });
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect(ok.setCookie).toMatch(
      /^budz_shopper=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect((await getShopper(requestWith(ok.setCookie)))?.email).toBe("cy@example.com");
    const wrong = await signInWithPassword({
      email: "cy@example.com",
      password: "wrong password",
      ...CLIENT,
    });
    const unknown = await signInWithPassword({
      email: "nobody@example.com",
      password: PASSWORD,
      ...CLIENT,
    });
    expect(wrong).toEqual({ ok: false, status: 401, message: INCORRECT_SIGN_IN });
    expect(unknown).toEqual(wrong);
  });

  it("refuses an unverified account with the right password and emails a new link", async () => {
    await signUp({ email: "dee@example.com", password: PASSWORD });
    const result = await signInWithPassword({
      email: "dee@example.com",
      password: PASSWORD,
      ...CLIENT,
    });
    expect(result).toEqual({ ok: false, status: 403, message: UNVERIFIED_SIGN_IN });
    const links = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "account_verify"));
    expect(links).toHaveLength(2);
  });

  it("throttles after 5 failures for an email, even with the right password then", async () => {
    await verifiedShopper("eve@example.com");
    for (let i = 0; i < 5; i++)
      await signInWithPassword({ email: "eve@example.com", password: `wrong ${i}`, ...CLIENT });
    const throttled = await signInWithPassword({
      email: "eve@example.com",
      password: PASSWORD,
      ...CLIENT,
    });
    expect(throttled).toMatchObject({ ok: false, status: 429 });
    expect(throttled.ok ? "" : throttled.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    const later = await signInWithPassword({
      email: "eve@example.com",
      password: PASSWORD,
      ...CLIENT,
      now: new Date(Date.now() + 16 * 60_000),
    });
    expect(later.ok).toBe(true);
  });
});

describe("sessions", () => {
  it("end after the idle and absolute timeouts, and on sign-out", async () => {
    const { setCookie } = await verifiedShopper("fay@example.com");
    const now = Date.now();
    expect(
      await getShopper(requestWith(setCookie), new Date(now + SHOPPER_IDLE_MS - 60_000)),
    ).toBeDefined();
    expect(
      await getShopper(requestWith(setCookie), new Date(now + SHOPPER_ABSOLUTE_MS + 1000)),
    ).toBeUndefined();
    const second = await verifiedSession("fay@example.com");
    expect(
      await getShopper(requestWith(second), new Date(now + SHOPPER_IDLE_MS + 60 * 60_000)),
    ).toBeUndefined();
    const third = await verifiedSession("fay@example.com");
    const cleared = await destroyShopperSession(requestWith(third));
    expect(cleared).toContain("Max-Age=0");
    expect(await getShopper(requestWith(third))).toBeUndefined();
    expect(
      await getShopper(
        new Request("http://store.test/account", { headers: { Cookie: "budz_shopper=forged" } }),
      ),
    ).toBeUndefined();
  });
});

async function verifiedSession(email: string) {
  const result = await signInWithPassword({ email, password: PASSWORD, ...CLIENT });
  if (!result.ok) throw new Error(result.message);
  return result.setCookie;
}

describe("sign-in links", () => {
  it("create a verified, passwordless account for a new address, once", async () => {
    await requestSignInLink({ email: "gus@example.com" });
    expect(await accountRow("gus@example.com")).toBeUndefined();
    const token = await tokenFrom("gus@example.com", "account_sign_in");
    const result = await signInWithLink({ token, ...CLIENT });
    expect(result.ok).toBe(true);
    expect(await accountRow("gus@example.com")).toMatchObject({ passwordHash: null });
    expect((await accountRow("gus@example.com"))!.emailVerifiedAt).not.toBeNull();
    expect(await signInWithLink({ token, ...CLIENT })).toEqual({
      ok: false,
      status: 400,
      message: LINK_USED,
    });
  });

  it("remove the password of an account someone else created for the address (no pre-registration takeover)", async () => {
    await signUp({ email: "hal@example.com", password: "attacker password" });
    const attacker = await signInWithPassword({
      email: "hal@example.com",
      password: "attacker password",
      ...CLIENT,
    });
    expect(attacker.ok).toBe(false);
    await requestSignInLink({ email: "hal@example.com" });
    const owner = await signInWithLink({
      token: await tokenFrom("hal@example.com", "account_sign_in"),
      ...CLIENT,
    });
    expect(owner.ok).toBe(true);
    expect(await accountRow("hal@example.com")).toMatchObject({ passwordHash: null });
    const retry = await signInWithPassword({
      email: "hal@example.com",
      password: "attacker password",
      ...CLIENT,
    });
    expect(retry).toMatchObject({ ok: false, status: 401 });
  });

  it("refuse forged, expired and unknown-purpose tokens with a message", async () => {
    await requestSignInLink({ email: "ida@example.com" });
    const token = await tokenFrom("ida@example.com", "account_sign_in");
    expect(await signInWithLink({ token: "x".repeat(43), ...CLIENT })).toEqual({
      ok: false,
      status: 400,
      message: LINK_INVALID,
    });
    expect(await signInWithLink({ token: "short", ...CLIENT })).toMatchObject({
      message: LINK_INVALID,
    });
    expect(await resetPassword({ token, password: PASSWORD, ...CLIENT })).toMatchObject({
      message: LINK_INVALID,
    });
    const late = new Date(Date.now() + 61 * 60_000);
    expect(await signInWithLink({ token, ...CLIENT, now: late })).toEqual({
      ok: false,
      status: 400,
      message: LINK_EXPIRED,
    });
  });

  it(`are sent at most ${MAX_LINKS_PER_HOUR} an hour per address (the answer stays the same)`, async () => {
    for (let i = 0; i < MAX_LINKS_PER_HOUR + 3; i++)
      await requestSignInLink({ email: "jo@example.com" });
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "jo@example.com"));
    expect(sent).toHaveLength(MAX_LINKS_PER_HOUR);
  });
});

describe("password reset", () => {
  it("emails a link only when the address has an account; the link sets a new password once and ends other sessions", async () => {
    const { setCookie } = await verifiedShopper("kim@example.com");
    await requestPasswordReset({ email: "kim@example.com" });
    await requestPasswordReset({ email: "nobody@example.com" });
    expect(await lastEmail("nobody@example.com", "account_reset")).toBeUndefined();
    const token = await tokenFrom("kim@example.com", "account_reset");
    const result = await resetPassword({ token, password: "a brand new password", ...CLIENT });
    expect(result.ok).toBe(true);
    expect(await getShopper(requestWith(setCookie))).toBeUndefined();
    expect(await db().select().from(shopperSessions)).toHaveLength(1);
    expect(
      (await signInWithPassword({ email: "kim@example.com", password: PASSWORD, ...CLIENT })).ok,
    ).toBe(false);
    expect(
      (
        await signInWithPassword({
          email: "kim@example.com",
          password: "a brand new password",
          ...CLIENT,
        })
      ).ok,
    ).toBe(true);
    expect(
      await resetPassword({ token, password: "yet another password", ...CLIENT }),
    ).toMatchObject({ message: LINK_USED });
  });

  it("expires after ACCOUNT_LINK_MINUTES", async () => {
    await verifiedShopper("lou@example.com");
    await requestPasswordReset({ email: "lou@example.com" });
    const token = await tokenFrom("lou@example.com", "account_reset");
    const late = new Date(Date.now() + 61 * 60_000);
    expect(
      await resetPassword({ token, password: "a brand new password", ...CLIENT, now: late }),
    ).toEqual({
      ok: false,
      status: 400,
      message: LINK_EXPIRED,
    });
  });

  it("confirms the email of an unverified account", async () => {
    await signUp({ email: "max@example.com", password: PASSWORD });
    await requestPasswordReset({ email: "max@example.com" });
    const result = await resetPassword({
      token: await tokenFrom("max@example.com", "account_reset"),
      password: "a brand new password",
      ...CLIENT,
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect((await getShopper(requestWith(result.setCookie)))?.verified).toBe(true);
  });
});
