import crypto from "node:crypto";
import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { asc, eq } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import * as loginPage from "~/routes/admin/login";
import * as logout from "~/routes/admin/logout";
import * as overview from "~/routes/admin/overview";
import * as profile from "~/routes/admin/profile";
import * as staffList from "~/routes/admin/staff/list";
import * as secondStep from "~/routes/admin/two-factor";
import * as setupPage from "~/routes/admin/two-factor-setup";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { signIn } from "~/server/auth/login.server";
import { createAdminSession, getAdmin } from "~/server/auth/session.server";
import {
  confirmTwoFactorSetup,
  resetTwoFactor,
  startTwoFactorSetup,
  turnOffTwoFactor,
  TWO_FACTOR_MESSAGES,
  twoFactorStatus,
} from "~/server/auth/two-factor.server";
import { db } from "~/server/db.server";
import { adminRecoveryCodes, adminSessions, auditLog } from "~/server/db-tables";
import { saveSettingsSection } from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { callRoute, isGuardedAdminUrl, type RouteModule } from "../setup/route-call";
import { SHELL_ACTOR } from "~/server/audit/audit-log.server";

const ORIGIN = "http://store.test";
const PASSWORD = "a-long-password-1";

/** The code an authenticator app shows at `at` (the same library, its clock set there). */
async function codeAt(secret: string, at = Date.now()): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  try {
    return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  } finally {
    vi.useRealTimers();
  }
}

/** Six digits that no step of the accepted window (now ± 1 step) shows. */
async function wrongCode(secret: string): Promise<string> {
  const window = await Promise.all([-30_000, 0, 30_000].map((d) => codeAt(secret, Date.now() + d)));
  return ["000000", "111111", "222222", "333333"].find((c) => !window.includes(c))!;
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

/** Turns two-factor on for the admin; returns their secret and recovery codes. */
async function enable(userId: string) {
  const setup = await startTwoFactorSetup(userId);
  if (!setup.ok) throw new Error(setup.message);
  const confirmed = await confirmTwoFactorSetup({
    actor: SHELL_ACTOR,
    userId,
    code: await codeAt(setup.secret),
  });
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

function form(values: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  return body;
}

function post(url: string, values: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: form(values),
  });
}

/** What a route call ended with: its status, headers and body, thrown or returned. */
async function settle(run: Promise<unknown>) {
  let value: unknown;
  try {
    value = await run;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, headers: value.headers, body: await value.text() };
  if (isRouteErrorResponse(value))
    return { status: value.status, headers: new Headers(), body: JSON.stringify(value.data) };
  const init = (value as { init?: ResponseInit | null } | null)?.init;
  const data = (value as { data?: unknown } | null)?.data ?? value;
  return {
    status: init?.status ?? 200,
    headers: new Headers(init?.headers),
    body: JSON.stringify(data),
  };
}

/** Signs in with the password (through the sign-in page); returns the second step's cookie. */
async function passwordStep(username: string, clientIp = "10.2.0.1") {
  const answer = await settle(
    callRoute(
      loginPage,
      "action",
      post("/budzadmin", { username, password: PASSWORD }),
      {},
      {
        clientIp,
      },
    ),
  );
  expect(answer.status).toBe(302);
  expect(answer.headers.get("Location")).toBe("/budzadmin/two-factor");
  return cookieOf(answer.headers.get("Set-Cookie")!);
}

function secondStepWith(code: string, cookie: string, clientIp = "10.2.0.1") {
  return settle(
    callRoute(
      secondStep,
      "action",
      post("/budzadmin/two-factor", { code }, cookie),
      {},
      {
        clientIp,
      },
    ),
  );
}

function sessionCookieFrom(headers: Headers) {
  const session = headers.getSetCookie().find((c) => c.startsWith("budz_admin="));
  return session ? cookieOf(session) : undefined;
}

let olive: { id: string };

beforeEach(async () => {
  await resetDatabase();
  olive = await createAdminUser({ username: "olive", password: PASSWORD, role: "owner" });
});

