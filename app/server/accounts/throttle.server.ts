import { runThrottled, type Throttled } from "../auth/throttle.server";

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
  return runThrottled(target, attempt);
}
