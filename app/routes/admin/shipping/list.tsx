import { formatCount } from "~/lib/text";
import {
  ClipboardCheck,
  ClipboardList,
  Clock,
  MapPinned,
  Package,
  PackageCheck,
  Printer,
  Truck,
} from "lucide-react";
import { href, Link, Outlet, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { useCan } from "~/components/admin/use-can";
import { ListPage, statusFilter, type Column } from "~/components/admin/list-page";
import { ParcelBrief } from "~/components/admin/parcel-label";
import { Alert } from "~/components/form/form";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import {
  canCreateLabel,
  formatDay,
  LabelBatchForm,
  formatInstant,
  ShipmentActions,
  ShipmentStatusBadge,
  TrackingLink,
} from "~/components/admin/shipment-status";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { withDateTexts } from "~/lib/dates";
import { SHIPMENT_STATUSES, statusName } from "~/lib/order-status";
import { parseListQuery } from "~/schemas/admin-list";
import { INVALID_SHIPMENT_CHANGE, shipmentStepForm, ShippingListQuery } from "~/schemas/shipping";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { connectedAccount } from "~/server/canada-post/account.server";
import {
  changeShipmentStatus,
  getShippingStats,
  listShipments,
  type ShipmentRow,
} from "~/server/shipping/shipments.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** The selected rows' label form (its boxes sit in the table, tied to it by `form`). */
const LABEL_BATCH_FORM = "label-batch";

export const meta: Route.MetaFunction = () => [{ title: "Shipping · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, ShippingListQuery);
  const [stats, list, account] = await Promise.all([
    getShippingStats(),
    listShipments(query),
    connectedAccount(),
  ]);
  // Labels are bought through the store's Canada Post account: the page only learns whether it is
  // connected.
  const labels = account !== null;
  return withDateTexts({ query, stats, list, labels }, config().STORE_TIMEZONE);
}

/** A row's status control posts here (in transit, delivered; shipping has its own dialog). */
export async function action({ request, context }: Route.ActionArgs) {
  // The row's buttons hold no field to point at: a refusal is one message above the list.
  const submission = await parseForm(request, shipmentStepForm);
  if (!submission.ok) return formReply({ form: INVALID_SHIPMENT_CHANGE });
  const result = await changeShipmentStatus({ ...submission.data, actor: auditActor(context) });
  if (!result.ok) return formReply({ form: result.message }, { status: result.status });
  return redirectWithToast(
    `${href("/budzadmin/dashboard/shipping")}${new URL(request.url).search}`,
    `Order ${result.orderNumber}: shipment marked ${statusName(result.to)}.`,
  );
}

// A refused change (4xx) still reloads the list, so the row shows where the shipment really is.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => formMethod === "POST" || defaultShouldRevalidate;

export default function ShippingList({ loaderData, actionData }: Route.ComponentProps) {
  const can = useCan();
  const { query, stats, list, dates, labels } = loaderData;
  const labelRows = labels ? list.rows.filter(canCreateLabel) : [];
  const columns: Column<ShipmentRow>[] = [
    {
      key: "order",
      header: "Order",
      cell: (s) => (
        <div className="min-w-0">
          <Link
            to={href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: s.orderNumber })}
            className="font-medium whitespace-nowrap text-stone-900 hover:text-brand-700"
          >
            {s.orderNumber}
          </Link>
          <p className="text-xs text-stone-600 md:hidden">
            {s.customer} · {s.city}, {s.province}
          </p>
          {s.trackingNumber ? (
            <p className="mt-0.5 lg:hidden">
              <TrackingLink trackingNumber={s.trackingNumber} />
            </p>
          ) : null}
          {s.parcel ? (
            <div className="lg:hidden">
              <ParcelBrief parcel={s.parcel} />
            </div>
          ) : null}
          <p className="mt-1 sm:hidden">
            <ShipmentStatusBadge status={s.status} />
          </p>
        </div>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      hideBelow: "md",
      cell: (s) => (
        <div className="max-w-44">
          <p className="truncate text-stone-900" title={s.customer}>
            {s.customer}
          </p>
          <p className="truncate text-xs text-stone-500">
            {s.city}, {s.province}
          </p>
        </div>
      ),
    },
    {
      key: "tracking",
      header: "Tracking",
      hideBelow: "lg",
      cell: (s) => (
        <div className="whitespace-nowrap">
          <TrackingLink trackingNumber={s.trackingNumber} />
          <p className="text-xs text-stone-500">{s.carrier}</p>
          {s.parcel ? <ParcelBrief parcel={s.parcel} /> : null}
        </div>
      ),
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (s) => <ShipmentStatusBadge status={s.status} />,
    },
    {
      // The shipped day sits under the estimate: one column fewer, so the row's buttons fit at
      // 1280 px.
      key: "estimated",
      header: "Est. Delivery",
      hideBelow: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (s) => (
        <>
          <p>{formatDay(s.estimatedDelivery)}</p>
          {s.shippedDate ? (
            <p className="hidden text-xs text-stone-500 lg:block">
              Shipped {formatInstant(s.shippedDate, dates)}
            </p>
          ) : null}
        </>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (s) => <ShipmentActions shipment={s} labels={labels} />,
    },
  ];
  // Rows whose label can be bought get a box: "Create labels for selected" posts the checked ones.
  if (labelRows.length > 0)
    columns.unshift({
      key: "select",
      header: <span className="sr-only">Select for labels</span>,
      // Phones buy a label row by row: the box column would push the row's buttons off screen.
      hideBelow: "sm",
      className: "w-8",
      cell: (s) =>
        canCreateLabel(s) ? (
          <input
            type="checkbox"
            name="shipmentId"
            value={s.id}
            form={LABEL_BATCH_FORM}
            className="h-4 w-4 rounded border-stone-300 text-brand-600"
            aria-label={`Select order ${s.orderNumber} for a label`}
          />
        ) : null,
    });

  return (
    <ListPage
      title="Shipping Management"
      description="Parcels from packing to the shopper's door, with Canada Post tracking."
      actions={
        <>
          <a href={href("/budzadmin/print/delivery-run")} className={buttonClass("secondary")}>
            <MapPinned className="h-4 w-4" aria-hidden />
            Delivery run
          </a>
          <Link to={href("/budzadmin/dashboard/handover")} className={buttonClass("secondary")}>
            <ClipboardCheck className="h-4 w-4" aria-hidden />
            Hand over
          </Link>
          {can("delivery.records") ? (
            <Link to={href("/budzadmin/dashboard/deliveries")} className={buttonClass("secondary")}>
              <ClipboardList className="h-4 w-4" aria-hidden />
              Delivery records
            </Link>
          ) : null}
          <a
            href={href("/budzadmin/print/packing-slips")}
            target="_blank"
            rel="noreferrer"
            className={buttonClass("secondary")}
          >
            <Printer className="h-4 w-4" aria-hidden />
            Print packing slips
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </>
      }
      summary={
        <>
          <StatGrid>
            <StatCard
              label="Preparing"
              value={formatCount(stats.preparing)}
              hint="Paid, being packed"
              icon={Package}
            />
            <StatCard
              label="In Transit"
              value={formatCount(stats.inTransit)}
              hint="Shipped and in transit"
              icon={Truck}
            />
            <StatCard
              label="Delivered"
              value={formatCount(stats.delivered)}
              hint="Delivered to the shopper"
              icon={PackageCheck}
            />
            <StatCard
              label="On Time Rate"
              value={stats.onTimeRate === null ? "—" : `${stats.onTimeRate}%`}
              hint={
                stats.delivered > 0
                  ? `${formatCount(stats.deliveredOnTime)} of ${formatCount(stats.delivered)} by the estimated date`
                  : "Nothing delivered yet"
              }
              icon={Clock}
            />
          </StatGrid>
          <Alert message={actionData?.errors.form} />
          {labelRows.length > 0 ? <LabelBatchForm id={LABEL_BATCH_FORM} /> : null}
        </>
      }
      search={{
        q: query.q,
        searchLabel: "Search by order number, customer or tracking number",
        filters: [statusFilter(query.status, SHIPMENT_STATUSES, statusName)],
      }}
      list={list}
      noun="shipment"
      after={<Outlet />}
      table={{
        columns,
        rowKey: (s) => s.id,
        caption: "Shipments",
        empty: "No shipments match your search.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
