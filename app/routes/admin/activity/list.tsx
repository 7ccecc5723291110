import { Download } from "lucide-react";
import { href } from "react-router";
import type { Route } from "./+types/list";
import {
  ActionText,
  ChangesList,
  RecordText,
  type ActivityEntry,
} from "~/components/admin/activity";
import { buttonClass } from "~/components/admin/button";
import { DataTable, ListCard, type Column } from "~/components/admin/list-page";
import { LogFilters, NewerOlderPager } from "~/components/admin/log-list";
import { PageHeader } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_AREA_LABELS, AUDIT_AREAS } from "~/lib/audit";
import { formatDate, formatTime, withDateTexts } from "~/lib/dates";
import { listActivity, parseActivityQuery } from "~/server/audit/activity.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { listMovementStaff } from "~/server/inventory/stock-movements-list.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("activity")];

export const meta: Route.MetaFunction = () => [{ title: "Activity · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseActivityQuery(request.url);
  const [list, staff] = await Promise.all([listActivity(query), listMovementStaff()]);
  const timeZone = config().STORE_TIMEZONE;
  return withDateTexts({ query, list, staff, timeZone }, timeZone);
}

const FILTER_KEYS = ["q", "staff", "area", "action", "from", "to"] as const;

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { query, list, staff, dates, timeZone } = loaderData;
  const filters = new URLSearchParams();
  for (const key of FILTER_KEYS)
    if (query[key] && query[key] !== "all") filters.set(key, query[key]);
  const exportHref = `${href("/budzadmin/dashboard/activity/export.csv")}${filters.size ? `?${filters}` : ""}`;

  const columns: Column<ActivityEntry>[] = [
    {
      key: "when",
      header: "When",
      className: "whitespace-nowrap text-stone-600",
      cell: (e) => (
        <>
          <p>{formatDate(e.createdAt, dates)}</p>
          <p className="text-xs text-stone-500">{formatTime(e.createdAt, dates)}</p>
        </>
      ),
    },
    {
      key: "who",
      header: "Who",
      cell: (e) => (
        <>
          <p className="text-stone-800">{e.adminName}</p>
          <p className="font-mono text-xs text-stone-500">{e.ipAddress ?? "—"}</p>
        </>
      ),
    },
    { key: "action", header: "Action", cell: (e) => <ActionText entry={e} /> },
    { key: "record", header: "Record", cell: (e) => <RecordText entry={e} /> },
    {
      key: "changes",
      header: "Changes",
      hideBelow: "md",
      cell: (e) => <ChangesList entry={e} dates={dates} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Activity"
        description={`Who did what in the admin, when (${timeZone} time) and from where, newest first. Entries cannot be changed or deleted.`}
        actions={
          <a href={exportHref} download className={buttonClass("secondary")}>
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      <ListCard>
        <LogFilters
          id="activity"
          label="Filter activity"
          search={{ label: "Record", placeholder: "Number, id or name" }}
          values={query}
          selects={[
            {
              name: "staff",
              label: "Staff",
              options: [
                { value: "all", label: "Everyone" },
                ...staff.map((admin) => ({ value: admin.id, label: admin.name })),
              ],
            },
            {
              name: "area",
              label: "Area",
              options: [
                { value: "all", label: "All areas" },
                ...AUDIT_AREAS.map((area) => ({ value: area, label: AUDIT_AREA_LABELS[area] })),
              ],
            },
            {
              name: "action",
              label: "Action",
              options: [
                { value: "all", label: "All actions" },
                ...AUDIT_ACTIONS.map((action) => ({
                  value: action,
                  label: AUDIT_ACTION_LABELS[action],
                })),
              ],
            },
          ]}
        />
        <DataTable
          columns={columns}
          rows={list.rows}
          rowKey={(e) => e.id}
          caption="Admin activity, newest first"
          empty={
            filters.size > 0
              ? "No activity matches these filters."
              : "No activity yet. Every change made in the admin appears here."
          }
        />
        <NewerOlderPager newer={list.newer} older={list.older} label="Activity pages" />
      </ListCard>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
