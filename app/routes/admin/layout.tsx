import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell, SIDEBAR_COOKIE } from "~/components/admin/admin-shell";
import { AdminRouteError } from "~/components/admin/route-error";
import { readCookie } from "~/lib/cookies";
import { readToast } from "~/server/admin/flash.server";
import { requireAdmin } from "~/server/auth/session.server";
import { config } from "~/server/config.server";

export const meta: Route.MetaFunction = () => [
  { title: "Admin · Budz Boutique" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
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

// Admin pages are private: never stored by a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
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
      <AdminRouteError />
    </main>
  );
}
