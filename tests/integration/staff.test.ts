import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as productList from "~/routes/admin/products/list";
import * as newsletters from "~/routes/admin/newsletters/list";
import * as campaignEdit from "~/routes/admin/emails/edit";
import * as staffList from "~/routes/admin/staff/list";
import * as profile from "~/routes/admin/profile";
import * as invitePage from "~/routes/admin/invite";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { INVALID_CREDENTIALS, signIn } from "~/server/auth/login.server";
import { createAdminSession, getAdmin } from "~/server/auth/session.server";
import {
  acceptInvite,
  changeOwnPassword,
  changeRole,
  deactivateAdmin,
  findInvite,
  INVITE_HOURS,
  inviteAdmin,
  LAST_OWNER_MESSAGE,
  reactivateAdmin,
} from "~/server/auth/staff.server";
import { db } from "~/server/db.server";
import { adminSessions, adminUsers, emailOutbox } from "~/server/db-tables";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

const ORIGIN = "http://store.test";

function withCookie(setCookie: string) {
  return new Request(`${ORIGIN}/budzadmin/dashboard`, {
    headers: { Cookie: setCookie.split(";")[0]! },
  });
}

async function sessionsOf(userId: string) {
  return db().select().from(adminSessions).where(eq(adminSessions.userId, userId));
}

async function statusOf(userId: string) {
  const [row] = await db()
    .select({ role: adminUsers.role, status: adminUsers.status })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  return row;
}

const signInAs = (username: string, password: string) =>
  signIn({ username, password, ipAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });

beforeEach(async () => {
  await resetDatabase();
});

