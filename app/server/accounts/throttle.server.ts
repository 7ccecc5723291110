import { checkThrottle, recordAttempt, throttledMessage } from "../auth/throttle.server";

export type Throttled<T> =
  { ok: true; value: T } | { ok: false; retryAfterSeconds: number; message: string };

/**
 * Runs one shopper sign-in attempt under the shared throttle (auth/throttle.server.ts, scope
 * "shopper-sign-in"): the attempt is reserved atomically before the password is looked at, and
 * refused (with how long to wait) when the email from this address, the address, or the email
 * from unknown addresses failed too often lately.
 */
export async function throttleSignIn<T>(
  options: { email: string; ipAddress: string; now: Date },
  attempt: () => Promise<{ succeeded: boolean; value: T }>,
): Promise<Throttled<T>> {
  const target = {
    scope: "shopper-sign-in",
    key: options.email.trim().toLowerCase(),
    address: options.ipAddress,
    now: options.now,
  } as const;
  const decision = await checkThrottle(target);
  if (!decision.ok) {
    const { retryAfterSeconds } = decision;
    return { ok: false, retryAfterSeconds, message: throttledMessage(retryAfterSeconds) };
  }
  const outcome = await attempt();
  await recordAttempt({ ...target, succeeded: outcome.succeeded });
  return { ok: true, value: outcome.value };
}
