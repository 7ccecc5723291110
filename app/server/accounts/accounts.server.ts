import { eq, sql } from "drizzle-orm";
import { fail, type Failure, type Result } from "~/lib/errors";
import type { Locale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { db, type Executor, type Transaction } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderAccountEmail, type AccountEmailKind } from "../email/templates/account.server";
import { wakeWorker } from "../email/worker.server";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { shopperAccounts } from "../db-tables";
import { createShopperSession, endShopperSessions } from "./session.server";
import { throttleSignIn } from "./throttle.server";
import {
  checkToken,
  consumeToken,
  issueToken,
  retireTokens,
  type TokenPurpose,
} from "./tokens.server";

/**
 * Shopper sign-up, sign-in (password or emailed link), password reset and email verification.
 *
 * No answer tells whether an email has an account: sign-up, link and reset requests always say
 * "check your email", and what differs is only what the email says. An email address counts as
 * verified only once the mailbox owner proved they also control the sign-in: the verification link
 * asks for the password, a reset sets a new one, and a sign-in link into an unverified account
 * removes the password it was created with (so nobody can create an account for someone else's
 * address, wait for them to confirm it, and then read their orders).
 */

export const INCORRECT_SIGN_IN = accountMessages.en.incorrectSignIn;
export const UNVERIFIED_SIGN_IN = accountMessages.en.unverifiedSignIn;
export const INCORRECT_PASSWORD = accountMessages.en.incorrectPassword;

type Account = typeof shopperAccounts.$inferSelect;
export interface Client {
  ipAddress: string;
  userAgent?: string | null;
  now?: Date;
  /** The language of the page asking: of its messages, emails and the account's emails after. */
  locale?: Locale;
}

const messagesIn = (locale: Locale | undefined) => translator(accountMessages, locale ?? "en");

// Verified against when the email is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;
function decoy() {
  decoyHash ??= hashPassword("decoy password that never matches");
  return decoyHash;
}

async function findAccountByEmail(executor: Executor, email: string): Promise<Account | undefined> {
  const [row] = await executor
    .select()
    .from(shopperAccounts)
    .where(eq(sql`lower(${shopperAccounts.email})`, email.trim().toLowerCase()));
  return row;
}

/**
 * Issues a link token and queues its email (in the language of the page that asked) in the
 * caller's transaction (unless rate-limited).
 */
async function sendLink(
  executor: Executor,
  options: {
    kind: AccountEmailKind;
    purpose: TokenPurpose;
    email: string;
    accountId: string | null;
    now: Date;
    locale?: Locale;
  },
) {
  const token = await issueToken(executor, options);
  if (!token) return;
  await enqueueEmail(executor, {
    kind: options.kind,
    to: options.email,
    ...renderAccountEmail(options.kind, token, options.locale ?? "en"),
  });
}

/** The page's language becomes the account's emails' language (when asking for a link). */
async function rememberLocale(executor: Executor, accountId: string, locale: Locale | undefined) {
  if (!locale) return;
  await executor.update(shopperAccounts).set({ locale }).where(eq(shopperAccounts.id, accountId));
}

/**
 * Sign-up: a new address gets an account (unverified) and a confirmation link; an address that
 * has an account gets "you already have an account" with a sign-in link. Same answer either way.
 */
export async function signUp(options: {
  email: string;
  password: string;
  now?: Date;
  locale?: Locale;
}) {
  const now = options.now ?? new Date();
  const { locale } = options;
  const passwordHash = await hashPassword(options.password);
  await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(shopperAccounts)
      .values({
        email: options.email,
        passwordHash,
        locale: locale ?? "en",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await sendLink(tx, {
        kind: "account_verify",
        purpose: "verify",
        email: created.email,
        accountId: created.id,
        now,
        locale,
      });
    } else {
      const existing = await findAccountByEmail(tx, options.email);
      await sendLink(tx, {
        kind: "account_exists",
        purpose: "sign_in",
        email: options.email,
        accountId: existing?.id ?? null,
        now,
        locale,
      });
    }
  });
  wakeWorker();
}

