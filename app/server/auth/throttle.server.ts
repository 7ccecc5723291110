import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Executor } from "../db.server";
import { authThrottle } from "../db-tables";

/**
 * One throttle for every guessable secret: admin sign-in and its two-factor step, shopper
 * sign-in, order look-up and unsubscribe links.
 * The design and its reasons are in docs/decisions/sign-in-throttle.md. In short:
 *
 * - An attempt is *reserved* before the secret is checked: one transaction locks the counter rows
 *   it involves (FOR UPDATE, in one fixed order), decides, and counts the attempt as a failure.
 *   However many requests arrive at once, at most `perKeyAndAddress` are let through per window.
 * - Counters: per key and address (refuses for the rest of the window), per address over every
 *   key (one address trying many accounts), and per key over every address, which only *delays*
 *   (one attempt per `perKeyDelayMs` once past `perKey`) so nobody can lock an account out.
 * - An address that succeeded for a key before is judged apart: the per-key delay does not apply
 *   to it, so the owner signs in from a known place whatever an attacker does elsewhere.
 */

interface ThrottlePolicy {
  windowMs: number;
  /** Failures of one key from one address per window; then refused until the window ends. */
  perKeyAndAddress: number;
  /** Failures from one address over every key per window; then refused until the window ends. */
  perAddress: number;
  /** Failures of one key from addresses it never succeeded from, before the delay starts. */
  perKey: number;
  /** Past `perKey`: at most one attempt per this interval from unknown addresses. */
  perKeyDelayMs: number;
}

const MINUTE = 60_000;

export const THROTTLE_POLICIES = {
  "admin-sign-in": {
    windowMs: 15 * MINUTE,
    perKeyAndAddress: 5,
    perAddress: 20,
    perKey: 10,
    perKeyDelayMs: 30_000,
  },
  // Sign-in's second step (key: the admin's id): six digits need a longer delay than a password.
  "admin-two-factor": {
    windowMs: 15 * MINUTE,
    perKeyAndAddress: 5,
    perAddress: 20,
    perKey: 10,
    perKeyDelayMs: 60_000,
  },
  "shopper-sign-in": {
    windowMs: 15 * MINUTE,
    perKeyAndAddress: 5,
    perAddress: 20,
    perKey: 10,
    perKeyDelayMs: 30_000,
  },
  "order-lookup": {
    windowMs: 15 * MINUTE,
    perKeyAndAddress: 5,
    perAddress: 10,
    perKey: 5,
    perKeyDelayMs: 60_000,
  },
  // Unsubscribe links (key: the token): only unknown tokens count, so a mail provider fetching
  // or posting thousands of real links from one address is never held up.
  unsubscribe: {
    windowMs: 15 * MINUTE,
    perKeyAndAddress: 5,
    perAddress: 20,
    perKey: 10,
    perKeyDelayMs: 60_000,
  },
} satisfies Record<string, ThrottlePolicy>;

type ThrottleScope = keyof typeof THROTTLE_POLICIES;

/** How long a success from an address keeps that address known for the key. */
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * MINUTE;
/** Counter rows untouched this long (and not remembering a success) are deleted now and then. */
const RETENTION_MS = 24 * 60 * MINUTE;
const ANY = "*";

type ThrottleDecision =
  | { ok: true }
  | { ok: false; retryAfterSeconds: number; reason: "key-and-address" | "address" | "key" };

interface ThrottleTarget {
  scope: ThrottleScope;
  /** The account name or order number, normalised by the caller (e.g. lower case). */
  key: string;
  address: string;
  now?: Date;
}

type Row = typeof authThrottle.$inferSelect;

function clean(value: string): string {
  // '*' is the "every key / every address" row: a real key or address never collides with it.
  return value === ANY ? "\\*" : value.slice(0, 200);
}

/** The counters of one attempt, in the order they are locked (key, then address). */
function targets(options: ThrottleTarget) {
  const key = clean(options.key);
  const address = clean(options.address);
  return [
    { key, address },
    { key, address: ANY },
    { key: ANY, address },
  ].sort((a, b) => (a.key === b.key ? cmp(a.address, b.address) : cmp(a.key, b.key)));
}

