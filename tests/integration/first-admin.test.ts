import { describe, expect, it } from "vitest";
import {
  ensureFirstAdmin,
  findAdminByUsername,
  resetAdminPassword,
} from "~/server/auth/admin-users.server";
import { verifyPassword } from "~/server/auth/password.server";

describe("first admin", () => {
  it("creates the owner from the environment once, with an argon2id hash", async () => {
    const created = await ensureFirstAdmin({ username: "Owner", password: "s3cret-password" });
    expect(created).toEqual({ username: "Owner", generatedPassword: undefined });
    const user = await findAdminByUsername("owner");
    expect(user!.role).toBe("owner");
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user!.passwordHash, "s3cret-password")).toBe(true);
    expect(await verifyPassword(user!.passwordHash, "wrong")).toBe(false);
    expect(await ensureFirstAdmin({ username: "other", password: "x-password" })).toBeUndefined();
  });

  it("resets a password", async () => {
    expect(await resetAdminPassword("OWNER", "new-password-1")).toBe(true);
    const user = await findAdminByUsername("owner");
    expect(await verifyPassword(user!.passwordHash, "new-password-1")).toBe(true);
    expect(await resetAdminPassword("nobody", "new-password-1")).toBe(false);
  });
});