/** Signed in (the session cookie to set), or why not (a 429 says when to try again). */
export type SignInResult =
  { ok: true; setCookie: string } | (Failure & { retryAfterSeconds?: number });

/** Email and password, throttled per email and per address. An unverified account gets a new link. */
export async function signInWithPassword(
  options: Client & { email: string; password: string },
): Promise<SignInResult> {
  const now = options.now ?? new Date();
  const result = await throttleSignIn(
    { email: options.email, ipAddress: options.ipAddress, now },
    async () => {
      const account = await findAccountByEmail(db(), options.email);
      const valid = await verifyPassword(
        account?.passwordHash ?? (await decoy()),
        options.password,
      );
      const succeeded = Boolean(account?.passwordHash && valid);
      return { succeeded, value: succeeded ? account : undefined };
    },
  );
  const t = messagesIn(options.locale);
  if (!result.ok)
    return {
      ok: false,
      status: 429,
      message:
        options.locale === "fr"
          ? t("throttled", { count: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) })
          : result.message,
      retryAfterSeconds: result.retryAfterSeconds,
    };
  const account = result.value;
  if (!account) return fail(401, t("incorrectSignIn"));
  if (!account.emailVerifiedAt) {
    await db().transaction(async (tx) => {
      await rememberLocale(tx, account.id, options.locale);
      await sendVerifyLink(tx, account, now, options.locale);
    });
    wakeWorker();
    return fail(403, t("unverifiedSignIn"));
  }
  const setCookie = await createShopperSession(db(), { ...options, accountId: account.id, now });
  return { ok: true, setCookie };
}

/** Emails the link that confirms an account's address (and signs it in). */
function sendVerifyLink(
  tx: Transaction,
  account: { id: string; email: string },
  now: Date,
  locale: Locale | undefined,
) {
  return sendLink(tx, {
    kind: "account_verify",
    purpose: "verify",
    email: account.email,
    accountId: account.id,
    now,
    locale,
  });
}

/** Emails a one-time sign-in link (to an address without an account: a link that creates one). */
export async function requestSignInLink(options: { email: string; now?: Date; locale?: Locale }) {
  const now = options.now ?? new Date();
  await db().transaction(async (tx) => {
    const account = await findAccountByEmail(tx, options.email);
    if (account) await rememberLocale(tx, account.id, options.locale);
    await sendLink(tx, {
      kind: "account_sign_in",
      purpose: "sign_in",
      email: account?.email ?? options.email,
      accountId: account?.id ?? null,
      now,
      locale: options.locale,
    });
  });
  wakeWorker();
}

/** Emails a password-reset link when the address has an account; nothing otherwise. */
export async function requestPasswordReset(options: {
  email: string;
  now?: Date;
  locale?: Locale;
}) {
  const now = options.now ?? new Date();
  await db().transaction(async (tx) => {
    const account = await findAccountByEmail(tx, options.email);
    if (!account) return;
    await rememberLocale(tx, account.id, options.locale);
    await sendLink(tx, {
      kind: "account_reset",
      purpose: "reset",
      email: account.email,
      accountId: account.id,
      now,
      locale: options.locale,
    });
  });
  wakeWorker();
}

/** For the signed-in shopper whose address is not confirmed yet: a new confirmation link. */
export async function resendVerification(options: {
  accountId: string;
  now?: Date;
  locale?: Locale;
}) {
  const now = options.now ?? new Date();
  await db().transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(shopperAccounts)
      .where(eq(shopperAccounts.id, options.accountId));
    if (!account || account.emailVerifiedAt) return;
    await rememberLocale(tx, account.id, options.locale);
    await sendVerifyLink(tx, account, now, options.locale);
  });
  wakeWorker();
}

