import { and, gt, like, lt, sql } from "drizzle-orm";
import { db } from "../db.server";
import { loginAttempts } from "../schema";

/**
 * The shopper sign-in throttle, modelled on the admin's (auth/login.server.ts): failures are
 * counted over a window per email (since its last success) and per address; past the limit the
 * password is not even looked at. Every call site goes through `throttleSignIn`, the one function to
 * switch when the throttles share one helper. Attempts live in login_attempts under a "shopper:" key,
 * so shopper failures never count against an admin's (or the reverse).
 */
export const SHOPPER_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_SHOPPER_EMAIL_FAILURES = 5;
export const MAX_SHOPPER_ADDRESS_FAILURES = 20;
const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;
const KEY_PREFIX = "shopper:";

export type Throttled<T> =
  { ok: true; value: T } | { ok: false; retryAfterSeconds: number; message: string };

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

async function recentFailures(key: string, ipAddress: string, since: Date) {
  const [row] = await db()
    .select({
      account: sql<number>`count(*) filter (where ${loginAttempts.username} = ${key} and not ${loginAttempts.succeeded} and ${loginAttempts.createdAt} > coalesce((select max(s.created_at) from login_attempts s where s.username = ${key} and s.succeeded), '-infinity'::timestamptz))::int`,
      address: sql<number>`count(*) filter (where ${loginAttempts.ipAddress} = ${ipAddress} and not ${loginAttempts.succeeded})::int`,
      oldestAccount: sql<Date | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.username} = ${key} and not ${loginAttempts.succeeded})`,
      oldestAddress: sql<Date | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.ipAddress} = ${ipAddress} and not ${loginAttempts.succeeded})`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.createdAt, since),
        like(loginAttempts.username, `${KEY_PREFIX}%`),
        sql`(${loginAttempts.username} = ${key} or ${loginAttempts.ipAddress} = ${ipAddress})`,
      ),
    );
  return row!;
}

/**
 * Runs one sign-in attempt under the throttle: refused (with how long to wait) when the email or
 * the address failed too often lately, else `attempt` runs and its outcome is recorded.
 */
export async function throttleSignIn<T>(
  options: { email: string; ipAddress: string; now: Date },
  attempt: () => Promise<{ succeeded: boolean; value: T }>,
): Promise<Throttled<T>> {
  const { now, ipAddress } = options;
  const key = `${KEY_PREFIX}${options.email.trim().toLowerCase()}`;
  const failures = await recentFailures(
    key,
    ipAddress,
    new Date(now.getTime() - SHOPPER_THROTTLE_WINDOW_MS),
  );
  const oldest =
    failures.account >= MAX_SHOPPER_EMAIL_FAILURES
      ? failures.oldestAccount
      : failures.address >= MAX_SHOPPER_ADDRESS_FAILURES
        ? failures.oldestAddress
        : undefined;
  if (oldest !== undefined) {
    const oldestTime = oldest ? new Date(oldest).getTime() : now.getTime();
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((oldestTime + SHOPPER_THROTTLE_WINDOW_MS - now.getTime()) / 1000),
    );
    return {
      ok: false,
      retryAfterSeconds,
      message: `Too many attempts. Please wait ${minutes(retryAfterSeconds)} and try again.`,
    };
  }
  const outcome = await attempt();
  await db()
    .insert(loginAttempts)
    .values({ username: key, ipAddress, succeeded: outcome.succeeded, createdAt: now });
  if (outcome.succeeded) {
    await db()
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, new Date(now.getTime() - ATTEMPT_RETENTION_MS)));
  }
  return { ok: true, value: outcome.value };
}
