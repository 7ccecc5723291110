import { data, href, Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell, SIDEBAR_COOKIE } from "~/components/admin/admin-shell";
import { PlainAdminErrorBoundary } from "~/components/admin/route-error";
import { readCookie } from "~/lib/cookies";
import { readToast } from "~/server/admin/flash.server";
import { missingContactDetails } from "~/lib/store-settings";
import { storeSettings } from "~/server/settings/store-settings.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { BackupFailedBanner } from "~/components/admin/backups";
import { dateTexts } from "~/lib/dates";
import { backupStatus } from "~/server/backup/backup.server";
import { config } from "~/server/config.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("admin")];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Admin · ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const { toast, clearHeader } = await readToast(request);
  const { store, payments } = await storeSettings();
  const owner = admin.role === "owner";
  // Owners see a failed backup on every screen until one succeeds.
  const backupFailure = owner ? (await backupStatus()).failure : null;
  const { STORE_TIMEZONE } = config();
  return data(
    {
      backupFailure,
      dates: dateTexts(backupFailure, STORE_TIMEZONE),
      storeName: store.name,
      // A fresh store with no way for shoppers to reach or pay it says so (owners can fix it).
      setup: {
        missingContact: owner && missingContactDetails(store),
        missingPayment: owner && !payments.etransferEmail,
      },
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
      <StoreSetupBanner {...loaderData.setup} />
      {loaderData.backupFailure ? (
        <BackupFailedBanner failure={loaderData.backupFailure} dates={loaderData.dates} />
      ) : null}
      <Outlet />
    </AdminShell>
  );
}

function StoreSetupBanner(setup: { missingContact: boolean; missingPayment: boolean }) {
  if (!setup.missingContact && !setup.missingPayment) return null;
  return (
    <aside
      aria-label="Store setup"
      className="mb-6 space-y-1 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {setup.missingPayment ? (
        <p>
          The store has no Interac e-Transfer address yet: checkout is closed until shoppers have
          somewhere to pay.
        </p>
      ) : null}
      {setup.missingContact ? (
        <p>
          The store has no contact details yet: shoppers see no email, phone or address, and
          newsletters cannot be sent without a postal address.
        </p>
      ) : null}
      <p>
        <Link to={href("/budzadmin/dashboard/settings")} className="font-semibold underline">
          Add them in Settings
        </Link>
        .
      </p>
    </aside>
  );
}

/** An error of the shell itself (an ended session while browsing), on a plain page. */
export const ErrorBoundary = PlainAdminErrorBoundary;
