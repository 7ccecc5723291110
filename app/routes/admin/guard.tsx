import { Outlet } from "react-router";
import type { Route } from "./+types/guard";
import { PlainAdminErrorBoundary } from "~/components/admin/route-error";
import { adminGuard } from "~/server/auth/admin-guard.server";

// Every admin route but sign-in and sign-out sits under this layout (app/routes.ts).
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

// Admin pages are private: never stored by a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminGuard() {
  return <Outlet />;
}

/** An ended session or a refused request outside the shell: a plain page. */
export const ErrorBoundary = PlainAdminErrorBoundary;
