import { ErrorPage } from "~/components/ui/error-page";

/** The admin screens' error boundary: the shared error page with the way back to the dashboard. */
export function AdminErrorBoundary() {
  return <ErrorPage variant="admin" />;
}
