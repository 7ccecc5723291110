import { AdminErrorBoundary } from "~/components/admin/route-error";
import { errorResponse } from "~/server/http/responses.server";

export async function loader() {
  throw errorResponse("This admin screen does not exist.", 404);
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = AdminErrorBoundary;
