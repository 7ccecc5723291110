import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { adminGuard, assertPermission, currentAdmin } from "./admin-guard.server";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/setup/database";
import { db } from "../db.server";
import { adminSessions, authThrottle } from "../db-tables";
import { createAdminUser } from "./admin-users.server";
import { INVALID_CREDENTIALS, signIn } from "./login.server";
import { THROTTLE_POLICIES } from "./throttle.server";
import { isSameOrigin } from "./origin.server";
import {
  createAdminSession,
  destroyAdminSession,
  getAdmin,
  hashToken,
  requireAdmin,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "./session.server";

const MINUTE = 60_000;

function withCookie(setCookie: string, init: RequestInit = {}) {
  return new Request("http://store.test/budzadmin/dashboard", {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: setCookie.split(";")[0]! },
  });
}

let userId: string;
beforeEach(async () => {
  await resetDatabase();
  userId = (
    await createAdminUser({
      username: "Manager",
      password: "right-password-1",
      role: "owner",
      displayName: "Morgan",
    })
  ).id;
});

describe("sessions", () => {
  it("stores only the SHA-256 of a random token and sets a locked-down cookie", async () => {
    const setCookie = await createAdminSession({ userId });
    expect(setCookie).toMatch(/^budz_admin=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/budzadmin");
    expect(setCookie).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    const token = JSON.parse(
      Buffer.from(decodeURIComponent(setCookie.split(";")[0]!.split("=")[1]!), "base64").toString(),
    ) as string;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await db().select().from(adminSessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(token));
    expect(rows[0]!.id).not.toContain(token);

    const admin = await getAdmin(withCookie(setCookie));
    expect(admin).toMatchObject({ id: userId, displayName: "Morgan", role: "owner" });
  });

  it("ends a session left idle, and deletes it", async () => {
    const start = new Date();
    const setCookie = await createAdminSession({ userId, now: start });
    const later = (ms: number) => new Date(start.getTime() + ms);
    expect(await getAdmin(withCookie(setCookie), later(SESSION_IDLE_MS - MINUTE))).toBeDefined();
    // That visit counted as activity: the idle clock starts again from it.
    expect(
      await getAdmin(withCookie(setCookie), later(2 * SESSION_IDLE_MS - 2 * MINUTE)),
    ).toBeDefined();
    expect(await getAdmin(withCookie(setCookie), later(3 * SESSION_IDLE_MS))).toBeUndefined();
    expect(await db().select().from(adminSessions)).toHaveLength(0);
  });

  it("ends a session at its absolute limit however active it is", async () => {
    const start = new Date();
    const setCookie = await createAdminSession({ userId, now: start });
    let t = 0;
    while (t + SESSION_IDLE_MS / 2 < SESSION_ABSOLUTE_MS) {
      t += SESSION_IDLE_MS / 2;
      expect(await getAdmin(withCookie(setCookie), new Date(start.getTime() + t))).toBeDefined();
    }
    expect(
      await getAdmin(withCookie(setCookie), new Date(start.getTime() + SESSION_ABSOLUTE_MS + 1)),
    ).toBeUndefined();
  });

  it("destroys the session on logout and clears the cookie", async () => {
    const setCookie = await createAdminSession({ userId });
    const cleared = await destroyAdminSession(withCookie(setCookie));
    expect(cleared).toEqual({ setCookie: expect.stringMatching(/Max-Age=0/), userId });
    expect(await db().select().from(adminSessions)).toHaveLength(0);
    expect(await getAdmin(withCookie(setCookie))).toBeUndefined();
  });

  it("ignores malformed and unknown cookies", async () => {
    for (const cookie of ["budz_admin=garbage", "budz_admin=", "other=1", ""]) {
      const request = new Request("http://store.test/budzadmin/dashboard", {
        headers: { Cookie: cookie },
      });
      expect(await getAdmin(request)).toBeUndefined();
    }
  });

  it("requireAdmin and the guard: redirects page loads, 401 for data, 403 for staff on owner screens", async () => {
    const page = new Request("http://store.test/budzadmin/dashboard", {
      headers: { "Sec-Fetch-Mode": "navigate" },
    });
    await expect(requireAdmin(page)).rejects.toMatchObject({ status: 302 });
    const fetchRequest = new Request("http://store.test/budzadmin/dashboard", {
      headers: { "Sec-Fetch-Mode": "cors" },
    });
    await expect(requireAdmin(fetchRequest)).rejects.toMatchObject({ init: { status: 401 } });

    const staff = await createAdminUser({ username: "clerk", password: "clerk-password" });
    const staffCookie = await createAdminSession({ userId: staff.id });
    await expect(requireAdmin(withCookie(staffCookie))).resolves.toMatchObject({ role: "staff" });
    // The guard middleware puts the admin in the context; an owner-only route refuses staff.
    const context = new RouterContextProvider();
    await adminGuard(
      { request: withCookie(staffCookie), context } as never,
      (async () => new Response()) as never,
    );
    expect(currentAdmin(context)).toMatchObject({ role: "staff" });
    expect(() => assertPermission(context, "settings")).toThrow(
      expect.objectContaining({ init: expect.objectContaining({ status: 403 }) }),
    );
  });
});

describe("sign-in throttling", () => {
  const policy = THROTTLE_POLICIES["admin-sign-in"];
  const attempt = (username: string, password: string, ipAddress = "10.0.0.1", now?: Date) =>
    signIn({ username, password, ipAddress, now });

  it("signs in with the right password (any letter case of the name) and remembers the address", async () => {
    const result = await attempt("manager", "right-password-1");
    expect(result.ok).toBe(true);
    const rows = await db().select().from(authThrottle);
    const pair = rows.find((r) => r.key === "manager" && r.address === "10.0.0.1");
    expect(pair).toMatchObject({ failures: 0 });
    expect(pair?.succeededAt).toBeInstanceOf(Date);
  });

  it("answers the same for a wrong password and an unknown user", async () => {
    expect(await attempt("manager", "wrong")).toEqual({
      ok: false,
      code: "invalid",
      message: INVALID_CREDENTIALS,
    });
    expect(await attempt("nobody", "right-password-1")).toEqual({
      ok: false,
      code: "invalid",
      message: INVALID_CREDENTIALS,
    });
  });

  it("refuses an address after its failures for an account, even the right password, until the window passes", async () => {
    const start = new Date();
    for (let i = 0; i < policy.perKeyAndAddress; i++) {
      expect(await attempt("manager", "wrong", "10.0.1.1", start)).toMatchObject({
        code: "invalid",
      });
    }
    const locked = await attempt("manager", "right-password-1", "10.0.1.1", start);
    expect(locked).toMatchObject({ ok: false, code: "throttled" });
    expect(locked.ok === false && locked.message).toMatch(
      /^Too many attempts\. Please wait 15 minutes/,
    );
    const after = new Date(start.getTime() + policy.windowMs + 1000);
    expect((await attempt("manager", "right-password-1", "10.0.1.1", after)).ok).toBe(true);
  });

  it("evaluates at most the limit however many wrong passwords arrive at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, () => attempt("manager", "wrong", "10.0.3.3")),
    );
    const evaluated = results.filter((r) => !r.ok && r.code === "invalid").length;
    expect(evaluated).toBe(policy.perKeyAndAddress);
    expect(results.filter((r) => !r.ok && r.code === "throttled")).toHaveLength(195);
  });

  it("an attacker elsewhere cannot lock the owner out", async () => {
    const start = new Date();
    // The owner signed in from home before.
    expect((await attempt("manager", "right-password-1", "10.5.5.5", start)).ok).toBe(true);
    // Many addresses fail until the account is past its global limit.
    for (let i = 0; i < policy.perKey + 5; i++) {
      await attempt("manager", "wrong", `10.7.0.${i}`, start);
    }
    // Another new address is delayed (not locked: a try is allowed again after the delay)...
    const delayed = await attempt("manager", "right-password-1", "10.8.0.1", start);
    expect(delayed).toMatchObject({ ok: false, code: "throttled" });
    expect(
      delayed.ok === false && "retryAfterSeconds" in delayed && delayed.retryAfterSeconds,
    ).toBeLessThanOrEqual(policy.perKeyDelayMs / 1000);
    const afterDelay = new Date(start.getTime() + policy.perKeyDelayMs + 1000);
    expect((await attempt("manager", "right-password-1", "10.8.0.1", afterDelay)).ok).toBe(true);
    // ...and the owner's known address is judged apart: no delay at all.
    expect((await attempt("manager", "right-password-1", "10.5.5.5", start)).ok).toBe(true);
    // The attacker's own address, right after a flood of its own, does not stop a new one either.
    for (let i = 0; i < 50; i++) await attempt("manager", "wrong", "10.9.0.1", afterDelay);
    const fresh = new Date(afterDelay.getTime() + policy.perKeyDelayMs + 1000);
    expect((await attempt("manager", "right-password-1", "10.9.0.2", fresh)).ok).toBe(true);
  });

  it("a success clears the failures of that address", async () => {
    for (let i = 0; i < policy.perKeyAndAddress - 1; i++) await attempt("manager", "wrong");
    expect((await attempt("manager", "right-password-1")).ok).toBe(true);
    for (let i = 0; i < policy.perKeyAndAddress - 1; i++) await attempt("manager", "wrong");
    expect((await attempt("manager", "right-password-1")).ok).toBe(true);
  });

  it("throttles an address that tries many accounts", async () => {
    for (let i = 0; i < policy.perAddress; i++) await attempt(`guess${i}`, "wrong", "10.9.9.9");
    expect(await attempt("manager", "right-password-1", "10.9.9.9")).toMatchObject({
      code: "throttled",
    });
    expect((await attempt("manager", "right-password-1", "10.9.9.10")).ok).toBe(true);
  });

  it("stores a new session for each sign-in", async () => {
    const result = await attempt("Manager", "right-password-1");
    expect(result.ok).toBe(true);
    const sessions = await db()
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.userId, userId));
    expect(sessions).toHaveLength(1);
  });
});

describe("origin check", () => {
  const post = (origin?: string) =>
    new Request("http://store.test/budzadmin/dashboard/products", {
      method: "POST",
      headers: origin ? { Origin: origin } : {},
    });

  it("accepts this site and refuses others, a missing Origin and the opaque 'null'", () => {
    expect(isSameOrigin(post("http://store.test"))).toBe(true);
    expect(isSameOrigin(post("https://store.test"))).toBe(false);
    expect(isSameOrigin(post("http://store.test.evil.com"))).toBe(false);
    expect(isSameOrigin(post("null"))).toBe(false);
    expect(isSameOrigin(post())).toBe(false);
  });
});
