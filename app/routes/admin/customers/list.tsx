import { formatCount } from "~/lib/text";
import { DollarSign, Download, Mail, ShoppingBag, Upload, UserCheck, Users } from "lucide-react";
import { href, Link, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { CustomerStatusBadge } from "~/components/admin/customer-panels";
import { ListPage, statusFilter, type Column } from "~/components/admin/list-page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { CUSTOMER_STATUS_NAMES, CUSTOMER_STATUSES, customerDisplayId } from "~/lib/customers";
import { formatMoney } from "~/lib/money";
import { parseListQuery } from "~/schemas/admin-list";
import { CustomerListQuerySchema } from "~/schemas/customers";
import {
  getCustomerStats,
  listCustomers,
  type CustomerRow,
} from "~/server/customers/customer-list.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { useCan } from "~/components/admin/use-can";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers")];

export const meta: Route.MetaFunction = () => [{ title: "Customers · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, CustomerListQuerySchema);
  const [stats, list] = await Promise.all([getCustomerStats(), listCustomers(query)]);
  return { query, stats, list };
}

export default function CustomerList({ loaderData }: Route.ComponentProps) {
  const allowed = useCan();
  const { query, stats, list } = loaderData;
  const { search } = useLocation();
  const exportParams = new URLSearchParams();
  if (query.q) exportParams.set("q", query.q);
  if (query.status !== "all") exportParams.set("status", query.status);
  const exportHref = `${href("/budzadmin/dashboard/customers/export.csv")}${exportParams.size ? `?${exportParams}` : ""}`;
  const detail = (c: CustomerRow) =>
    href("/budzadmin/dashboard/customers/:customerId", {
      customerId: customerDisplayId(c.customerNumber),
    });
  const columns: Column<CustomerRow>[] = [
    {
      key: "customer",
      header: "Customer",
      cell: (c) => (
        <div className="max-w-60 min-w-0">
          <Link
            to={detail(c)}
            className="block truncate font-medium text-stone-900 hover:text-brand-700 hover:underline"
          >
            {c.name}
          </Link>
          <p className="text-xs text-stone-500 tabular-nums">
            {customerDisplayId(c.customerNumber)}
          </p>
          <p className="truncate text-xs text-stone-500 md:hidden">{c.email}</p>
        </div>
      ),
    },
    {
      key: "contact",
      header: "Contact",
      hideBelow: "md",
      cell: (c) => (
        <div className="max-w-64 min-w-0">
          <p className="truncate text-stone-800" title={c.email}>
            {c.email}
          </p>
          <p className="text-xs text-stone-500 tabular-nums">{c.phone ?? "No phone"}</p>
        </div>
      ),
    },
    {
      key: "orders",
      header: "Orders",
      hideBelow: "sm",
      className: "text-right tabular-nums",
      cell: (c) => (
        <div>
          <p>{c.orders}</p>
          {c.cancellations > 0 || c.refundedCents > 0 ? (
            <p className="text-xs whitespace-nowrap text-stone-500">
              {[
                c.cancellations > 0 ? `${c.cancellations} cancelled` : "",
                c.refundedCents > 0 ? `${formatMoney(c.refundedCents)} refunded` : "",
              ]
                .filter(Boolean)
                .join(", ")}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      key: "spent",
      header: "Spent",
      hideBelow: "sm",
      className: "text-right tabular-nums whitespace-nowrap",
      cell: (c) => formatMoney(c.spentCents),
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "lg",
      cell: (c) => <CustomerStatusBadge status={c.status} />,
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (c) => (
        <div className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end sm:gap-2">
          <Link
            to={detail(c)}
            className={buttonClass("secondary", "sm")}
            aria-label={`View ${c.name}`}
          >
            View
          </Link>
          <Link
            to={href("/budzadmin/dashboard/customers/:customerId/email", {
              customerId: customerDisplayId(c.customerNumber),
            })}
            className={buttonClass("secondary", "sm")}
            aria-label={`Email ${c.name}`}
          >
            <Mail className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Email</span>
          </Link>
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title="Customer Management"
      description="Everyone who has ordered or been imported, with their orders and consent."
      actions={
        allowed("customers.transfer") ? (
          <>
            <Link
              to={`${href("/budzadmin/dashboard/customers/import")}${search}`}
              preventScrollReset
              className={buttonClass("secondary")}
            >
              <Upload className="h-4 w-4" aria-hidden />
              Import from CSV
            </Link>
            <a href={exportHref} download className={buttonClass("secondary")}>
              <Download className="h-4 w-4" aria-hidden />
              Export CSV
            </a>
          </>
        ) : undefined
      }
      summary={
        <StatGrid>
          <StatCard
            label="Total Customers"
            value={formatCount(stats.totalCustomers)}
            hint="Customer records"
            icon={Users}
          />
          <StatCard
            label="Active Customers"
            value={formatCount(stats.activeCustomers)}
            hint="Status active"
            icon={UserCheck}
          />
          <StatCard
            label="Avg. Orders"
            value={stats.averageOrders.toFixed(1)}
            hint="Orders per customer"
            icon={ShoppingBag}
          />
          <StatCard
            label="Total Revenue"
            value={formatMoney(stats.revenueCents)}
            hint="Net sales: paid orders before tax and shipping, less refunds"
            icon={DollarSign}
          />
        </StatGrid>
      }
      search={{
        q: query.q,
        searchLabel: "Search by name, email or ID",
        filters: [statusFilter(query.status, CUSTOMER_STATUSES, (s) => CUSTOMER_STATUS_NAMES[s])],
      }}
      list={{ ...list, keyset: true }}
      noun="customer"
      after={<Outlet />}
      table={{
        columns,
        rowKey: (c) => c.id,
        caption: "Customers",
        empty: "No customers match your search.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
