import type { RouterContextProvider } from "react-router";
import { currentAdmin } from "./admin-guard.server";
import { clientIp } from "../http/request-context.server";
import type { AuditActor } from "../audit/audit-log.server";

/**
 * Who an admin route's change is by, for its audit entry: the admin the guard signed in for this
 * request and the request's client address (TRUST_PROXY hops from the right of X-Forwarded-For).
 */
export function auditActor(context: Readonly<RouterContextProvider>): AuditActor {
  const admin = currentAdmin(context);
  return { adminId: admin.id, name: admin.displayName, ip: clientIp(context) };
}
