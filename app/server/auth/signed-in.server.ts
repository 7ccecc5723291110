import { eq } from "drizzle-orm";
import type { AuditAction } from "~/lib/audit";
import { recordAudit } from "../audit/audit-log.server";
import { db, type Executor } from "../db.server";
import { adminUsers } from "../db-tables";
import { createAdminSession, destroyAdminSession } from "./session.server";

// Signing in and out as the audit log sees it (the password step is login.server.ts, the second
// step two-factor.server.ts): each session begun or ended with its entry, in one transaction.

/**
 * The session of a completed sign-in (the password, or its two-factor step after it), with the
 * admin's last sign-in time and the audit entry, in one transaction.
 */
export async function startSignedInSession(input: {
  admin: { id: string; displayName: string; username: string };
  ipAddress: string;
  userAgent?: string | null;
  now: Date;
  changes?: Record<string, unknown>;
}): Promise<string> {
  return db().transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ lastLoginAt: input.now })
      .where(eq(adminUsers.id, input.admin.id));
    const setCookie = await createAdminSession({
      userId: input.admin.id,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      now: input.now,
      executor: tx,
    });
    await recordSignInEvent(tx, {
      action: "sign-in",
      admin: input.admin,
      username: input.admin.username,
      ipAddress: input.ipAddress,
      changes: input.changes,
    });
    return setCookie;
  });
}

/** Signs this request's admin out, with its audit entry; the cookie that clears the session. */
export async function signOut(request: Request, ipAddress: string | null): Promise<string> {
  return db().transaction(async (tx) => {
    const { setCookie, userId } = await destroyAdminSession(request, tx);
    if (userId) {
      const [admin] = await tx
        .select({
          id: adminUsers.id,
          displayName: adminUsers.displayName,
          username: adminUsers.username,
        })
        .from(adminUsers)
        .where(eq(adminUsers.id, userId));
      if (admin)
        await recordSignInEvent(tx, {
          action: "sign-out",
          admin,
          username: admin.username,
          ipAddress,
        });
    }
    return setCookie;
  });
}

/** An audit entry of the sign-in area: who (or which name was tried), from where, what. */
export async function recordSignInEvent(
  executor: Executor,
  event: {
    action: Extract<AuditAction, "sign-in" | "sign-in-failed" | "two-factor-failed" | "sign-out">;
    admin: { id: string; displayName: string } | null;
    username: string;
    ipAddress: string | null;
    changes?: Record<string, unknown>;
  },
): Promise<void> {
  await recordAudit(executor, {
    actor: {
      adminId: event.admin?.id ?? null,
      name: event.admin?.displayName ?? event.username,
      ip: event.ipAddress,
    },
    area: "auth",
    action: event.action,
    record: { type: "admin", id: event.admin?.id ?? event.username, label: event.username },
    changes: event.changes ?? null,
  });
}
