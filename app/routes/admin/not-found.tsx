import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/route-error";

export async function loader() {
  throw data({ message: "This admin screen does not exist." }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = AdminErrorBoundary;
