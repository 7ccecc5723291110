import { href } from "react-router";
import { ErrorPage } from "~/components/ui/error-page";

const ADMIN_LINKS = { signIn: href("/budzadmin"), dashboard: href("/budzadmin/dashboard") };

/** The admin screens' error boundary: the shared error page with the way back to the dashboard. */
export function AdminErrorBoundary() {
  return <ErrorPage variant="admin" admin={ADMIN_LINKS} />;
}

/** The same, on a plain page: for routes outside the dashboard shell (the guard, print pages). */
export function PlainAdminErrorBoundary() {
  return (
    <main className="min-h-screen bg-stone-100/70">
      <AdminErrorBoundary />
    </main>
  );
}
