import { countText } from "~/lib/text";
import type { Route } from "./+types/print";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { formatCalendarDay, formatDateTime, withDateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { statusName } from "~/lib/order-status";
import { PRINT_NO_ORDERS, printRangeProblem } from "~/lib/print-orders";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { errorResponse } from "~/server/http/responses.server";
import { listOrdersForPrint } from "~/server/orders/order-admin.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = () => [
  { title: "Orders report" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The printable Orders report (a new window from Print Orders). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const problem = printRangeProblem(from, to);
  if (problem) throw errorResponse(problem, 400);
  const report = await listOrdersForPrint(from, to);
  await recordExport(
    auditActor(context),
    { id: "orders-print", label: "Orders report (print)" },
    { from, to, orders: report.orders.length },
  );
  return withDateTexts(
    { from, to, ...report, storeName: (await storeSettings()).store.name, printedAt: new Date() },
    config().STORE_TIMEZONE,
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const th = "border-b-2 border-stone-300 px-2 py-2 text-left font-semibold";
const td = "border-b border-stone-200 px-2 py-1.5 align-top";

export default function PrintOrders({ loaderData }: Route.ComponentProps) {
  const { orders, totals, from, to, storeName, printedAt, dates } = loaderData;
  const day = (iso: string) => formatCalendarDay(iso);
  return (
    <main className="mx-auto max-w-5xl bg-white p-6 text-sm text-stone-900 print:max-w-none print:p-0">
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {storeName}
          </p>
          <h1 className="text-2xl font-bold">Orders report</h1>
          <p className="text-stone-600">
            {day(from)} to {day(to)} · printed {formatDateTime(printedAt, dates)}
          </p>
        </div>
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white print:hidden"
        >
          Print
        </button>
      </div>
      {orders.length === 0 ? (
        <p role="status" className="rounded-lg bg-stone-100 p-4">
          {PRINT_NO_ORDERS}
        </p>
      ) : (
        <table className="w-full border-collapse text-xs print:text-[10pt]">
          <caption className="sr-only">Orders placed in the range</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Order
              </th>
              <th scope="col" className={th}>
                Date
              </th>
              <th scope="col" className={th}>
                Customer
              </th>
              <th scope="col" className={th}>
                Ship to
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={`${th} text-right`}>
                Items
              </th>
              <th scope="col" className={`${th} text-right`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="break-inside-avoid">
                <td className={`${td} font-medium whitespace-nowrap`}>{o.orderNumber}</td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(o.createdAt, dates)}</td>
                <td className={td}>
                  {o.customerName}
                  <br />
                  <span className="text-stone-600">{o.email}</span>
                </td>
                <td className={td}>
                  {o.city}, {o.province}
                </td>
                <td className={td}>{statusName(o.status)}</td>
                <td className={`${td} text-right tabular-nums`}>{o.itemCount}</td>
                <td
                  className={`${td} text-right tabular-nums ${o.status === "cancelled" ? "text-stone-500 line-through" : ""}`}
                >
                  {formatMoney(o.totalCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <td className="px-2 pt-3" colSpan={5}>
                {countText(totals.orders, "order")}
                {totals.cancelled ? ` (${totals.cancelled} cancelled, not counted in totals)` : ""}
              </td>
              <td className="px-2 pt-3 text-right tabular-nums">{totals.items}</td>
              <td className="px-2 pt-3 text-right tabular-nums">
                {formatMoney(totals.totalCents)}
              </td>
            </tr>
            <tr className="font-normal text-stone-600">
              <td className="px-2" colSpan={7}>
                Subtotal {formatMoney(totals.subtotalCents)} · Discounts −
                {formatMoney(totals.discountCents)} · Shipping {formatMoney(totals.shippingCents)}
                {totals.taxCents > 0 ? ` · Taxes ${formatMoney(totals.taxCents)}` : ""}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </main>
  );
}
