import { formatCount } from "~/lib/text";
import { BarChart3, CheckCircle2, Pencil, Plus, Ticket, Users } from "lucide-react";
import { Form, href, Link, Outlet, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { CouponStatusBadge, UsageBar } from "~/components/admin/coupon-parts";
import { ListPage, statusFilter, type Column } from "~/components/admin/list-page";
import { DeleteButton } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import {
  COUPON_STATUS_NAMES,
  COUPON_STATUSES,
  couponValidity,
  formatCouponValue,
} from "~/lib/coupons";
import { withDateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { parseListQuery } from "~/schemas/admin-list";
import { CouponIdSchema, CouponListQuerySchema } from "~/schemas/coupons";
import { redirectWithToast } from "~/server/admin/flash.server";
import { dispatchIntent, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { config } from "~/server/config.server";
import { deleteCoupon, setCouponActive } from "~/server/marketing/coupon-admin.server";
import {
  getCouponStats,
  listAdminCoupons,
  type AdminCouponRow,
} from "~/server/marketing/coupon-list.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("coupons")];

export const meta: Route.MetaFunction = () => [{ title: "Coupons · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, CouponListQuerySchema);
  const now = new Date();
  const [stats, list] = await Promise.all([getCouponStats(now), listAdminCoupons(query, now)]);
  return withDateTexts({ query, stats, list }, config().STORE_TIMEZONE);
}

/** A row's Activate / Deactivate and Delete buttons post here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = `${href("/budzadmin/dashboard/coupons")}${new URL(request.url).search}`;
  const id = CouponIdSchema.safeParse(form.get("id"));
  invariantResponse(id.success, "This coupon is not valid. Reload the page and try again.");
  const result = await dispatchIntent(form, {
    "set-active": async () => {
      const active = form.get("active") === "true";
      const done = await setCouponActive(id.data, active, auditActor(context));
      return done.ok
        ? { ...done, done: active ? "activated" : "deactivated: checkout refuses it from now on" }
        : done;
    },
    delete: async () => {
      const done = await deleteCoupon(id.data, auditActor(context));
      return done.ok ? { ...done, done: "deleted" } : done;
    },
  });
  if (!result.ok) return redirectWithToast(back, result.message, "error");
  return redirectWithToast(back, `Coupon ${result.code} ${result.done}.`);
}

function RowActions({ coupon }: { coupon: AdminCouponRow }) {
  const { search } = useLocation();
  const submit = useSubmit();
  const action = `${href("/budzadmin/dashboard/coupons")}${search}`;
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={href("/budzadmin/dashboard/coupons/:couponId", { couponId: coupon.id })}
        className={buttonClass("ghost", "icon", "max-sm:hidden")}
        aria-label={`Edit ${coupon.code}`}
        title="Edit"
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Link>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="set-active" />
        <input type="hidden" name="id" value={coupon.id} />
        <input type="hidden" name="active" value={coupon.isActive ? "false" : "true"} />
        <button
          type="submit"
          className={buttonClass("secondary", "sm")}
          aria-label={`${coupon.isActive ? "Deactivate" : "Activate"} ${coupon.code}`}
        >
          {coupon.isActive ? "Deactivate" : "Activate"}
        </button>
      </Form>
      {coupon.used ? null : (
        <DeleteButton
          label={`Delete ${coupon.code}`}
          title={`Delete ${coupon.code}?`}
          message="Nobody has used this coupon, so it can be deleted. This action cannot be undone."
          onConfirm={() =>
            void submit(
              { intent: "delete", id: coupon.id },
              { method: "post", action, preventScrollReset: true },
            )
          }
        />
      )}
    </div>
  );
}

export default function CouponList({ loaderData }: Route.ComponentProps) {
  const { query, stats, list, dates } = loaderData;
  const { search } = useLocation();
  const columns: Column<AdminCouponRow>[] = [
    {
      key: "code",
      header: "Code",
      cell: (c) => (
        <div className="min-w-0">
          <Link
            to={href("/budzadmin/dashboard/coupons/:couponId", { couponId: c.id })}
            className="font-mono font-semibold whitespace-nowrap text-brand-800 hover:underline"
          >
            {c.code}
          </Link>
          <p className="max-w-40 truncate text-xs text-stone-500 md:hidden">{c.description}</p>
          <p className="mt-1 flex items-center gap-2 text-sm sm:hidden">
            <span className="font-semibold tabular-nums">{formatCouponValue(c)}</span>
            <CouponStatusBadge status={c.status} />
          </p>
        </div>
      ),
    },
    {
      key: "description",
      header: "Description",
      hideBelow: "md",
      cell: (c) => <p className="max-w-48 text-stone-700">{c.description || "—"}</p>,
    },
    {
      key: "discount",
      header: "Discount",
      hideBelow: "sm",
      cell: (c) => (
        <div className="whitespace-nowrap">
          <p className="font-semibold text-stone-900 tabular-nums">{formatCouponValue(c)}</p>
          <p className="text-xs text-stone-500">
            {c.minOrderCents > 0 ? `Min. ${formatMoney(c.minOrderCents)}` : "No minimum"}
          </p>
        </div>
      ),
    },
    {
      key: "usage",
      header: "Usage",
      hideBelow: "sm",
      cell: (c) => <UsageBar code={c.code} usedCount={c.usedCount} maxUses={c.maxUses} />,
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (c) => (
        <div>
          <CouponStatusBadge status={c.status} />
          <p className="mt-1 hidden max-w-44 text-xs text-stone-500 lg:block">
            {couponValidity(c, dates)}
          </p>
        </div>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (c) => <RowActions coupon={c} />,
    },
  ];

  const unlimited = stats.total - stats.withMax;
  return (
    <ListPage
      title="Coupon Management"
      description="Promo codes shoppers enter in the cart and at checkout."
      actions={
        <Link to={`new${search}`} className={buttonClass("primary")}>
          <Plus className="h-4 w-4" aria-hidden />
          Create New Coupon
        </Link>
      }
      summary={
        <StatGrid>
          <StatCard
            label="Total Coupons"
            value={formatCount(stats.total)}
            hint={`${formatCount(stats.scheduled)} scheduled · ${formatCount(stats.expired)} expired · ${formatCount(stats.inactive)} inactive`}
            icon={Ticket}
          />
          <StatCard
            label="Active Coupons"
            value={formatCount(stats.active)}
            hint="Switched on and within their dates"
            icon={CheckCircle2}
          />
          <StatCard
            label="Total Uses"
            value={formatCount(stats.totalUses)}
            hint="Uses counted across all coupons"
            icon={Users}
          />
          <StatCard
            label="Avg. Usage Rate"
            value={stats.averageUsageRate === null ? "—" : `${stats.averageUsageRate}%`}
            hint={
              stats.withMax === 0
                ? "No coupon has a max uses limit"
                : `Used ÷ max uses, over ${formatCount(stats.withMax)} with a limit${unlimited > 0 ? ` (${formatCount(unlimited)} unlimited not counted)` : ""}`
            }
            icon={BarChart3}
          />
        </StatGrid>
      }
      search={{
        q: query.q,
        searchLabel: "Search by code or description",
        filters: [statusFilter(query.status, COUPON_STATUSES, (s) => COUPON_STATUS_NAMES[s])],
      }}
      list={list}
      noun="coupon"
      after={<Outlet />}
      table={{
        columns,
        rowKey: (c) => c.id,
        caption: "Coupons",
        empty:
          query.q || query.status !== "all"
            ? "No coupons match your search."
            : "No coupons yet. Create one to offer a discount.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
