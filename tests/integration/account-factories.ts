import { and, desc, eq } from "drizzle-orm";
import { signInWithLink, signUp, verifyEmail } from "~/server/accounts/accounts.server";
import { getShopper, type Shopper } from "~/server/accounts/session.server";
import { db } from "~/server/db.server";
import { emailOutbox } from "~/server/db-tables";

export const PASSWORD = "correct horse battery";
export const CLIENT = { ipAddress: "10.1.1.1", userAgent: "vitest" };

/** The newest queued email of a kind to an address (undefined when none). */
export async function lastEmail(to: string, kind: string) {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  return row;
}

/** The one-time token in the newest email of a kind to an address. */
export async function tokenFrom(to: string, kind: string): Promise<string> {
  const email = await lastEmail(to, kind);
  const match = /token=([A-Za-z0-9_-]{43})/.exec(email?.text ?? "");
  if (!match) throw new Error(`no ${kind} link emailed to ${to}`);
  return match[1]!;
}

/** A request carrying the session cookie of a Set-Cookie header. */
export function requestWith(
  setCookie: string,
  url = "http://store.test/account",
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", setCookie.split(";")[0]!);
  return new Request(url, { ...init, headers });
}

/** A verified account signed in: its email, the session's Set-Cookie and the shopper. */
export async function verifiedShopper(
  email: string,
): Promise<{ setCookie: string; shopper: Shopper }> {
  await signUp({ email, password: PASSWORD });
  const result = await verifyEmail({
    token: await tokenFrom(email, "account_verify"),
    password: PASSWORD,
    ...CLIENT,
  });
  if (!result.ok) throw new Error(result.message);
  const shopper = await getShopper(requestWith(result.setCookie));
  return { setCookie: result.setCookie, shopper: shopper! };
}

/** An account made by a sign-in link (verified, no password). */
export async function linkShopper(email: string) {
  const { requestSignInLink } = await import("~/server/accounts/accounts.server");
  await requestSignInLink({ email });
  const result = await signInWithLink({
    token: await tokenFrom(email, "account_sign_in"),
    ...CLIENT,
  });
  if (!result.ok) throw new Error(result.message);
  return result.setCookie;
}