describe("turning two-factor on", () => {
  it("needs a valid code of the secret shown; then gives ten single-use recovery codes", async () => {
    const setup = await startTwoFactorSetup(olive.id);
    if (!setup.ok) throw new Error(setup.message);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrDataUrl.split(",")[1]!, "base64").toString()).toContain("<svg");
    // Reloading keeps the secret being set up.
    expect(await startTwoFactorSetup(olive.id)).toMatchObject({ secret: setup.secret });

    // A wrong code, through the page: 422, said next to the field, and still off.
    const cookie = cookieOf(await createAdminSession({ userId: olive.id }));
    const refused = await settle(
      callRoute(
        setupPage,
        "action",
        post("/budzadmin/two-factor/setup", { code: await wrongCode(setup.secret) }, cookie),
      ),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toContain(TWO_FACTOR_MESSAGES.setupCode);
    expect((await twoFactorStatus(olive.id)).enabled).toBe(false);
    const garbage = await settle(
      callRoute(setupPage, "action", post("/budzadmin/two-factor/setup", { code: "" }, cookie)),
    );
    expect(garbage.status).toBe(400);

    const accepted = await settle(
      callRoute(
        setupPage,
        "action",
        post("/budzadmin/two-factor/setup", { code: await codeAt(setup.secret) }, cookie),
      ),
    );
    expect(accepted.status).toBe(200);
    const { recoveryCodes } = JSON.parse(accepted.body) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await twoFactorStatus(olive.id)).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // Only their SHA-256 is stored.
    const stored = await db().select().from(adminRecoveryCodes);
    expect(stored.map((r) => r.codeHash).join()).not.toContain(recoveryCodes[0]!.slice(0, 5));
    expect(await startTwoFactorSetup(olive.id)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("signing in with two-factor on", () => {
  it("needs the second step: the password alone gives no session, and the step's state opens nothing", async () => {
    const { secret } = await enable(olive.id);
    const pending = await signIn({ username: "olive", password: PASSWORD, ipAddress: "10.2.0.9" });
    expect(pending).toMatchObject({ ok: true, next: "two-factor" });
    expect(await db().select().from(adminSessions)).toHaveLength(0);

    const challenge = await passwordStep("olive");
    expect(challenge).toMatch(/^budz_admin_2fa=/);
    // Not a session: no admin page nor data request is reachable with it.
    expect(
      await getAdmin(
        new Request(`${ORIGIN}/budzadmin/dashboard`, { headers: { Cookie: challenge } }),
      ),
    ).toBeUndefined();
    const page = await settle(
      callRoute(
        overview,
        "loader",
        new Request(`${ORIGIN}/budzadmin/dashboard`, {
          headers: { Cookie: challenge, Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
        }),
      ),
    );
    expect(page).toMatchObject({ status: 302 });
    expect(page.headers.get("Location")).toBe("/budzadmin");
    const dataRequest = await settle(
      callRoute(
        overview,
        "loader",
        new Request(`${ORIGIN}/budzadmin/dashboard`, {
          headers: { Cookie: challenge, "Sec-Fetch-Mode": "cors" },
        }),
      ),
    );
    expect(dataRequest.status).toBe(401);

    // The second step's page greets the admin; a good code signs in.
    const shown = await settle(
      callRoute(
        secondStep,
        "loader",
        new Request(`${ORIGIN}/budzadmin/two-factor`, { headers: { Cookie: challenge } }),
      ),
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("olive");
    const signedIn = await secondStepWith(await codeAt(secret, Date.now() + 30_000), challenge);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/budzadmin/dashboard");
    const session = sessionCookieFrom(signedIn.headers);
    expect(session).toBeDefined();
    expect(
      await getAdmin(
        new Request(`${ORIGIN}/budzadmin/dashboard`, { headers: { Cookie: session! } }),
      ),
    ).toMatchObject({ username: "olive", twoFactor: true });
    // The step's cookie is cleared, and its state used up.
    expect(
      signedIn.headers.getSetCookie().some((c) => /^budz_admin_2fa=;.*Max-Age=0/.test(c)),
    ).toBe(true);
    const again = await secondStepWith(await codeAt(secret, Date.now() + 30_000), challenge);
    expect(again.status).toBe(401);
    expect(again.body).toContain(TWO_FACTOR_MESSAGES.challengeEnded);
  });

  it("refuses a code used already (no replay within its window) and an expired one", async () => {
    const { secret } = await enable(olive.id);
    // The code that turned two-factor on was used: the same code is refused at sign-in.
    const used = await codeAt(secret);
    const challenge = await passwordStep("olive");
    const replay = await secondStepWith(used, challenge);
    expect(replay.status).toBe(401);
    expect(replay.body).toContain(TWO_FACTOR_MESSAGES.reusedCode);
    // A code from two minutes ago is outside the window.
    const old = await secondStepWith(await codeAt(secret, Date.now() - 120_000), challenge);
    expect(old.status).toBe(401);
    expect(old.body).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    // The next step's code works, once.
    const next = await codeAt(secret, Date.now() + 30_000);
    expect((await secondStepWith(next, challenge)).status).toBe(302);
    const second = await passwordStep("olive");
    const reused = await secondStepWith(next, second);
    expect(reused.status).toBe(401);
    expect(reused.body).toContain(TWO_FACTOR_MESSAGES.reusedCode);
  });

  it("accepts a recovery code once", async () => {
    const { recoveryCodes } = await enable(olive.id);
    const code = recoveryCodes[3]!;
    // Typed loosely (upper case, spaces): still the code.
    const signedIn = await secondStepWith(
      ` ${code.toUpperCase().replace("-", " ")} `,
      await passwordStep("olive"),
    );
    expect(signedIn.status).toBe(302);
    expect(sessionCookieFrom(signedIn.headers)).toBeDefined();
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("budz_admin_flash="))).toBe(
      true,
    );
    expect((await twoFactorStatus(olive.id)).recoveryCodesLeft).toBe(9);
    const again = await secondStepWith(code, await passwordStep("olive"));
    expect(again.status).toBe(401);
    expect(again.body).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    const unknown = await secondStepWith("abcde-fghjk", await passwordStep("olive"));
    expect(unknown.status).toBe(401);
  });

  it("refuses an expired, forged or tampered second-step state with 401 and says so", async () => {
    const { secret } = await enable(olive.id);
    // Password given six minutes ago: the 5-minute state has ended.
    const old = await signIn({
      username: "olive",
      password: PASSWORD,
      ipAddress: "10.2.0.1",
      now: new Date(Date.now() - 6 * 60_000),
    });
    if (!old.ok) throw new Error(old.message);
    const expired = await secondStepWith(
      await codeAt(secret, Date.now() + 30_000),
      cookieOf(old.setCookie),
    );
    expect(expired.status).toBe(401);
    expect(expired.body).toContain(TWO_FACTOR_MESSAGES.challengeEnded);

    const token = crypto.randomBytes(32).toString("base64url");
    const forged = `budz_admin_2fa=${Buffer.from(JSON.stringify(token)).toString("base64")}`;
    for (const cookie of [forged, "budz_admin_2fa=tampered!!", cookieOf(old.setCookie)]) {
      const answer = await secondStepWith("123456", cookie);
      expect(answer.status, cookie).toBe(401);
      expect(answer.body).toContain(TWO_FACTOR_MESSAGES.challengeEnded);
      const page = await settle(
        callRoute(
          secondStep,
          "loader",
          new Request(`${ORIGIN}/budzadmin/two-factor`, { headers: { Cookie: cookie } }),
        ),
      );
      expect(page.status, cookie).toBe(401);
      expect(page.body).toContain('"ended":true');
    }
    // No state at all: back to the password.
    const none = await settle(
      callRoute(secondStep, "loader", new Request(`${ORIGIN}/budzadmin/two-factor`)),
    );
    expect(none.status).toBe(302);
    expect(none.headers.get("Location")).toBe("/budzadmin");
    // A post without a form is a 4xx too, never a 500.
    const noForm = await settle(
      callRoute(
        secondStep,
        "action",
        new Request(`${ORIGIN}/budzadmin/two-factor`, {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "application/json" },
          body: "{}",
        }),
      ),
    );
    expect(noForm.status).toBe(415);
  });

  it("throttles the second step like the password: after 5 wrong codes even a right one waits", async () => {
    const { secret } = await enable(olive.id);
    const challenge = await passwordStep("olive", "10.3.0.1");
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) {
      const answer = await secondStepWith(wrong, challenge, "10.3.0.1");
      expect(answer.status).toBe(401);
    }
    const held = await secondStepWith(
      await codeAt(secret, Date.now() + 30_000),
      challenge,
      "10.3.0.1",
    );
    expect(held.status).toBe(429);
    expect(held.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(held.body).toContain("Too many attempts");
    expect(await db().select().from(adminSessions)).toHaveLength(0);
  });
});

describe("the owner's setting: two-factor for every admin", () => {
  interface Entry {
    file: string;
    path?: string;
    index?: boolean;
    children?: Entry[];
  }
  /** Every route of app/routes.ts with its URL (params filled with random ids). */
  function flatten(entries: Entry[], parent = ""): { file: string; url: string }[] {
    return entries.flatMap((entry) => {
      const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
      const url = `/${joined}`
        .split("/")
        .map((s) => (s.startsWith(":") ? crypto.randomUUID() : s === "*" ? "nothing" : s))
        .join("/");
      return [{ file: entry.file, url }, ...flatten(entry.children ?? [], joined)];
    });
  }

  it("holds an admin without it on the setup page: every other page and data request leads there, every post is refused", async () => {
    await saveSettingsSection("security", { requireTwoFactor: true });
    const sam = await createAdminUser({ username: "sam", password: PASSWORD, role: "owner" });
    // The password signs in; the guard takes it from there.
    const signedIn = await signIn({ username: "sam", password: PASSWORD, ipAddress: "10.4.0.1" });
    if (!signedIn.ok) throw new Error(signedIn.message);
    expect(signedIn.next).toBe("dashboard");
    const cookie = cookieOf(signedIn.setCookie);

    const guarded = flatten(routes as Entry[]).filter(
      (r) => isGuardedAdminUrl(`${ORIGIN}${r.url}`) && r.file !== "routes/admin/guard.tsx",
    );
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) {
      const module = (await import(
        /* @vite-ignore */ path.resolve("app", route.file)
      )) as RouteModule;
      const setup = route.url === "/budzadmin/two-factor/setup";
      const seen = { ran: false };
      const watched = (kind: "loader" | "action"): RouteModule => ({
        middleware: module.middleware,
        [kind]: () => {
          seen.ran = true;
          return null;
        },
      });
      for (const headers of [
        { Accept: "text/html", "Sec-Fetch-Mode": "navigate" } as Record<string, string>,
        { "Sec-Fetch-Mode": "cors" },
      ]) {
        seen.ran = false;
        const answer = await settle(
          callRoute(
            watched("loader"),
            "loader",
            new Request(`${ORIGIN}${route.url}`, { headers: { Cookie: cookie, ...headers } }),
          ),
        );
        if (setup) expect(seen.ran, route.url).toBe(true);
        else {
          expect(seen.ran, route.url).toBe(false);
          expect(answer.status, route.url).toBe(302);
          expect(answer.headers.get("Location"), route.url).toBe("/budzadmin/two-factor/setup");
        }
      }
      if (module.action && !setup) {
        seen.ran = false;
        const answer = await settle(
          callRoute(watched("action"), "action", post(route.url, {}, cookie)),
        );
        expect(seen.ran, route.url).toBe(false);
        expect(answer.status, route.url).toBe(403);
        expect(answer.body).toContain(TWO_FACTOR_MESSAGES.required);
      }
    }

    // Set up: the admin is let through, and cannot turn it off while it is required.
    const page = await settle(
      callRoute(
        setupPage,
        "loader",
        new Request(`${ORIGIN}/budzadmin/two-factor/setup`, { headers: { Cookie: cookie } }),
      ),
    );
    expect(page.body).toContain('"required":true');
    const { secret } = await enable(sam.id);
    const dashboard = await settle(
      callRoute(
        overview,
        "loader",
        new Request(`${ORIGIN}/budzadmin/dashboard`, { headers: { Cookie: cookie } }),
      ),
    );
    expect(dashboard.status).toBe(200);
    expect(
      await turnOffTwoFactor({ actor: SHELL_ACTOR, userId: sam.id, proof: PASSWORD }),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: TWO_FACTOR_MESSAGES.cannotTurnOff,
    });
    const off = await settle(
      callRoute(
        profile,
        "action",
        post(
          "/budzadmin/dashboard/profile",
          { intent: "two-factor-off", proof: await codeAt(secret, Date.now() + 30_000) },
          cookie,
        ),
      ),
    );
    expect(off.status).toBe(409);
    expect((await twoFactorStatus(sam.id)).enabled).toBe(true);
  });
});

