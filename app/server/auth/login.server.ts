import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "../db.server";
import { adminUsers, loginAttempts } from "../schema";
import { findAdminByUsername } from "./admin-users.server";
import { hashPassword, verifyPassword } from "./password.server";
import { createAdminSession } from "./session.server";

/** Failures counted over this window (since the account's last success, for the account). */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid username or password";

export type SignInResult =
  | { ok: true; setCookie: string }
  | { ok: false; code: "invalid"; message: string }
  | { ok: false; code: "throttled"; message: string; retryAfterSeconds: number };

// Verified against when the username is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

async function recentFailures(options: { username: string; ipAddress: string; since: Date }) {
  const username = options.username.toLowerCase();
  const [row] = await db()
    .select({
      account: sql<number>`count(*) filter (where ${loginAttempts.username} = ${username} and not ${loginAttempts.succeeded} and ${loginAttempts.createdAt} > coalesce((select max(s.created_at) from login_attempts s where s.username = ${username} and s.succeeded), '-infinity'::timestamptz))::int`,
      address: sql<number>`count(*) filter (where ${loginAttempts.ipAddress} = ${options.ipAddress} and not ${loginAttempts.succeeded})::int`,
      oldestAccount: sql<Date | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.username} = ${username} and not ${loginAttempts.succeeded})`,
      oldestAddress: sql<Date | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.ipAddress} = ${options.ipAddress} and not ${loginAttempts.succeeded})`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.createdAt, options.since),
        sql`(${loginAttempts.username} = ${username} or ${loginAttempts.ipAddress} = ${options.ipAddress})`,
      ),
    );
  return row!;
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/**
 * Checks a username and password. Refused without looking at the password when the account or
 * the address has failed too often lately; every try is recorded for that count.
 */
export async function signIn(options: {
  username: string;
  password: string;
  ipAddress: string;
  userAgent?: string | null;
  now?: Date;
}): Promise<SignInResult> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const username = options.username.trim().toLowerCase();
  const failures = await recentFailures({ username, ipAddress: options.ipAddress, since });
  const oldest =
    failures.account >= MAX_ACCOUNT_FAILURES
      ? failures.oldestAccount
      : failures.address >= MAX_ADDRESS_FAILURES
        ? failures.oldestAddress
        : undefined;
  if (oldest !== undefined) {
    const oldestTime = oldest ? new Date(oldest).getTime() : now.getTime();
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((oldestTime + THROTTLE_WINDOW_MS - now.getTime()) / 1000),
    );
    return {
      ok: false,
      code: "throttled",
      retryAfterSeconds,
      message: `Too many attempts. Please wait ${minutes(retryAfterSeconds)} and try again.`,
    };
  }

  const user = await findAdminByUsername(username);
  decoyHash ??= hashPassword("decoy password that never matches");
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), options.password);
  const succeeded = Boolean(user && valid);
  await db()
    .insert(loginAttempts)
    .values({ username, ipAddress: options.ipAddress, succeeded, createdAt: now });
  if (!user || !succeeded) return { ok: false, code: "invalid", message: INVALID_CREDENTIALS };

  await db().update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, user.id));
  await db()
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - ATTEMPT_RETENTION_MS)));
  const setCookie = await createAdminSession({
    userId: user.id,
    ipAddress: options.ipAddress,
    userAgent: options.userAgent,
    now,
  });
  return { ok: true, setCookie };
}
