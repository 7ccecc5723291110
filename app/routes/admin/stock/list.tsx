import { Boxes, Download } from "lucide-react";
import { href, Link } from "react-router";
import type { Route } from "./+types/list";
import { buttonClass } from "~/components/admin/button";
import { DataTable, ListCard, type Column } from "~/components/admin/list-page";
import { PageHeader } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { LogFilters, NewerOlderPager } from "~/components/admin/log-list";
import { QuantityChange } from "~/components/admin/stock-movements";
import { formatDate, formatTime, withDateTexts } from "~/lib/dates";
import { sizeLabel } from "~/lib/product";
import { STOCK_REASON_LABELS, STOCK_REASONS } from "~/lib/stock";
import { parseListQuery } from "~/schemas/admin-list";
import { StockMovementListQuerySchema } from "~/schemas/stock-movements";
import { config } from "~/server/config.server";
import {
  listMovementStaff,
  listStockMovements,
} from "~/server/inventory/stock-movements-list.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { useCan } from "~/components/admin/use-can";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

export const meta: Route.MetaFunction = () => [{ title: "Stock movements · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, StockMovementListQuerySchema);
  const [list, staff] = await Promise.all([listStockMovements(query), listMovementStaff()]);
  return withDateTexts({ query, list, staff }, config().STORE_TIMEZONE);
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const size = (m: Row) => (m.size ? sizeLabel({ size: m.size, sizeUnit: m.sizeUnit ?? "" }) : null);

export default function StockMovements({ loaderData }: Route.ComponentProps) {
  const allowed = useCan();
  const { query, list, staff, dates } = loaderData;
  const filters = new URLSearchParams();
  for (const key of ["q", "reason", "staff", "from", "to"] as const)
    if (query[key] && query[key] !== "all") filters.set(key, query[key]);
  const exportHref = `${href("/budzadmin/dashboard/stock/export.csv")}${filters.size ? `?${filters}` : ""}`;
  const filtered = filters.size > 0;

  const columns: Column<Row>[] = [
    {
      key: "when",
      header: "Date",
      className: "whitespace-nowrap text-stone-600",
      cell: (m) => (
        <>
          <p>{formatDate(m.createdAt, dates)}</p>
          <p className="text-xs text-stone-500">{formatTime(m.createdAt, dates)}</p>
        </>
      ),
    },
    {
      key: "product",
      header: "Product",
      cell: (m) => (
        <div className="max-w-52 min-w-0">
          <Link
            to={href("/budzadmin/dashboard/products/:productId", { productId: m.productId })}
            className="font-medium text-brand-800 hover:underline"
          >
            {m.productName}
          </Link>
          {m.sku ? <p className="font-mono text-xs text-stone-500">{m.sku}</p> : null}
          {/* Phones: the size and reason columns are hidden, so they sit under the name. */}
          <p className="text-xs text-stone-500 sm:hidden">
            {[size(m), STOCK_REASON_LABELS[m.reason]].filter(Boolean).join(" · ")}
          </p>
        </div>
      ),
    },
    {
      key: "size",
      header: "Size",
      hideBelow: "sm",
      className: "whitespace-nowrap",
      cell: (m) => size(m) ?? <span className="text-stone-400">—</span>,
    },
    {
      key: "reason",
      header: "Reason",
      hideBelow: "sm",
      cell: (m) => (
        <div className="max-w-48">
          <p className="text-stone-800">{STOCK_REASON_LABELS[m.reason]}</p>
          {m.note ? <p className="text-xs break-words text-stone-500">{m.note}</p> : null}
        </div>
      ),
    },
    {
      key: "change",
      header: "Change",
      className: "text-right",
      cell: (m) => <QuantityChange quantity={m.quantity} />,
    },
    {
      key: "after",
      header: "Stock after",
      hideBelow: "md",
      className: "text-right tabular-nums",
      cell: (m) => m.stockAfter,
    },
    {
      key: "order",
      header: "Order",
      hideBelow: "md",
      className: "whitespace-nowrap",
      cell: (m) =>
        m.orderNumber ? (
          <Link
            to={href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: m.orderNumber })}
            className="font-mono text-brand-800 hover:underline"
          >
            {m.orderNumber}
          </Link>
        ) : (
          <span className="text-stone-400">—</span>
        ),
    },
    {
      key: "staff",
      header: "Staff",
      hideBelow: "lg",
      cell: (m) => (
        <span className={m.staff ? "text-stone-800" : "text-stone-500"}>{m.staff ?? "Store"}</span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Stock movements"
        description="Every change to stock, newest first: sales, cancellations, deliveries received and corrections."
        actions={
          <>
            <Link to={href("/budzadmin/dashboard/lots")} className={buttonClass("secondary")}>
              <Boxes className="h-4 w-4" aria-hidden />
              Lots
            </Link>
            {allowed("products.transfer") ? (
              <a href={exportHref} download className={buttonClass("secondary")}>
                <Download className="h-4 w-4" aria-hidden />
                Export CSV
              </a>
            ) : null}
          </>
        }
      />
      <ListCard>
        <LogFilters
          id="movement"
          label="Filter stock movements"
          search={{ label: "Product", placeholder: "Name or SKU" }}
          values={query}
          selects={[
            {
              name: "reason",
              label: "Reason",
              options: [
                { value: "all", label: "All reasons" },
                ...STOCK_REASONS.map((reason) => ({
                  value: reason,
                  label: STOCK_REASON_LABELS[reason],
                })),
              ],
            },
            {
              name: "staff",
              label: "Staff",
              options: [
                { value: "all", label: "Everyone" },
                { value: "store", label: "Store (checkout, cancellations)" },
                ...staff.map((admin) => ({ value: admin.id, label: admin.name })),
              ],
            },
          ]}
        />
        <DataTable
          columns={columns}
          rows={list.rows}
          rowKey={(m) => m.id}
          caption="Stock movements, newest first"
          empty={
            filtered
              ? "No stock movements match these filters."
              : "No stock movements yet. Sales, cancellations and stock adjustments appear here."
          }
        />
        <NewerOlderPager newer={list.newer} older={list.older} label="Stock movement pages" />
      </ListCard>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
