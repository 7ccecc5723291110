import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { AdminRouteError } from "~/components/admin/route-error";
import { requireAdmin } from "~/server/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data({ message: "This admin screen does not exist." }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = AdminRouteError;
