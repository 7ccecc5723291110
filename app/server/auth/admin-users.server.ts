import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { db } from "../db.server";
import { adminSessions, adminUsers } from "../db-tables";
import type { AdminRole } from "~/lib/permissions";
import { hashPassword } from "./password.server";

export type { AdminRole } from "~/lib/permissions";

export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

export async function createAdminUser(options: {
  username: string;
  password: string;
  role?: AdminRole;
  displayName?: string;
}) {
  const [user] = await db()
    .insert(adminUsers)
    .values({
      username: options.username,
      displayName: options.displayName ?? options.username,
      passwordHash: await hashPassword(options.password),
      role: options.role ?? "staff",
    })
    .returning({ id: adminUsers.id, username: adminUsers.username, role: adminUsers.role });
  return user!;
}

export async function findAdminByUsername(username: string) {
  const [user] = await db()
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.username})`, username.toLowerCase()));
  return user;
}

/**
 * Sets a new password and signs the admin out everywhere; false when no admin has that name. The
 * recovery path (npm run admin): a deactivated or invited admin is made active again.
 */
export async function resetAdminPassword(username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db().transaction(async (tx) => {
    const [user] = await tx
      .update(adminUsers)
      .set({ passwordHash, status: "active", deactivatedAt: null })
      .where(eq(sql`lower(${adminUsers.username})`, username.toLowerCase()))
      .returning({ id: adminUsers.id });
    if (!user) return false;
    await tx.delete(adminSessions).where(eq(adminSessions.userId, user.id));
    return true;
  });
}

/**
 * On start with no admin: creates the owner from ADMIN_USERNAME/ADMIN_PASSWORD, or with a random
 * password that the caller prints once. Returns what was created, or undefined when admins exist.
 */
export async function ensureFirstAdmin(options: {
  username?: string;
  password?: string;
}): Promise<{ username: string; generatedPassword?: string } | undefined> {
  const [{ total }] = (await db().select({ total: count() }).from(adminUsers)) as [
    { total: number },
  ];
  if (total > 0) return undefined;
  const username = options.username ?? "admin";
  const generatedPassword = options.password ? undefined : generatePassword();
  await createAdminUser({
    username,
    password: options.password ?? generatedPassword!,
    role: "owner",
    displayName: username === "admin" ? "Admin" : username,
  });
  return { username, generatedPassword };
}
