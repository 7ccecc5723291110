import crypto from "node:crypto";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { fail, type Result } from "~/lib/errors";
import { ROLE_LABELS, type AdminRole } from "~/lib/permissions";
import { db, type Executor } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderStaffInviteEmail } from "../email/templates/staff-invite.server";
import { adminInvites, adminSessions, adminUsers } from "../db-tables";
import { findAdminByUsername } from "./admin-users.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hashToken } from "./session.server";

/**
 * The Staff screen's rules and My profile's (docs/decisions/admin-auth-and-screens.md):
 * invitations (a one-time, expiring link whose SHA-256 only is stored), role changes, deactivation
 * (ends the admin's sessions at once) and reactivation, with the store never left without an
 * active owner: every change that could remove the last one locks the active owners' rows first.
 */

export const INVITE_HOURS = 72;
export type AdminStatus = "active" | "invited" | "deactivated";

export interface StaffMember {
  id: string;
  username: string;
  displayName: string;
  email: string | null;
  role: AdminRole;
  status: AdminStatus;
  createdAt: Date;
  lastLoginAt: Date | null;
  deactivatedAt: Date | null;
  /** Signs in with two-factor (app/server/auth/two-factor.server.ts). */
  twoFactor: boolean;
}

export async function listStaff(): Promise<StaffMember[]> {
  const rows = await db()
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      displayName: adminUsers.displayName,
      email: adminUsers.email,
      role: adminUsers.role,
      status: adminUsers.status,
      createdAt: adminUsers.createdAt,
      lastLoginAt: adminUsers.lastLoginAt,
      deactivatedAt: adminUsers.deactivatedAt,
      twoFactor: sql<boolean>`${adminUsers.twoFactorSecret} is not null`,
    })
    .from(adminUsers)
    .orderBy(asc(sql`lower(${adminUsers.displayName})`), asc(adminUsers.id));
  return rows.map((r) => ({
    ...r,
    role: r.role as AdminRole,
    status: r.status as AdminStatus,
    twoFactor: Boolean(r.twoFactor),
  }));
}

export const LAST_OWNER_MESSAGE =
  "The store must keep at least one active owner: make another admin an owner first.";

/**
 * Locks the rows of every active owner (FOR UPDATE, in the caller's transaction), so two owners
 * demoting or deactivating each other at once are decided one after the other: the second sees
 * the first's change and is refused.
 */
async function lockActiveOwners(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), eq(adminUsers.status, "active")))
    .orderBy(asc(adminUsers.id))
    .for("update");
  return rows.map((r) => r.id);
}

async function lockMember(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: adminUsers.id,
      role: adminUsers.role,
      status: adminUsers.status,
      displayName: adminUsers.displayName,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .for("update");
  return row;
}

const UNKNOWN = "This admin does not exist (any more).";

/** An owner's change to a staff account, in its transaction (none from the shell). */
async function auditStaff(
  tx: Executor,
  actor: AuditActor | undefined,
  action: "role" | "deactivate" | "reactivate" | "invite",
  member: { id: string; displayName: string },
  changes: Record<string, unknown>,
) {
  if (!actor) return;
  await recordAudit(tx, {
    actor,
    area: "staff",
    action,
    record: { type: "admin", id: member.id, label: member.displayName },
    changes,
  });
}

/** Changes an admin's role; never the last active owner's away from owner. */
export async function changeRole(input: {
  id: string;
  role: AdminRole;
  /** The owner making the change (audited; absent from the shell). */
  actor?: AuditActor;
}): Promise<Result<{ displayName: string; role: AdminRole }>> {
  return db().transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    const member = await lockMember(tx, input.id);
    if (!member) return fail(404, UNKNOWN);
    if (input.role !== "owner" && owners.length === 1 && owners[0] === member.id)
      return fail(409, LAST_OWNER_MESSAGE);
    await tx.update(adminUsers).set({ role: input.role }).where(eq(adminUsers.id, member.id));
    await auditStaff(tx, input.actor, "role", member, { role: [member.role, input.role] });
    return { ok: true, displayName: member.displayName, role: input.role };
  });
}

