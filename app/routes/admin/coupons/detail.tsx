import { readFormValues } from "~/server/http/form.server";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/detail";
import { OrderStatusBadge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { CouponForm } from "~/components/admin/coupon-form";
import { SaveButton } from "~/components/admin/save-button";
import { CouponStatusBadge, UsageBar } from "~/components/admin/coupon-parts";
import { DataTable, PageHeader, Pagination, type Column } from "~/components/admin/list-page";
import { Line, Section } from "~/components/admin/order-panels";
import { AdminRouteError } from "~/components/admin/route-error";
import { couponValidity, dayOf, formatCouponValue } from "~/lib/coupons";
import { formatDateTime } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { parseListQuery } from "~/schemas/admin-list";
import { COUPONS_PATH, CouponFormSchema, CouponOrdersQuerySchema } from "~/schemas/coupons";
import { formErrors } from "~/schemas/form-errors";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requireAdmin } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { COUPON_NOT_FOUND, updateCoupon } from "~/server/marketing/coupon-admin.server";
import {
  getAdminCoupon,
  listCouponOrders,
  type CouponOrderRow,
} from "~/server/marketing/coupon-list.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.coupon.code ?? "Coupon"} · Coupons · Admin` },
];

async function findCoupon(id: string) {
  const coupon = isUuid(id) ? await getAdminCoupon(id) : undefined;
  if (!coupon) throw data({ message: COUPON_NOT_FOUND }, { status: 404 });
  return coupon;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const coupon = await findCoupon(params.couponId);
  const { page } = parseListQuery(request.url, CouponOrdersQuerySchema);
  const timeZone = config().STORE_TIMEZONE;
  return {
    coupon,
    orders: await listCouponOrders({ couponId: coupon.id, page }),
    timeZone,
    today: dayOf(new Date(), timeZone),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = CouponFormSchema.safeParse(await readFormValues(request));
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  const result = await updateCoupon(params.couponId, parsed.data);
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirectWithToast(`${COUPONS_PATH}/${result.id}`, `Coupon ${result.code} saved.`);
}

export default function CouponDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, orders, timeZone, today } = loaderData;
  const columns: Column<CouponOrderRow>[] = [
    {
      key: "order",
      header: "Order",
      cell: (o) => (
        <div>
          <Link
            to={`/budzadmin/dashboard/orders/${o.orderNumber}`}
            className="font-medium whitespace-nowrap text-brand-800 hover:underline"
          >
            {o.orderNumber}
          </Link>
          <p className="max-w-40 truncate text-xs text-stone-500 sm:hidden">{o.email}</p>
        </div>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      hideBelow: "sm",
      cell: (o) => (
        <div className="max-w-56">
          <p className="truncate text-stone-900">{o.customerName}</p>
          <p className="truncate text-xs text-stone-500" title={o.email}>
            {o.email}
          </p>
        </div>
      ),
    },
    {
      key: "discount",
      header: "Discount",
      className: "text-right tabular-nums",
      cell: (o) => `−${formatMoney(o.discountCents)}`,
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (o) => (
        <div>
          <OrderStatusBadge status={o.status} />
          {o.status === "cancelled" ? (
            <p className="mt-0.5 text-xs text-stone-500">Use given back</p>
          ) : null}
        </div>
      ),
    },
    {
      key: "date",
      header: "Date",
      hideBelow: "md",
      className: "whitespace-nowrap text-stone-600",
      cell: (o) => formatDateTime(o.createdAt, timeZone),
    },
  ];
  const uncounted = coupon.usedCount - orders.counted;
  const locked = coupon.used
    ? `This coupon has been used (${coupon.usedCount} use${coupon.usedCount === 1 ? "" : "s"}), so its code and type cannot change. You can still deactivate it, end it with an end date, or change its other terms for future orders.`
    : undefined;
  return (
    <>
      <Link
        to={COUPONS_PATH}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All coupons
      </Link>
      <PageHeader
        title={`Coupon ${coupon.code}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <CouponStatusBadge status={coupon.status} /> {formatCouponValue(coupon)} off ·{" "}
            {couponValidity(coupon, timeZone)}
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section
          aria-labelledby="coupon-edit-title"
          className="rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          <h2
            id="coupon-edit-title"
            className="border-b border-stone-200 px-5 py-4 text-sm font-semibold tracking-wide text-stone-500 uppercase"
          >
            Edit coupon
          </h2>
          <div className="p-5">
            <CouponForm
              key={coupon.revision}
              coupon={{
                ...coupon,
                startDay: coupon.startDate ? dayOf(coupon.startDate, timeZone) : today,
                endDay: coupon.endDate ? dayOf(coupon.endDate, timeZone) : null,
              }}
              today={today}
              locked={locked}
              serverErrors={actionData?.errors}
              formId="coupon-form"
            />
          </div>
          <div className="flex justify-end gap-2 border-t border-stone-200 bg-stone-50 px-5 py-3">
            <Link to={COUPONS_PATH} className={buttonClass("secondary")}>
              Cancel
            </Link>
            <SaveButton form="coupon-form">Save Changes</SaveButton>
          </div>
        </section>
        <div className="space-y-6">
          <Section title="Usage">
            <UsageBar code={coupon.code} usedCount={coupon.usedCount} maxUses={coupon.maxUses} />
            <dl className="mt-3 text-sm">
              <Line label="Orders with this code">{orders.total}</Line>
              <Line label="Holding a use">{orders.counted}</Line>
              <Line label="Per customer">{coupon.perCustomerLimit ?? "No limit"}</Line>
              <Line label="Minimum order">
                {coupon.minOrderCents > 0 ? formatMoney(coupon.minOrderCents) : "None"}
              </Line>
            </dl>
            {uncounted > 0 ? (
              <p className="mt-3 text-xs text-stone-500">
                {uncounted} use{uncounted === 1 ? " was" : "s were"} counted without an order in
                this store (sample or imported data), so {uncounted === 1 ? "it is" : "they are"}{" "}
                not listed.
              </p>
            ) : null}
          </Section>
        </div>
      </div>
      <section
        aria-labelledby="coupon-orders-title"
        className="mt-6 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <h2
          id="coupon-orders-title"
          className="border-b border-stone-200 px-5 py-4 text-sm font-semibold tracking-wide text-stone-500 uppercase"
        >
          Orders with this coupon
        </h2>
        <DataTable
          columns={columns}
          rows={orders.rows}
          rowKey={(o) => o.id}
          caption={`Orders that used ${coupon.code}`}
          empty="No order has used this coupon yet."
        />
        <Pagination {...orders} noun="orders" />
      </section>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
