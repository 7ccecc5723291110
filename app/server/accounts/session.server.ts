import crypto from "node:crypto";
import { and, eq, lt, ne, or } from "drizzle-orm";
import { createCookie, redirect } from "react-router";
import { localizePath, requestLocale, unlocalizedPath, type Locale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { db, type Executor } from "../db.server";
import { assertSameOrigin } from "../auth/origin.server";
import { errorResponse } from "../http/responses.server";
import { hashToken, secureCookies } from "../auth/session.server";
import { shopperAccounts, shopperSessions } from "../db-tables";

/** A shopper stays signed in for a week of inactivity, and at most 30 days. */
export const SHOPPER_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SHOPPER_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const ACCOUNT_SIGN_IN_PATH = "/account/sign-in";

export interface Shopper {
  id: string;
  email: string;
  verified: boolean;
  hasPassword: boolean;
  sessionId: string;
}

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * The shopper's cookie: its own name (never the admin's), the random token only, sent to the
 * whole store (checkout prefills from it), never readable by scripts.
 */
function shopperCookie() {
  cookie ??= createCookie(secureCookies() ? "__Secure-budz_shopper" : "budz_shopper", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    maxAge: SHOPPER_ABSOLUTE_MS / 1000,
  });
  return cookie;
}

async function readToken(request: Request): Promise<string | undefined> {
  const value: unknown = await shopperCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{43}$/.test(value) ? value : undefined;
}

/**
 * Starts a session for an account; returns the Set-Cookie header value carrying its token. The
 * language of the page signed in from (when given) becomes the account's emails' language.
 */
export async function createShopperSession(
  executor: Executor,
  options: {
    accountId: string;
    ipAddress?: string;
    userAgent?: string | null;
    now: Date;
    locale?: Locale;
  },
): Promise<string> {
  const { now } = options;
  const token = crypto.randomBytes(32).toString("base64url");
  await executor.insert(shopperSessions).values({
    id: hashToken(token),
    accountId: options.accountId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SHOPPER_ABSOLUTE_MS),
    ipAddress: options.ipAddress ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
  await executor
    .delete(shopperSessions)
    .where(
      and(
        eq(shopperSessions.accountId, options.accountId),
        or(
          lt(shopperSessions.expiresAt, now),
          lt(shopperSessions.lastSeenAt, new Date(now.getTime() - SHOPPER_IDLE_MS)),
        ),
      ),
    );
  await executor
    .update(shopperAccounts)
    .set({ lastSignInAt: now, ...(options.locale ? { locale: options.locale } : {}) })
    .where(eq(shopperAccounts.id, options.accountId));
  return shopperCookie().serialize(token);
}

/** Ends every session of an account (password reset, deletion), except `keep` when given. */
export async function endShopperSessions(
  executor: Executor,
  accountId: string,
  keep?: string,
): Promise<void> {
  await executor
    .delete(shopperSessions)
    .where(
      keep
        ? and(eq(shopperSessions.accountId, accountId), ne(shopperSessions.id, keep))
        : eq(shopperSessions.accountId, accountId),
    );
}

/** The signed-in shopper of a request, or undefined (no cookie, unknown, idle or expired). */
export async function getShopper(request: Request, now = new Date()): Promise<Shopper | undefined> {
  const token = await readToken(request);
  if (!token) return undefined;
  const id = hashToken(token);
  const [row] = await db()
    .select({
      sessionId: shopperSessions.id,
      lastSeenAt: shopperSessions.lastSeenAt,
      expiresAt: shopperSessions.expiresAt,
      id: shopperAccounts.id,
      email: shopperAccounts.email,
      emailVerifiedAt: shopperAccounts.emailVerifiedAt,
      passwordHash: shopperAccounts.passwordHash,
    })
    .from(shopperSessions)
    .innerJoin(shopperAccounts, eq(shopperAccounts.id, shopperSessions.accountId))
    .where(eq(shopperSessions.id, id));
  if (!row) return undefined;
  const idle = now.getTime() - row.lastSeenAt.getTime() > SHOPPER_IDLE_MS;
  if (idle || row.expiresAt.getTime() <= now.getTime()) {
    await db().delete(shopperSessions).where(eq(shopperSessions.id, id));
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db().update(shopperSessions).set({ lastSeenAt: now }).where(eq(shopperSessions.id, id));
  }
  return {
    id: row.id,
    email: row.email,
    verified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    sessionId: row.sessionId,
  };
}

/** Ends the request's session (if any); returns the Set-Cookie value that clears the cookie. */
export async function destroyShopperSession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token)
    await db()
      .delete(shopperSessions)
      .where(eq(shopperSessions.id, hashToken(token)));
  return clearShopperCookie();
}

export function clearShopperCookie(): Promise<string> {
  return shopperCookie().serialize("", { maxAge: 0 });
}

/**
 * Guards every loader and action under /account: a post from another site is refused (403) before
 * anything else; without a session a page load goes to the sign-in page (and comes back after), and
 * a post gets 401.
 */
export async function requireShopper(request: Request): Promise<Shopper> {
  if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request);
  const shopper = await getShopper(request);
  if (!shopper) {
    const locale = requestLocale(request);
    // Page loads and client navigations (the header's My Account link) go to the sign-in page,
    // in the page's language.
    if (request.method === "GET" || request.method === "HEAD") {
      const url = new URL(request.url);
      const back =
        unlocalizedPath(url.pathname) === "/account"
          ? ""
          : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
      throw redirect(`${localizePath(ACCOUNT_SIGN_IN_PATH, locale)}${back}`);
    }
    throw errorResponse(translator(accountMessages, locale)("sessionEnded"), 401);
  }
  return shopper;
}

/**
 * Where to go after signing in: a path on this store under /account or /checkout (in either
 * language), else the account page in the sign-in page's language.
 */
export function safeRedirectTo(value: unknown, locale: Locale = "en"): string {
  const fallback = localizePath("/account", locale);
  if (typeof value !== "string" || value.startsWith("//")) return fallback;
  if (!/^\/(account|checkout)(\/|\?|$)/.test(unlocalizedPath(value))) return fallback;
  return value;
}