/** Deactivates an admin: their sessions end at once and they can no longer sign in. */
export async function deactivateAdmin(input: {
  id: string;
  now?: Date;
  actor?: AuditActor;
}): Promise<Result<{ displayName: string; sessionsEnded: number }>> {
  return db().transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    const member = await lockMember(tx, input.id);
    if (!member) return fail(404, UNKNOWN);
    if (member.status === "deactivated")
      return { ok: true, displayName: member.displayName, sessionsEnded: 0 };
    if (owners.length === 1 && owners[0] === member.id) return fail(409, LAST_OWNER_MESSAGE);
    await tx
      .update(adminUsers)
      .set({ status: "deactivated", deactivatedAt: input.now ?? new Date() })
      .where(eq(adminUsers.id, member.id));
    const ended = await tx
      .delete(adminSessions)
      .where(eq(adminSessions.userId, member.id))
      .returning({ id: adminSessions.id });
    // An unused invitation must not bring them back either.
    await tx.delete(adminInvites).where(eq(adminInvites.userId, member.id));
    await auditStaff(tx, input.actor, "deactivate", member, {
      status: [member.status, "deactivated"],
    });
    return { ok: true, displayName: member.displayName, sessionsEnded: ended.length };
  });
}

/**
 * Lets a deactivated admin sign in again with their password (one who never chose a password is
 * invited again instead: see `inviteAdmin` with their email).
 */
export async function reactivateAdmin(input: {
  id: string;
  actor?: AuditActor;
}): Promise<Result<{ displayName: string }>> {
  return db().transaction(async (tx) => {
    const member = await lockMember(tx, input.id);
    if (!member) return fail(404, UNKNOWN);
    if (member.status !== "deactivated")
      return fail(409, `${member.displayName} is not deactivated.`);
    const [user] = await tx
      .select({ email: adminUsers.email, lastLoginAt: adminUsers.lastLoginAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, member.id));
    // Invited, then deactivated before they ever chose a password (accepting signs them in):
    // they need a new invitation, so they go back to invited.
    const neverJoined = Boolean(user?.email) && !user?.lastLoginAt;
    await tx
      .update(adminUsers)
      .set({ status: neverJoined ? "invited" : "active", deactivatedAt: null })
      .where(eq(adminUsers.id, member.id));
    await auditStaff(tx, input.actor, "reactivate", member, {
      status: [member.status, neverJoined ? "invited" : "active"],
    });
    return { ok: true, displayName: member.displayName };
  });
}

function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * Invites an admin by email: an invited account (it cannot sign in) and a one-time link, valid
 * INVITE_HOURS, queued in the outbox. Inviting again the same email re-sends a fresh link (the old
 * one stops working).
 */
export async function inviteAdmin(input: {
  email: string;
  username: string;
  displayName: string;
  role: AdminRole;
  invitedBy: string;
  now?: Date;
  actor?: AuditActor;
}): Promise<Result<{ id: string; outboxId: string; token: string }>> {
  const now = input.now ?? new Date();
  const existing = await findAdminByUsername(input.username);
  // Random and never told to anyone: the account has no usable password until the link is used.
  const placeholder = await hashPassword(newToken());
  return db().transaction(async (tx) => {
    let userId: string;
    if (existing) {
      if (
        existing.status !== "invited" ||
        existing.email?.toLowerCase() !== input.email.toLowerCase()
      )
        return fail(409, "An admin already has this username.", {
          username: "An admin already has this username. Choose another.",
        });
      userId = existing.id;
      await tx
        .update(adminUsers)
        .set({ role: input.role, displayName: input.displayName })
        .where(eq(adminUsers.id, userId));
      await tx.delete(adminInvites).where(eq(adminInvites.userId, userId));
    } else {
      const [row] = await tx
        .insert(adminUsers)
        .values({
          username: input.username,
          displayName: input.displayName,
          email: input.email,
          passwordHash: placeholder,
          role: input.role,
          status: "invited",
        })
        .returning({ id: adminUsers.id });
      userId = row!.id;
    }
    const token = newToken();
    await tx.insert(adminInvites).values({
      id: hashToken(token),
      userId,
      invitedBy: input.invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_HOURS * 3600_000),
    });
    const email = renderStaffInviteEmail({
      token,
      displayName: input.displayName,
      username: input.username,
      role: ROLE_LABELS[input.role],
      hours: INVITE_HOURS,
    });
    const queued = await enqueueEmail(tx, { kind: "staff_invite", to: input.email, ...email });
    await auditStaff(
      tx,
      input.actor,
      "invite",
      { id: userId, displayName: input.displayName },
      { email: input.email, username: input.username, role: input.role },
    );
    return { ok: true, id: userId, outboxId: queued.id, token };
  });
}

export const INVITE_INVALID =
  "This invitation link is not valid: it was used already, has expired or was replaced by a newer one. Ask the store owner for a new invitation.";

