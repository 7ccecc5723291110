import { UserPlus } from "lucide-react";
import { Form, href, Link, Outlet, useSubmit } from "react-router";
import type { Route } from "./+types/list";
import { Badge, type Tone } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { selectClass } from "~/components/admin/field";
import { DataTable, ListCard, ResultCount, type Column } from "~/components/admin/list-page";
import { ConfirmDialog } from "~/components/admin/modal";
import { PageHeader } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { formatDateTime, withDateTexts } from "~/lib/dates";
import type { Result } from "~/lib/errors";
import { ADMIN_ROLES, ROLE_LABELS } from "~/lib/permissions";
import { staffIdForm, staffRoleForm } from "~/schemas/staff";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import {
  changeRole,
  deactivateAdmin,
  listStaff,
  reactivateAdmin,
  type AdminStatus,
  type StaffMember,
} from "~/server/auth/staff.server";
import { resetTwoFactor } from "~/server/auth/two-factor.server";
import { auditActor } from "~/server/auth/actor.server";
import type { AuditActor } from "~/server/audit/audit-log.server";
import { config } from "~/server/config.server";
import { dispatchIntent, parseForm, readForm } from "~/server/http/form.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("staff")];

export const meta: Route.MetaFunction = () => [{ title: "Staff · Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = await listStaff();
  return withDateTexts({ staff, me: currentAdmin(context).id }, config().STORE_TIMEZONE);
}

const LIST = href("/budzadmin/dashboard/staff");

/** A row's role select, Deactivate and Reactivate post here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const me = currentAdmin(context);
  /** A change to an admin picked by id (refused on one's own account when `self` says why). */
  const onOtherAdmin = async (
    change: (input: { id: string; actor: AuditActor }) => Promise<Result<{ displayName: string }>>,
    done: (name: string) => string,
    self?: string,
  ) => {
    const submission = await parseForm(form, staffIdForm);
    if (!submission.ok) return redirectWithToast(LIST, "This admin does not exist.", "error");
    if (self && submission.data.id === me.id) return redirectWithToast(LIST, self, "error");
    const result = await change({ ...submission.data, actor: auditActor(context) });
    if (!result.ok) return redirectWithToast(LIST, result.message, "error");
    return redirectWithToast(LIST, done(result.displayName));
  };
  return dispatchIntent(form, {
    role: async () => {
      const submission = await parseForm(form, staffRoleForm);
      if (!submission.ok)
        return redirectWithToast(LIST, "Choose Owner, Manager or Staff.", "error");
      const result = await changeRole({ ...submission.data, actor: auditActor(context) });
      if (!result.ok) return redirectWithToast(LIST, result.message, "error");
      return redirectWithToast(
        LIST,
        `${result.displayName} is now ${ROLE_LABELS[result.role].toLowerCase()}.`,
      );
    },
    deactivate: () =>
      onOtherAdmin(
        deactivateAdmin,
        (name) => `${name} is deactivated and signed out everywhere; they can no longer sign in.`,
        "You cannot deactivate yourself: another owner can, or use Sign out everywhere on My profile.",
      ),
    "reset-two-factor": () =>
      onOtherAdmin(
        resetTwoFactor,
        (name) =>
          `Two-factor sign-in of ${name} is reset and they are signed out; they sign in with their password and set it up again.`,
        "Turn your own two-factor off on My profile (it asks for your password or a code).",
      ),
    reactivate: () => onOtherAdmin(reactivateAdmin, (name) => `${name} can sign in again.`),
  });
}

const STATUS: Record<AdminStatus, { label: string; tone: Tone }> = {
  active: { label: "Active", tone: "green" },
  invited: { label: "Invited", tone: "amber" },
  deactivated: { label: "Deactivated", tone: "stone" },
};

function RoleSelect({ member }: { member: StaffMember }) {
  const submit = useSubmit();
  return (
    <Form method="post" action={LIST} preventScrollReset>
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={member.id} />
      <select
        name="role"
        aria-label={`Role of ${member.displayName}`}
        defaultValue={member.role}
        key={member.role}
        onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
        className={`${selectClass} h-9 w-32 min-w-28 py-1`}
      >
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Change
        </button>
      </noscript>
    </Form>
  );
}