describe("role changes and the last owner", () => {
  it("changes a role; the session's next request has the new role", async () => {
    const owner = await createAdminUser({
      username: "olive",
      password: "owner-pass-1",
      role: "owner",
    });
    const sam = await createAdminUser({ username: "sam", password: "staff-pass-1" });
    const cookie = await createAdminSession({ userId: sam.id });
    expect(await changeRole({ id: sam.id, role: "manager" })).toMatchObject({ ok: true });
    expect(await getAdmin(withCookie(cookie))).toMatchObject({ role: "manager" });
    expect((await statusOf(owner.id))!.role).toBe("owner");
  });

  it("never demotes nor deactivates the last active owner", async () => {
    const owner = await createAdminUser({
      username: "olive",
      password: "owner-pass-1",
      role: "owner",
    });
    expect(await changeRole({ id: owner.id, role: "manager" })).toEqual({
      ok: false,
      status: 409,
      message: LAST_OWNER_MESSAGE,
    });
    expect(await deactivateAdmin({ id: owner.id })).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(owner.id)).toEqual({ role: "owner", status: "active" });
    // A deactivated owner does not count: the active one is still the last.
    const other = await createAdminUser({
      username: "otto",
      password: "owner-pass-2",
      role: "owner",
    });
    expect(await deactivateAdmin({ id: other.id })).toMatchObject({ ok: true });
    expect(await changeRole({ id: owner.id, role: "staff" })).toMatchObject({ status: 409 });
  });

  it("lets only one of two owners demoting each other at once succeed", async () => {
    const a = await createAdminUser({ username: "anna", password: "owner-pass-1", role: "owner" });
    const b = await createAdminUser({ username: "bert", password: "owner-pass-2", role: "owner" });
    const results = await Promise.all([
      changeRole({ id: a.id, role: "staff" }),
      changeRole({ id: b.id, role: "manager" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, status: 409, message: LAST_OWNER_MESSAGE },
    ]);
    const owners = await db()
      .select()
      .from(adminUsers)
      .where(and(eq(adminUsers.role, "owner"), eq(adminUsers.status, "active")));
    expect(owners).toHaveLength(1);
  });

  it("lets only one of two owners deactivating each other at once succeed", async () => {
    const a = await createAdminUser({ username: "anna", password: "owner-pass-1", role: "owner" });
    const b = await createAdminUser({ username: "bert", password: "owner-pass-2", role: "owner" });
    const results = await Promise.all([
      deactivateAdmin({ id: a.id }),
      deactivateAdmin({ id: b.id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const active = [await statusOf(a.id), await statusOf(b.id)].filter(
      (s) => s!.status === "active",
    );
    expect(active).toEqual([{ role: "owner", status: "active" }]);
  });
});

describe("deactivation", () => {
  it("ends the admin's sessions at once and refuses their sign-in with the generic message", async () => {
    await createAdminUser({ username: "olive", password: "owner-pass-1", role: "owner" });
    const sam = await createAdminUser({ username: "sam", password: "staff-pass-1" });
    const cookie = await createAdminSession({ userId: sam.id });
    await createAdminSession({ userId: sam.id });
    expect(await getAdmin(withCookie(cookie))).toBeDefined();

    expect(await deactivateAdmin({ id: sam.id })).toMatchObject({ ok: true, sessionsEnded: 2 });
    expect(await sessionsOf(sam.id)).toEqual([]);
    expect(await getAdmin(withCookie(cookie))).toBeUndefined();
    expect(await signInAs("sam", "staff-pass-1")).toEqual({
      ok: false,
      code: "invalid",
      message: INVALID_CREDENTIALS,
    });

    // Reactivated, the same password works again.
    expect(await reactivateAdmin({ id: sam.id })).toMatchObject({ ok: true });
    expect(await signInAs("sam", "staff-pass-1")).toMatchObject({ ok: true });
  });

  it("refuses an owner deactivating themselves on the Staff screen", async () => {
    const owner = await createAdminUser({
      username: "olive",
      password: "owner-pass-1",
      role: "owner",
    });
    await createAdminUser({ username: "otto", password: "owner-pass-2", role: "owner" });
    const cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
    const body = new FormData();
    body.set("intent", "deactivate");
    body.set("id", owner.id);
    const response = (await callRoute(
      staffList,
      "action",
      new Request(`${ORIGIN}/budzadmin/dashboard/staff`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN },
        body,
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect((await statusOf(owner.id))!.status).toBe("active");
  });
});

describe("invitations", () => {
  async function invite(now?: Date) {
    const owner = await createAdminUser({
      username: "olive",
      password: "owner-pass-1",
      role: "owner",
    });
    const result = await inviteAdmin({
      email: "sam@example.com",
      username: "sam",
      displayName: "Sam",
      role: "staff",
      invitedBy: owner.id,
      now,
    });
    if (!result.ok) throw new Error(result.message);
    return result;
  }

  it("creates an invited admin who cannot sign in, and queues the link in the outbox", async () => {
    const { id, token, outboxId } = await invite();
    expect(await statusOf(id)).toEqual({ role: "staff", status: "invited" });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(mail).toMatchObject({ kind: "staff_invite", toAddress: "sam@example.com" });
    expect(mail!.text).toContain(`/budzadmin/invite/${token}`);
    expect(mail!.text).toContain(`${INVITE_HOURS} hours`);
    expect((await signInAs("sam", "anything-at-all")).ok).toBe(false);
  });

  it("works once: sets the password, makes the admin active; a second use is refused", async () => {
    const { id, token } = await invite();
    expect(await findInvite(token)).toMatchObject({ username: "sam", role: "staff" });
    const accepted = await acceptInvite({
      token,
      displayName: "Sam S.",
      password: "sams-new-pass",
      ip: null,
    });
    expect(accepted).toMatchObject({ ok: true, userId: id });
    expect(await statusOf(id)).toEqual({ role: "staff", status: "active" });
    expect(await signInAs("sam", "sams-new-pass")).toMatchObject({ ok: true });
    expect(await findInvite(token)).toBeUndefined();
    expect(
      await acceptInvite({ token, displayName: "Mallory", password: "another-pass", ip: null }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await signInAs("sam", "another-pass")).toMatchObject({ ok: false });
  });

  it("expires", async () => {
    const sent = new Date("2026-06-01T12:00:00Z");
    const { token } = await invite(sent);
    const later = new Date(sent.getTime() + (INVITE_HOURS * 3600 + 1) * 1000);
    expect(await findInvite(token, later)).toBeUndefined();
    expect(
      await acceptInvite({
        token,
        displayName: "Sam",
        password: "sams-new-pass",
        ip: null,
        now: later,
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("stops working when the admin is deactivated, and an unknown token is a 404 page", async () => {
    const { id, token } = await invite();
    await deactivateAdmin({ id });
    expect(await findInvite(token)).toBeUndefined();
    await expect(
      callRoute(invitePage, "loader", new Request(`${ORIGIN}/budzadmin/invite/${token}`), {
        token,
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("signs the invited admin in from the invitation page", async () => {
    const { token } = await invite();
    const body = new FormData();
    body.set("displayName", "Sam");
    body.set("newPassword", "sams-new-pass");
    body.set("confirmPassword", "sams-new-pass");
    const thrown = await callRoute(
      invitePage,
      "action",
      new Request(`${ORIGIN}/budzadmin/invite/${token}`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body,
      }),
      { token },
    ).catch((e: unknown) => e as Response);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("Location")).toBe("/budzadmin/dashboard");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(await getAdmin(withCookie(cookie))).toMatchObject({ username: "sam", role: "staff" });
  });
});

describe("My profile", () => {
  it("changes the password with the current one, ending the other sessions only", async () => {
    const sam = await createAdminUser({ username: "sam", password: "staff-pass-1" });
    const here = await createAdminSession({ userId: sam.id });
    const elsewhere = await createAdminSession({ userId: sam.id });
    const me = (await getAdmin(withCookie(here)))!;
    expect(
      await changeOwnPassword({
        id: sam.id,
        sessionId: me.sessionId,
        currentPassword: "wrong-password",
        newPassword: "a-new-password",
        actor: testActor(sam.id),
      }),
    ).toMatchObject({ ok: false, status: 422 });
    expect(await getAdmin(withCookie(elsewhere))).toBeDefined();
    expect(
      await changeOwnPassword({
        id: sam.id,
        sessionId: me.sessionId,
        currentPassword: "staff-pass-1",
        newPassword: "a-new-password",
        actor: testActor(sam.id),
      }),
    ).toEqual({ ok: true, sessionsEnded: 1 });
    expect(await getAdmin(withCookie(here))).toBeDefined();
    expect(await getAdmin(withCookie(elsewhere))).toBeUndefined();
    expect((await signInAs("sam", "staff-pass-1")).ok).toBe(false);
    expect((await signInAs("sam", "a-new-password")).ok).toBe(true);
  });

  it("signs out everywhere from the profile page", async () => {
    const sam = await createAdminUser({ username: "sam", password: "staff-pass-1" });
    const here = (await createAdminSession({ userId: sam.id })).split(";")[0]!;
    await createAdminSession({ userId: sam.id });
    const body = new FormData();
    body.set("intent", "sign-out-everywhere");
    const response = (await callRoute(
      profile,
      "action",
      new Request(`${ORIGIN}/budzadmin/dashboard/profile`, {
        method: "POST",
        headers: { Cookie: here, Origin: ORIGIN },
        body,
      }),
    ).catch((e: unknown) => e)) as Response;
    expect(response.headers.get("Location")).toBe("/budzadmin");
    expect(await sessionsOf(sam.id)).toEqual([]);
  });
});

describe("actions that need more than their page", () => {
  async function post(
    module: Parameters<typeof callRoute>[0],
    url: string,
    role: "owner" | "manager" | "staff",
    fields: Record<string, string>,
    params: Record<string, string> = {},
  ) {
    const admin = await createAdminUser({
      username: `u-${role}-${crypto.randomUUID().slice(0, 8)}`,
      password: "pass-word-12",
      role,
    });
    const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return callRoute(
      module,
      "action",
      new Request(`${ORIGIN}${url}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN },
        body,
      }),
      params,
    ).catch((e: unknown) => e);
  }
  const refused = expect.objectContaining({
    init: expect.objectContaining({ status: 403 }),
    data: { message: expect.stringContaining("Only owners and managers can") },
  });

  it("refuses staff the products list's bulk changes, not its page", async () => {
    expect(
      await post(productList, "/budzadmin/dashboard/products", "staff", {
        intent: "archive",
        scope: "ids",
        ids: crypto.randomUUID(),
      }),
    ).toEqual(refused);
  });

  it("refuses staff sending a newsletter or its test", async () => {
    for (const intent of ["send", "test"])
      expect(
        await post(newsletters, "/budzadmin/dashboard/newsletters", "staff", {
          intent,
          subject: "Hi",
          body: "<p>Hi</p>",
          testEmail: "me@example.com",
        }),
      ).toEqual(refused);
  });

  it("refuses a role without marketing.send scheduling or sending a campaign", async () => {
    // Staff cannot open the campaign screen at all; its page check answers first.
    expect(
      await post(campaignEdit, "/budzadmin/dashboard/emails/new", "staff", { intent: "send" }),
    ).toMatchObject({ init: { status: 403 } });
  });
});
