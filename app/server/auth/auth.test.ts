import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/setup/database";
import { db } from "../db.server";
import { adminSessions, loginAttempts } from "../schema";
import { createAdminUser } from "./admin-users.server";
import {
  INVALID_CREDENTIALS,
  MAX_ACCOUNT_FAILURES,
  MAX_ADDRESS_FAILURES,
  signIn,
  THROTTLE_WINDOW_MS,
} from "./login.server";
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
    expect(cleared).toMatch(/Max-Age=0/);
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

  it("requireAdmin: redirects page loads, 401 for data, 403 for staff on owner screens", async () => {
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
    await expect(requireAdmin(withCookie(staffCookie), { role: "owner" })).rejects.toMatchObject({
      init: { status: 403 },
    });
    await expect(requireAdmin(withCookie(staffCookie))).resolves.toMatchObject({ role: "staff" });
  });
});

describe("sign-in throttling", () => {
  const attempt = (username: string, password: string, ipAddress = "10.0.0.1", now?: Date) =>
    signIn({ username, password, ipAddress, now });

  it("signs in with the right password (any letter case of the name) and records it", async () => {
    const result = await attempt("manager", "right-password-1");
    expect(result.ok).toBe(true);
    const rows = await db().select().from(loginAttempts);
    expect(rows).toMatchObject([{ username: "manager", succeeded: true }]);
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

  it("locks an account after repeated failures, even for the right password, until the window passes", async () => {
    const start = new Date();
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      // From different addresses: the account limit holds whatever the address.
      expect((await attempt("manager", "wrong", `10.0.1.${i}`, start)).ok).toBe(false);
    }
    const locked = await attempt("manager", "right-password-1", "10.0.2.1", start);
    expect(locked).toMatchObject({ ok: false, code: "throttled" });
    expect(locked.ok === false && locked.message).toMatch(
      /^Too many attempts\. Please wait 15 minutes/,
    );

    const after = new Date(start.getTime() + THROTTLE_WINDOW_MS + 1000);
    expect((await attempt("manager", "right-password-1", "10.0.2.1", after)).ok).toBe(true);
  });

  it("a success clears the account's earlier failures", async () => {
    for (let i = 0; i < MAX_ACCOUNT_FAILURES - 1; i++) await attempt("manager", "wrong");
    expect((await attempt("manager", "right-password-1")).ok).toBe(true);
    for (let i = 0; i < MAX_ACCOUNT_FAILURES - 1; i++) await attempt("manager", "wrong");
    expect((await attempt("manager", "right-password-1")).ok).toBe(true);
  });

  it("throttles an address that tries many accounts", async () => {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) await attempt(`guess${i}`, "wrong", "10.9.9.9");
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