/** The invited admin a link is for, while it is unused and unexpired. */
export async function findInvite(token: string, now = new Date()) {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const [row] = await db()
    .select({
      userId: adminUsers.id,
      username: adminUsers.username,
      displayName: adminUsers.displayName,
      role: adminUsers.role,
    })
    .from(adminInvites)
    .innerJoin(adminUsers, eq(adminUsers.id, adminInvites.userId))
    .where(
      and(
        eq(adminInvites.id, hashToken(token)),
        isNull(adminInvites.usedAt),
        gt(adminInvites.expiresAt, now),
        eq(adminUsers.status, "invited"),
      ),
    );
  return row ? { ...row, role: row.role as AdminRole } : undefined;
}

/**
 * Uses an invitation: sets the admin's password (and display name) and makes them active; the
 * caller signs them in (lastLoginAt is set here). The link works once: it is marked used in the
 * same statement that checks it.
 */
export async function acceptInvite(input: {
  token: string;
  displayName: string;
  password: string;
  /** The address the invitation was accepted from (the new admin is the entry's actor). */
  ip: string | null;
  now?: Date;
}): Promise<Result<{ userId: string; username: string }>> {
  const now = input.now ?? new Date();
  if (!/^[\w-]{43}$/.test(input.token)) return fail(404, INVITE_INVALID);
  const passwordHash = await hashPassword(input.password);
  return db().transaction(async (tx) => {
    const [invite] = await tx
      .update(adminInvites)
      .set({ usedAt: now })
      .where(
        and(
          eq(adminInvites.id, hashToken(input.token)),
          isNull(adminInvites.usedAt),
          gt(adminInvites.expiresAt, now),
        ),
      )
      .returning({ userId: adminInvites.userId });
    if (!invite) return fail(404, INVITE_INVALID);
    const [user] = await tx
      .update(adminUsers)
      .set({ passwordHash, displayName: input.displayName, status: "active", lastLoginAt: now })
      .where(and(eq(adminUsers.id, invite.userId), eq(adminUsers.status, "invited")))
      .returning({ id: adminUsers.id, username: adminUsers.username });
    if (!user) return fail(404, INVITE_INVALID);
    await recordAudit(tx, {
      actor: { adminId: user.id, name: input.displayName, ip: input.ip },
      area: "staff",
      action: "update",
      record: { type: "admin", id: user.id, label: input.displayName },
      changes: { status: ["invited", "active"], invitation: "accepted" },
    });
    return { ok: true, userId: user.id, username: user.username };
  });
}

// ── My profile ──

export async function updateDisplayName(input: {
  id: string;
  displayName: string;
  actor: AuditActor;
}): Promise<Result> {
  return db().transaction(async (tx) => {
    const member = await lockMember(tx, input.id);
    if (!member) return fail(404, UNKNOWN);
    if (member.displayName === input.displayName) return { ok: true };
    await tx
      .update(adminUsers)
      .set({ displayName: input.displayName })
      .where(eq(adminUsers.id, input.id));
    await recordAudit(tx, {
      actor: input.actor,
      area: "staff",
      action: "update",
      record: { type: "admin", id: member.id, label: input.displayName },
      changes: { displayName: [member.displayName, input.displayName] },
    });
    return { ok: true };
  });
}

/**
 * Changes the admin's own password when the current one is right, and ends their other sessions
 * (this one stays signed in).
 */
export async function changeOwnPassword(input: {
  id: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  actor: AuditActor;
}): Promise<Result<{ sessionsEnded: number }>> {
  const [user] = await db()
    .select({ passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(eq(adminUsers.id, input.id));
  if (!user) return fail(404, UNKNOWN);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    return fail(422, "Your current password is not right.", {
      currentPassword: "This is not your current password.",
    });
  const passwordHash = await hashPassword(input.newPassword);
  return db().transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, input.id));
    const ended = await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.userId, input.id), ne(adminSessions.id, input.sessionId)))
      .returning({ id: adminSessions.id });
    await recordAudit(tx, {
      actor: input.actor,
      area: "auth",
      action: "update",
      record: { type: "admin", id: input.id, label: input.actor.name },
      changes: { password: "changed", otherSessionsEnded: ended.length },
    });
    return { ok: true, sessionsEnded: ended.length };
  });
}

/** Ends every session of the admin, this one included. */
export async function signOutEverywhere(actor: AuditActor & { adminId: string }): Promise<number> {
  return db().transaction(async (tx) => {
    const ended = await tx
      .delete(adminSessions)
      .where(eq(adminSessions.userId, actor.adminId))
      .returning({ id: adminSessions.id });
    await recordAudit(tx, {
      actor,
      area: "auth",
      action: "sign-out",
      record: { type: "admin", id: actor.adminId, label: actor.name },
      changes: { everywhere: true, sessionsEnded: ended.length },
    });
    return ended.length;
  });
}