function TwoFactorBadge({ member }: { member: StaffMember }) {
  return member.twoFactor ? (
    <Badge tone="green">2FA on</Badge>
  ) : (
    <Badge tone="stone">2FA off</Badge>
  );
}

/** The owner's reset of another admin's two-factor (a lost phone and no recovery codes). */
function ResetTwoFactor({ member }: { member: StaffMember }) {
  const submit = useSubmit();
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          aria-label={`Reset two-factor of ${member.displayName}`}
        >
          Reset 2FA
        </button>
      }
      title={`Reset two-factor of ${member.displayName}?`}
      message="Their two-factor sign-in and recovery codes are removed and they are signed out everywhere. They sign in with their password alone and can set it up again (they must, when you require it)."
      confirmLabel="Reset two-factor"
      onConfirm={() =>
        void submit(
          { intent: "reset-two-factor", id: member.id },
          { method: "post", action: LIST, preventScrollReset: true },
        )
      }
    />
  );
}

function RowActions({ member, me }: { member: StaffMember; me: string }) {
  if (member.id === me) return <span className="text-xs text-stone-500">You</span>;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {member.twoFactor ? <ResetTwoFactor member={member} /> : null}
      <StatusAction member={member} />
    </div>
  );
}

function StatusAction({ member }: { member: StaffMember }) {
  const submit = useSubmit();
  if (member.status === "deactivated")
    return (
      <Form method="post" action={LIST} preventScrollReset>
        <input type="hidden" name="intent" value="reactivate" />
        <input type="hidden" name="id" value={member.id} />
        <button
          type="submit"
          className={buttonClass("secondary", "sm")}
          aria-label={`Reactivate ${member.displayName}`}
        >
          Reactivate
        </button>
      </Form>
    );
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          aria-label={`Deactivate ${member.displayName}`}
        >
          Deactivate
        </button>
      }
      title={`Deactivate ${member.displayName}?`}
      message="They are signed out at once, everywhere, and can no longer sign in. You can reactivate them later."
      confirmLabel="Deactivate"
      onConfirm={() =>
        void submit(
          { intent: "deactivate", id: member.id },
          { method: "post", action: LIST, preventScrollReset: true },
        )
      }
    />
  );
}

/** Users & permissions: every admin, their role and status, invitations. */
export default function StaffList({ loaderData }: Route.ComponentProps) {
  const { staff, me, dates } = loaderData;
  const columns: Column<StaffMember>[] = [
    {
      key: "name",
      header: "Name",
      cell: (m) => (
        <div className="min-w-0">
          <p className="font-medium text-stone-900">{m.displayName}</p>
          <p className="truncate text-xs text-stone-500">
            {m.username}
            {m.email ? ` · ${m.email}` : ""}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
            <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
            <TwoFactorBadge member={m} />
            <RowActions member={m} me={me} />
          </div>
        </div>
      ),
    },
    { key: "role", header: "Role", cell: (m) => <RoleSelect member={m} /> },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (m) => <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>,
    },
    {
      key: "two-factor",
      header: "Two-factor",
      hideBelow: "sm",
      cell: (m) => <TwoFactorBadge member={m} />,
    },
    {
      key: "last",
      header: "Last sign-in",
      hideBelow: "md",
      cell: (m) => (
        <span className="whitespace-nowrap text-stone-600">
          {m.lastLoginAt ? formatDateTime(m.lastLoginAt, dates) : "Never"}
        </span>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      hideBelow: "sm",
      className: "text-right",
      cell: (m) => <RowActions member={m} me={me} />,
    },
  ];
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can use this admin, and what each role may do (the README's permissions table)."
        actions={
          <Link to="invite" className={buttonClass("primary")}>
            <UserPlus className="h-4 w-4" aria-hidden />
            Invite staff
          </Link>
        }
      />
      <ListCard>
        <ResultCount total={staff.length} noun="admin" />
        <DataTable
          columns={columns}
          rows={staff}
          rowKey={(m) => m.id}
          caption="Admins"
          empty="No admins yet."
        />
      </ListCard>
      <p className="mt-4 text-sm text-stone-600">
        Owners can do everything. Managers can do everything but staff, settings, the activity log
        and the database tools. Staff work on orders, shipping, products and customers, without
        exports, mailings, coupons, taxes or reports.
      </p>
      <Outlet />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
