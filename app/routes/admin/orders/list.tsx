import { countText } from "~/lib/text";
import { href, useLocation } from "react-router";
import { OrderCustomerCell, OrderNumberCell } from "~/components/admin/order-cells";
import type { Route } from "./+types/list";
import { OrderStatusBadge, RefundBadge } from "~/components/admin/badges";
import { ListPage, statusFilter, type Column } from "~/components/admin/list-page";
import { OrderStatusSelect } from "~/components/admin/order-status-control";
import { PrintOrdersDialog } from "~/components/admin/print-orders-dialog";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { formatDate, formatTime, withDateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUSES, statusName } from "~/lib/order-status";
import { parseListQuery } from "~/schemas/admin-list";
import { OrderListQuerySchema } from "~/schemas/orders";
import { config } from "~/server/config.server";
import { listAdminOrders, type AdminOrderRow } from "~/server/orders/order-list.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = () => [{ title: "Orders · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, OrderListQuerySchema);
  return withDateTexts({ query, list: await listAdminOrders(query) }, config().STORE_TIMEZONE);
}

const DATE_OPTIONS = [
  { value: "all", label: "All dates" },
  { value: "today", label: "Today" },
  { value: "yesterday", label: "Yesterday" },
  { value: "this_week", label: "This week" },
];

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { query, list, dates } = loaderData;
  const { search } = useLocation();
  const returnTo = `${href("/budzadmin/dashboard/orders")}${search}`;
  const columns: Column<AdminOrderRow>[] = [
    {
      key: "number",
      header: "Order",
      cell: (o) => (
        <OrderNumberCell orderNumber={o.orderNumber}>
          <p className="text-xs text-stone-500 md:hidden">{o.customerName}</p>
        </OrderNumberCell>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      hideBelow: "md",
      cell: (o) => (
        <OrderCustomerCell name={o.customerName} email={o.email} className="max-w-44" strong />
      ),
    },
    {
      // The item count sits under the total: one column fewer, so the address fits at 1280 px.
      key: "total",
      header: "Total",
      className: "text-right tabular-nums whitespace-nowrap",
      cell: (o) => (
        <>
          <p>{formatMoney(o.totalCents)}</p>
          <p className="text-xs text-stone-500">{countText(o.itemCount, "item")}</p>
        </>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (o) => (
        <div className="flex flex-col items-start gap-1.5">
          <OrderStatusBadge status={o.status} />
          <RefundBadge order={{ totalAmountCents: o.totalCents, refundedCents: o.refundedCents }} />
          <OrderStatusSelect
            order={{
              orderNumber: o.orderNumber,
              status: o.status,
              totalCents: o.totalCents,
              method: o.method,
              paid: o.paid && o.refundedCents < o.totalCents,
            }}
            returnTo={returnTo}
          />
        </div>
      ),
    },
    {
      key: "date",
      header: "Date",
      hideBelow: "sm",
      className: "whitespace-nowrap text-stone-600",
      cell: (o) => (
        <>
          <p>{formatDate(o.createdAt, dates)}</p>
          <p className="text-xs text-stone-500">{formatTime(o.createdAt, dates)}</p>
        </>
      ),
    },
    {
      key: "address",
      header: "Shipping address",
      hideBelow: "xl",
      className: "text-xs text-stone-600",
      cell: (o) => <p className="w-44">{o.shippingAddress}</p>,
    },
  ];

  return (
    <ListPage
      title="Order Management"
      description="Match e-Transfers, pack, ship with Canada Post and follow every order."
      actions={<PrintOrdersDialog />}
      search={{
        q: query.q,
        searchLabel: "Search by order number, customer or email",
        filters: [
          statusFilter(query.status, ORDER_STATUSES, statusName),
          { name: "date", label: "Date", value: query.date, options: DATE_OPTIONS },
        ],
      }}
      list={{ ...list, keyset: true }}
      noun="order"
      table={{
        columns,
        rowKey: (o) => o.id,
        caption: "Orders",
        empty: "No orders match your search.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