/** A link used (the session cookie to set), or why it could not be. */
type LinkResult = Result<{ setCookie: string }>;

/** What a link page shows before it is used: the address it is for, or why it cannot be used. */
export async function describeLink(options: {
  purpose: TokenPurpose;
  token: string;
  now?: Date;
  locale?: Locale;
}) {
  const check = await checkToken(db(), { ...options, now: options.now ?? new Date() });
  return check.ok ? ({ ok: true, email: check.token.email } as const) : check;
}

/** Follows a sign-in link: creates the account if the link was for a new address; signs in. */
export async function signInWithLink(options: Client & { token: string }): Promise<LinkResult> {
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const { locale } = options;
    const used = await consumeToken(tx, { purpose: "sign_in", token: options.token, now, locale });
    if (!used.ok) return fail(400, used.message);
    await tx
      .insert(shopperAccounts)
      .values({
        email: used.token.email,
        emailVerifiedAt: now,
        locale: locale ?? "en",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const account = (await findAccountByEmail(tx, used.token.email))!;
    if (!account.emailVerifiedAt) {
      // Proven by the mailbox, not by whoever chose the password before: that password goes.
      await tx
        .update(shopperAccounts)
        .set({ emailVerifiedAt: now, passwordHash: null, updatedAt: now })
        .where(eq(shopperAccounts.id, account.id));
      await endShopperSessions(tx, account.id);
      await retireTokens(tx, account.id, now);
    }
    const setCookie = await createShopperSession(tx, { ...options, accountId: account.id, now });
    return { ok: true, setCookie };
  });
}

/** Confirms the address: the link (mailbox) and the account's password (its owner). Signs in. */
export async function verifyEmail(
  options: Client & { token: string; password: string },
): Promise<LinkResult> {
  const now = options.now ?? new Date();
  const { locale } = options;
  const check = await checkToken(db(), { purpose: "verify", token: options.token, now, locale });
  if (!check.ok) return fail(400, check.message);
  const [account] = await db()
    .select()
    .from(shopperAccounts)
    .where(eq(shopperAccounts.id, check.token.accountId!));
  const valid = await verifyPassword(account?.passwordHash ?? (await decoy()), options.password);
  if (!account?.passwordHash || !valid) return fail(401, messagesIn(locale)("incorrectPassword"));
  return db().transaction(async (tx) => {
    const used = await consumeToken(tx, { purpose: "verify", token: options.token, now, locale });
    if (!used.ok) return fail(400, used.message);
    return confirmAndSignIn(tx, { ...options, accountId: account.id, now });
  });
}

/** Sets a new password from a reset link; ends every other session and signs in here. */
export async function resetPassword(
  options: Client & { token: string; password: string },
): Promise<LinkResult> {
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(options.password);
  return db().transaction(async (tx) => {
    const used = await consumeToken(tx, {
      purpose: "reset",
      token: options.token,
      now,
      locale: options.locale,
    });
    if (!used.ok) return fail(400, used.message);
    const accountId = used.token.accountId!;
    await endShopperSessions(tx, accountId);
    return confirmAndSignIn(tx, { ...options, accountId, now, passwordHash });
  });
}

/**
 * The end of a verify or reset link: the address is confirmed (kept if it already was), the new
 * password set (reset), every other pending link retired, and a session started here.
 */
async function confirmAndSignIn(
  tx: Transaction,
  options: Client & { accountId: string; now: Date; passwordHash?: string },
): Promise<LinkResult> {
  const { accountId, now } = options;
  await tx
    .update(shopperAccounts)
    .set({
      ...(options.passwordHash ? { passwordHash: options.passwordHash } : {}),
      emailVerifiedAt: sql`coalesce(${shopperAccounts.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(shopperAccounts.id, accountId));
  await retireTokens(tx, accountId, now);
  const setCookie = await createShopperSession(tx, { ...options, accountId, now });
  return { ok: true, setCookie };
}