function cmp(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function lockRows(tx: Executor, options: ThrottleTarget, now: Date): Promise<Row[]> {
  const wanted = targets(options);
  const rows = await tx
    .select()
    .from(authThrottle)
    .where(
      and(
        eq(authThrottle.scope, options.scope),
        or(
          ...wanted.map((w) =>
            and(eq(authThrottle.key, w.key), eq(authThrottle.address, w.address)),
          ),
        ),
      ),
    )
    .orderBy(authThrottle.key, authThrottle.address)
    .for("update");
  // A window that has run out starts again from nothing.
  const policy = THROTTLE_POLICIES[options.scope];
  return rows.map((row) =>
    row.windowStartedAt.getTime() + policy.windowMs <= now.getTime()
      ? { ...row, failures: 0, windowStartedAt: now, nextAllowedAt: null }
      : row,
  );
}

function secondsUntil(time: number, now: Date): number {
  return Math.max(1, Math.ceil((time - now.getTime()) / 1000));
}

/**
 * Decides whether one more attempt may be checked, and if so counts it as a failure at once (a
 * success gives it back through recordAttempt). Atomic: the rows are locked while deciding.
 */
export async function checkThrottle(options: ThrottleTarget): Promise<ThrottleDecision> {
  const now = options.now ?? new Date();
  const policy = THROTTLE_POLICIES[options.scope];
  const key = clean(options.key);
  const address = clean(options.address);
  // The rows exist before they are locked (a fresh insert is not visible to FOR UPDATE elsewhere).
  await db()
    .insert(authThrottle)
    .values(
      targets(options).map((t) => ({
        scope: options.scope,
        ...t,
        windowStartedAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();

  return db().transaction(async (tx) => {
    const rows = await lockRows(tx, options, now);
    const find = (k: string, a: string) => rows.find((r) => r.key === k && r.address === a)!;
    const pair = find(key, address);
    const byAddress = find(ANY, address);
    const byKey = find(key, ANY);
    const windowEnd = (row: Row) => row.windowStartedAt.getTime() + policy.windowMs;

    if (pair.failures >= policy.perKeyAndAddress) {
      return {
        ok: false,
        reason: "key-and-address",
        retryAfterSeconds: secondsUntil(windowEnd(pair), now),
      };
    }
    if (byAddress.failures >= policy.perAddress) {
      return {
        ok: false,
        reason: "address",
        retryAfterSeconds: secondsUntil(windowEnd(byAddress), now),
      };
    }
    const known =
      pair.succeededAt !== null && pair.succeededAt.getTime() + KNOWN_ADDRESS_MS > now.getTime();
    if (!known && byKey.nextAllowedAt && byKey.nextAllowedAt.getTime() > now.getTime()) {
      return {
        ok: false,
        reason: "key",
        retryAfterSeconds: secondsUntil(byKey.nextAllowedAt.getTime(), now),
      };
    }

    const count = (row: Row, extra: Partial<Row> = {}) =>
      tx
        .update(authThrottle)
        .set({
          failures: row.failures + 1,
          windowStartedAt: row.windowStartedAt,
          nextAllowedAt: row.nextAllowedAt,
          updatedAt: now,
          ...extra,
        })
        .where(
          and(
            eq(authThrottle.scope, options.scope),
            eq(authThrottle.key, row.key),
            eq(authThrottle.address, row.address),
          ),
        );
    await count(pair);
    await count(byAddress);
    if (!known) {
      const failures = byKey.failures + 1;
      await count(byKey, {
        nextAllowedAt:
          failures >= policy.perKey ? new Date(now.getTime() + policy.perKeyDelayMs) : null,
      });
    }
    return { ok: true };
  });
}

/**
 * The outcome of an attempt checkThrottle let through. A success clears the key's failures from
 * that address, gives back the address's reserved failure and remembers the address as known for
 * the key; a failure stays counted (it was counted when reserved).
 */
export async function recordAttempt(options: ThrottleTarget & { succeeded: boolean }) {
  const now = options.now ?? new Date();
  if (options.succeeded) {
    const key = clean(options.key);
    const address = clean(options.address);
    const scope = eq(authThrottle.scope, options.scope);
    await db()
      .update(authThrottle)
      .set({ failures: 0, succeededAt: now, updatedAt: now })
      .where(and(scope, eq(authThrottle.key, key), eq(authThrottle.address, address)));
    await db()
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)`, updatedAt: now })
      .where(and(scope, eq(authThrottle.key, ANY), eq(authThrottle.address, address)));
  }
  // Counters only matter within their window: now and then, forget the stale ones.
  if (Math.random() < 0.02) await forgetStaleAttempts(now);
}

async function forgetStaleAttempts(now = new Date()) {
  await db()
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.updatedAt, new Date(now.getTime() - RETENTION_MS)),
        or(
          isNull(authThrottle.succeededAt),
          lt(authThrottle.succeededAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
        ),
      ),
    );
}

/** "Too many attempts. Please wait 3 minutes and try again." */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export type Throttled<T> =
  { ok: true; value: T } | { ok: false; retryAfterSeconds: number; message: string };

/**
 * Runs one attempt under the throttle: reserved atomically before `attempt` looks at the secret,
 * refused (with how long to wait) when this key or address failed too often lately, and its
 * outcome recorded after.
 */
export async function runThrottled<T>(
  target: ThrottleTarget,
  attempt: () => Promise<{ succeeded: boolean; value: T }>,
): Promise<Throttled<T>> {
  const decision = await checkThrottle(target);
  if (!decision.ok) {
    const { retryAfterSeconds } = decision;
    return { ok: false, retryAfterSeconds, message: throttledMessage(retryAfterSeconds) };
  }
  const outcome = await attempt();
  await recordAttempt({ ...target, succeeded: outcome.succeeded });
  return { ok: true, value: outcome.value };
}
