import { href, Link } from "react-router";
import { OrderCustomerCell, OrderNumberCell } from "~/components/admin/order-cells";
import type { Route } from "./+types/detail";
import { OrderStatusBadge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { CouponForm } from "~/components/admin/coupon-form";
import { SaveButton } from "~/components/admin/save-button";
import { CouponStatusBadge, UsageBar } from "~/components/admin/coupon-parts";
import { DataTable, Pagination, type Column } from "~/components/admin/list-page";
import { DetailPage, Line, Panel, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { couponValidity, dayOf, formatCouponValue } from "~/lib/coupons";
import { formatDateTime, withDateTexts } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { parseListQuery } from "~/schemas/admin-list";
import { couponForm, CouponOrdersQuerySchema } from "~/schemas/coupons";
import { redirectWithToast } from "~/server/admin/flash.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { config } from "~/server/config.server";
import { COUPON_NOT_FOUND, updateCoupon } from "~/server/marketing/coupon-admin.server";
import {
  getAdminCoupon,
  listCouponOrders,
  type CouponOrderRow,
} from "~/server/marketing/coupon-list.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("coupons")];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.coupon.code ?? "Coupon"} · Coupons · Admin` },
];

async function findCoupon(id: string) {
  const coupon = isUuid(id) ? await getAdminCoupon(id) : undefined;
  invariantResponse(coupon, COUPON_NOT_FOUND, { status: 404 });
  return coupon;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const coupon = await findCoupon(params.couponId);
  const { page } = parseListQuery(request.url, CouponOrdersQuerySchema);
  const timeZone = config().STORE_TIMEZONE;
  const orders = await listCouponOrders({ couponId: coupon.id, page });
  return withDateTexts({ coupon, orders, today: dayOf(new Date(), timeZone) }, timeZone);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, couponForm);
  if (!submission.ok) return submission.reply;
  const result = await updateCoupon(params.couponId, submission.data, auditActor(context));
  if (!result.ok) return formReply(result.errors, { status: result.status, form: submission.form });
  return redirectWithToast(
    href("/budzadmin/dashboard/coupons/:couponId", { couponId: result.id }),
    `Coupon ${result.code} saved.`,
  );
}

export default function CouponDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, orders, dates, today } = loaderData;
  const columns: Column<CouponOrderRow>[] = [
    {
      key: "order",
      header: "Order",
      cell: (o) => (
        <OrderNumberCell orderNumber={o.orderNumber}>
          <p className="max-w-40 truncate text-xs text-stone-500 sm:hidden">{o.email}</p>
        </OrderNumberCell>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      hideBelow: "sm",
      cell: (o) => <OrderCustomerCell name={o.customerName} email={o.email} className="max-w-56" />,
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
      cell: (o) => formatDateTime(o.createdAt, dates),
    },
  ];
  const uncounted = coupon.usedCount - orders.counted;
  const locked = coupon.used
    ? `This coupon has been used (${coupon.usedCount} use${coupon.usedCount === 1 ? "" : "s"}), so its code and type cannot change. You can still deactivate it, end it with an end date, or change its other terms for future orders.`
    : undefined;
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/coupons"), label: "All coupons" }}
      title={`Coupon ${coupon.code}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <CouponStatusBadge status={coupon.status} /> {formatCouponValue(coupon)} off ·{" "}
          {couponValidity(coupon, dates)}
        </span>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Panel
          title="Edit coupon"
          id="coupon-edit-title"
          footer={
            <>
              <Link to={href("/budzadmin/dashboard/coupons")} className={buttonClass("secondary")}>
                Cancel
              </Link>
              <SaveButton form="coupon-form">Save Changes</SaveButton>
            </>
          }
        >
          <CouponForm
            key={coupon.revision}
            coupon={{
              ...coupon,
              startDay: coupon.startDate ? dayOf(coupon.startDate, dates) : today,
              endDay: coupon.endDate ? dayOf(coupon.endDate, dates) : null,
            }}
            today={today}
            locked={locked}
            lastResult={actionData}
            formId="coupon-form"
          />
        </Panel>
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
      <Panel title="Orders with this coupon" id="coupon-orders-title" flush className="mt-6">
        <DataTable
          columns={columns}
          rows={orders.rows}
          rowKey={(o) => o.id}
          caption={`Orders that used ${coupon.code}`}
          empty="No order has used this coupon yet."
        />
        <Pagination {...orders} noun="order" />
      </Panel>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
