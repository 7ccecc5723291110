import { useRouteLoaderData } from "react-router";
import { can, type Permission } from "~/lib/permissions";
import type { loader } from "~/routes/admin/layout";

/**
 * Whether the signed-in admin's role holds a permission, for hiding links and buttons they may
 * not use (the server refuses them anyway: app/server/auth/admin-guard.server.ts).
 */
export function useCan(): (permission: Permission) => boolean {
  const shell = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const role = shell?.admin.role ?? "";
  return (permission) => can(role, permission);
}
