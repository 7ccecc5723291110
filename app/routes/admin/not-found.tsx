import type { Route } from "./+types/not-found";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { errorResponse } from "~/server/http/responses.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("admin")];

export async function loader() {
  throw errorResponse("This admin screen does not exist.", 404);
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = AdminErrorBoundary;
