import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { db } from "../db.server";
import { adminUsers } from "../schema";
import { hashPassword } from "./password.server";

export type AdminRole = "owner" | "staff";

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

/** Returns false when no admin has that username. */
export async function resetAdminPassword(username: string, password: string): Promise<boolean> {
  const updated = await db()
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(sql`lower(${adminUsers.username})`, username.toLowerCase()))
    .returning({ id: adminUsers.id });
  return updated.length > 0;
}

/**
 * On start with no admin: creates the owner from ADMIN_USERNAME/ADMIN_PASSWORD, or with a random
 * password that the caller prints once. Returns what was created, or undefined when admins exist.
 */
export async function ensureFirstAdmin(options: {
  username?: string;
  password?: string;
}): Promise<{ username: string; generatedPassword?: string } | undefined> {
  const [{ total }] = (await db().select({ total: count() }).from(adminUsers)) as [{ total: number }];
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
