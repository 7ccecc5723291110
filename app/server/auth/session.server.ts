import crypto from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { createCookie, href, redirect } from "react-router";
import { config } from "../config.server";
import { db, type Executor } from "../db.server";
import { adminSessions, adminUsers } from "../db-tables";
import type { AdminRole } from "~/lib/permissions";
import { errorResponse } from "../http/responses.server";
import { assertSameOrigin } from "./origin.server";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reading a page is not a write every time. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AdminIdentity {
  id: string;
  username: string;
  displayName: string;
  role: AdminRole;
  sessionId: string;
  /** Whether the admin signs in with two-factor (the guard holds back one without it when required). */
  twoFactor: boolean;
}

/** Cookies carry Secure when the store is served over HTTPS (PUBLIC_URL). */
export function secureCookies(): boolean {
  return config().publicUrl.startsWith("https:");
}

let cookie: ReturnType<typeof createCookie> | undefined;

/** The session cookie: only the random token, sent only to /budzadmin, never readable by scripts. */
function sessionCookie() {
  cookie ??= createCookie(secureCookies() ? "__Secure-budz_admin" : "budz_admin", {
    path: href("/budzadmin"),
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  return cookie;
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{43}$/.test(value) ? value : undefined;
}

/** Starts a session; returns the Set-Cookie header value carrying its token. */
export async function createAdminSession(options: {
  userId: string;
  ipAddress?: string;
  userAgent?: string | null;
  now?: Date;
  /** The transaction of the sign-in it belongs to (with its audit entry). */
  executor?: Executor;
}): Promise<string> {
  const now = options.now ?? new Date();
  const executor = options.executor ?? db();
  const token = crypto.randomBytes(32).toString("base64url");
  await executor.insert(adminSessions).values({
    id: hashToken(token),
    userId: options.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ipAddress: options.ipAddress ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
  // Expired sessions of this admin are swept on each sign-in.
  await executor
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, options.userId),
        or(
          lt(adminSessions.expiresAt, now),
          lt(adminSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        ),
      ),
    );
  return sessionCookie().serialize(token);
}

/** The signed-in admin of a request, or undefined (no cookie, unknown, idle or expired session). */
export async function getAdmin(
  request: Request,
  now = new Date(),
): Promise<AdminIdentity | undefined> {
  const token = await readToken(request);
  if (!token) return undefined;
  const id = hashToken(token);
  const [row] = await db()
    .select({
      sessionId: adminSessions.id,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      id: adminUsers.id,
      username: adminUsers.username,
      displayName: adminUsers.displayName,
      role: adminUsers.role,
      twoFactor: sql<boolean>`${adminUsers.twoFactorSecret} is not null`,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    // Only an active admin's session counts (deactivation also deletes their sessions).
    .where(and(eq(adminSessions.id, id), eq(adminUsers.status, "active")));
  if (!row) return undefined;
  const idle = now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS;
  if (idle || row.expiresAt.getTime() <= now.getTime()) {
    await db().delete(adminSessions).where(eq(adminSessions.id, id));
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db().update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id));
  }
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role as AdminRole,
    sessionId: row.sessionId,
    twoFactor: Boolean(row.twoFactor),
  };
}

/** Ends the request's session (if any); returns the Set-Cookie header value that clears the cookie. */
/** Ends this request's session; the admin whose it was (for the sign-out's audit entry). */
export async function destroyAdminSession(
  request: Request,
  executor: Executor = db(),
): Promise<{ setCookie: string; userId: string | null }> {
  const token = await readToken(request);
  const [ended] = token
    ? await executor
        .delete(adminSessions)
        .where(eq(adminSessions.id, hashToken(token)))
        .returning({ userId: adminSessions.userId })
    : [];
  return {
    setCookie: await sessionCookie().serialize("", { maxAge: 0 }),
    userId: ended?.userId ?? null,
  };
}

/** A browser loading a page (as opposed to a data fetch, a form post or an API client). */
function isDocumentRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * The admin guard's check (admin-guard.server.ts runs it before every admin loader and action).
 * Without a session a page load is sent to the sign-in page and anything else gets 401; a write
 * from another site gets 403 before anything else is looked at.
 */
export async function requireAdmin(request: Request): Promise<AdminIdentity> {
  if (request.method !== "GET" && request.method !== "HEAD") assertSameOrigin(request);
  const admin = await getAdmin(request);
  if (!admin) {
    if (isDocumentRequest(request)) throw redirect(href("/budzadmin"));
    throw errorResponse("Your session has ended. Please sign in again.", 401);
  }
  return admin;
}
