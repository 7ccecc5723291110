import { db } from "../db.server";
import { findAdminByUsername } from "./admin-users.server";
import { hashPassword, verifyPassword } from "./password.server";
import { recordSignInEvent, startSignedInSession } from "./signed-in.server";
import { checkThrottle, recordAttempt, throttledMessage } from "./throttle.server";
import { createTwoFactorChallenge } from "./two-factor.server";

export const INVALID_CREDENTIALS = "Invalid username or password";

export type SignInResult =
  /** Signed in (`dashboard`), or the password was right and the two-factor step comes next. */
  | { ok: true; setCookie: string; next: "dashboard" | "two-factor" }
  | { ok: false; code: "invalid"; message: string }
  | { ok: false; code: "throttled"; message: string; retryAfterSeconds: number };

// Verified against when the username is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;

/**
 * Checks a username and password. The throttle (throttle.server.ts) decides first, atomically,
 * whether this try may be checked at all; refused tries never reach the password check.
 */
export async function signIn(options: {
  username: string;
  password: string;
  ipAddress: string;
  userAgent?: string | null;
  now?: Date;
}): Promise<SignInResult> {
  const now = options.now ?? new Date();
  const username = options.username.trim().toLowerCase();
  const target = {
    scope: "admin-sign-in",
    key: username,
    address: options.ipAddress,
    now,
  } as const;
  const decision = await checkThrottle(target);
  if (!decision.ok) {
    return {
      ok: false,
      code: "throttled",
      retryAfterSeconds: decision.retryAfterSeconds,
      message: throttledMessage(decision.retryAfterSeconds),
    };
  }

  const user = await findAdminByUsername(username);
  decoyHash ??= hashPassword("decoy password that never matches");
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), options.password);
  // A deactivated or invited admin gets the same answer as a wrong password.
  const succeeded = Boolean(user && valid && user.status === "active");
  await recordAttempt({ ...target, succeeded });
  if (!user || !succeeded) {
    await recordSignInEvent(db(), {
      action: "sign-in-failed",
      admin: user ? { id: user.id, displayName: user.displayName } : null,
      username,
      ipAddress: options.ipAddress,
    });
    return { ok: false, code: "invalid", message: INVALID_CREDENTIALS };
  }

  // Two-factor on: no session yet, only the 5-minute state of the second step.
  if (user.twoFactorSecret)
    return {
      ok: true,
      next: "two-factor",
      setCookie: await createTwoFactorChallenge(user.id, now),
    };

  const setCookie = await startSignedInSession({
    admin: user,
    ipAddress: options.ipAddress,
    userAgent: options.userAgent,
    now,
  });
  return { ok: true, setCookie, next: "dashboard" };
}