describe("turning it off, new recovery codes, and the owner's reset", () => {
  it("turns off with the password or a code, never with a wrong one", async () => {
    const { secret } = await enable(olive.id);
    expect(
      await turnOffTwoFactor({ actor: SHELL_ACTOR, userId: olive.id, proof: "not-my-password" }),
    ).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(
      await turnOffTwoFactor({
        actor: SHELL_ACTOR,
        userId: olive.id,
        proof: await wrongCode(secret),
      }),
    ).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(
      await turnOffTwoFactor({ actor: SHELL_ACTOR, userId: olive.id, proof: PASSWORD }),
    ).toEqual({ ok: true });
    expect(await twoFactorStatus(olive.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(
      await signIn({ username: "olive", password: PASSWORD, ipAddress: "10.5.0.1" }),
    ).toMatchObject({
      ok: true,
      next: "dashboard",
    });
  });

  it("generates new recovery codes for a current code only; the old ones stop working", async () => {
    const { secret, recoveryCodes } = await enable(olive.id);
    const cookie = cookieOf(await createAdminSession({ userId: olive.id }));
    const refused = await settle(
      callRoute(
        profile,
        "action",
        post(
          "/budzadmin/dashboard/profile",
          { intent: "recovery-codes", code: await wrongCode(secret) },
          cookie,
        ),
      ),
    );
    expect(refused.status).toBe(422);
    const made = await settle(
      callRoute(
        profile,
        "action",
        post(
          "/budzadmin/dashboard/profile",
          { intent: "recovery-codes", code: await codeAt(secret, Date.now() + 30_000) },
          cookie,
        ),
      ),
    );
    expect(made.status).toBe(200);
    const fresh = (JSON.parse(made.body) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStepWith(recoveryCodes[0]!, await passwordStep("olive"))).status).toBe(401);
    expect((await secondStepWith(fresh[0]!, await passwordStep("olive"))).status).toBe(302);
  });

  it("lets the owner reset another admin's two-factor from Staff (their sessions end); a manager cannot", async () => {
    const sam = await createAdminUser({ username: "sam", password: PASSWORD, role: "manager" });
    await enable(sam.id);
    const samCookie = cookieOf(await createAdminSession({ userId: sam.id }));
    const ownerCookie = cookieOf(await createAdminSession({ userId: olive.id }));
    const managerPost = await settle(
      callRoute(
        staffList,
        "action",
        post("/budzadmin/dashboard/staff", { intent: "reset-two-factor", id: sam.id }, samCookie),
      ),
    );
    expect(managerPost.status).toBe(403);
    expect((await twoFactorStatus(sam.id)).enabled).toBe(true);

    const staff = await settle(
      callRoute(
        staffList,
        "loader",
        new Request(`${ORIGIN}/budzadmin/dashboard/staff`, { headers: { Cookie: ownerCookie } }),
      ),
    );
    expect(staff.body).toMatch(/"username":"sam"[^}]*"twoFactor":true/);

    const reset = await settle(
      callRoute(
        staffList,
        "action",
        post("/budzadmin/dashboard/staff", { intent: "reset-two-factor", id: sam.id }, ownerCookie),
      ),
    );
    expect(reset.status).toBe(302);
    expect(await twoFactorStatus(sam.id)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(
      await db().select().from(adminSessions).where(eq(adminSessions.userId, sam.id)),
    ).toHaveLength(0);
    expect(
      await signIn({ username: "sam", password: PASSWORD, ipAddress: "10.6.0.1" }),
    ).toMatchObject({
      ok: true,
      next: "dashboard",
    });
    // Not their own from Staff (My profile asks for the password or a code).
    await enable(olive.id);
    const own = await settle(
      callRoute(
        staffList,
        "action",
        post(
          "/budzadmin/dashboard/staff",
          { intent: "reset-two-factor", id: olive.id },
          ownerCookie,
        ),
      ),
    );
    expect(own.status).toBe(302);
    expect((await twoFactorStatus(olive.id)).enabled).toBe(true);
  });

  it("resets by name for npm run admin -- reset-2fa", async () => {
    await enable(olive.id);
    expect(await resetTwoFactor({ username: "OLIVE" })).toMatchObject({
      ok: true,
      username: "olive",
    });
    expect((await twoFactorStatus(olive.id)).enabled).toBe(false);
    expect(await resetTwoFactor({ username: "nobody" })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("the activity log of signing in", () => {
  const entries = () =>
    db()
      .select({
        action: auditLog.action,
        area: auditLog.area,
        adminId: auditLog.adminId,
        name: auditLog.adminName,
        ip: auditLog.ipAddress,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  it("records a failed and a good password, a failed and a good second step, and the sign-out", async () => {
    await signIn({ username: "olive", password: "not-it", ipAddress: "10.9.0.1" });
    await signIn({ username: "nobody", password: "not-it", ipAddress: "10.9.0.2" });
    const { secret } = await enable(olive.id);
    const challenge = await passwordStep("olive", "10.9.0.3");
    await secondStepWith(await wrongCode(secret), challenge, "10.9.0.3");
    const done = await secondStepWith(
      await codeAt(secret, Date.now() + 30_000),
      challenge,
      "10.9.0.3",
    );
    const session = sessionCookieFrom(done.headers)!;
    const out = await settle(
      callRoute(
        logout,
        "action",
        post("/budzadmin/logout", {}, session),
        {},
        {
          clientIp: "10.9.0.3",
        },
      ),
    );
    expect(out.status).toBe(302);
    expect(await getAdmin(new Request(ORIGIN, { headers: { Cookie: session } }))).toBeUndefined();

    expect(await entries()).toEqual([
      {
        action: "sign-in-failed",
        area: "auth",
        adminId: olive.id,
        name: "olive",
        ip: "10.9.0.1",
        changes: null,
      },
      {
        action: "sign-in-failed",
        area: "auth",
        adminId: null,
        name: "nobody",
        ip: "10.9.0.2",
        changes: null,
      },
      {
        action: "two-factor",
        area: "auth",
        adminId: null,
        name: "Shell",
        ip: null,
        changes: { twoFactor: ["off", "on"] },
      },
      {
        action: "two-factor-failed",
        area: "auth",
        adminId: olive.id,
        name: "olive",
        ip: "10.9.0.3",
        changes: { code: "wrong" },
      },
      {
        action: "sign-in",
        area: "auth",
        adminId: olive.id,
        name: "olive",
        ip: "10.9.0.3",
        changes: { twoFactor: "code" },
      },
      {
        action: "sign-out",
        area: "auth",
        adminId: olive.id,
        name: "olive",
        ip: "10.9.0.3",
        changes: null,
      },
    ]);
  });
});
