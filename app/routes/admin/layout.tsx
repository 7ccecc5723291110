import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell, SIDEBAR_COOKIE } from "~/components/admin/admin-shell";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { readCookie } from "~/lib/cookies";
import { readToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";

export const meta: Route.MetaFunction = () => [
  { title: "Admin · Budz Boutique" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const { toast, clearHeader } = await readToast(request);
  return data(
    {
      storeName: config().STORE_NAME,
      admin: { displayName: admin.displayName, role: admin.role },
      collapsed: readCookie(request.headers.get("Cookie"), SIDEBAR_COOKIE) === "collapsed",
      toast,
    },
    { headers: clearHeader ? { "Set-Cookie": clearHeader } : undefined },
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      storeName={loaderData.storeName}
      admin={loaderData.admin}
      collapsed={loaderData.collapsed}
      toast={loaderData.toast}
    >
      <Outlet />
    </AdminShell>
  );
}

/** An error of the shell itself (an ended session while browsing), on a plain page. */
export function ErrorBoundary() {
  return (
    <main className="min-h-screen bg-stone-100/70">
      <AdminErrorBoundary />
    </main>
  );
}
