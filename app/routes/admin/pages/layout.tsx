import { href, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { PageHeader, tabClass } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("pages")];

export const meta: Route.MetaFunction = () => [{ title: "Page Editor · Admin" }];

/**
 * Page Editor (docs/product/storefront.md#page-editor): owners and managers; two tabs, each its own
 * URL.
 */
export async function loader() {
  return null;
}

const navTab = ({ isActive }: { isActive: boolean }) => tabClass(isActive);

export default function PageEditorLayout() {
  return (
    <>
      <PageHeader
        title="Page Editor"
        description="The store's pages and the announcement bar on Home. Changes show on the store as soon as they are saved."
      />
      <nav aria-label="Page Editor sections" className="mb-6 flex gap-1 border-b border-stone-200">
        <NavLink to={href("/budzadmin/dashboard/pages")} end className={navTab}>
          Page Content
        </NavLink>
        <NavLink to={href("/budzadmin/dashboard/pages/announcements")} className={navTab}>
          Top Bar Announcements
        </NavLink>
      </nav>
      <Outlet />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
