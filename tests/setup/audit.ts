import type { AuditActor } from "~/server/audit/audit-log.server";

/** Who a test's admin change is by: the admin's id (none: the shell), a name and no address. */
export function testActor(adminId: string | null = null, name = "Test admin"): AuditActor {
  return { adminId, name, ip: "127.0.0.1" };
}
