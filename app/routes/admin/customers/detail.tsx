import { countText } from "~/lib/text";
import { Mail, Pencil } from "lucide-react";
import { href, Link, Outlet } from "react-router";
import { OrderNumberLink } from "~/components/admin/order-cells";
import type { Route } from "./+types/detail";
import { OrderStatusBadge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import {
  ConsentPanel,
  CustomerEmailHistory,
  CustomerStatusBadge,
  Figure,
} from "~/components/admin/customer-panels";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StatGrid } from "~/components/admin/stat-card";
import { provinceName } from "~/lib/address";
import { CUSTOMER_NOT_FOUND, CUSTOMER_ORDERS_SHOWN } from "~/lib/customers";
import { formatDate, formatDateTime, withDateTexts } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { config } from "~/server/config.server";
import { getCustomerView } from "~/server/customers/customer-admin.server";
import { invariantResponse } from "~/server/http/responses.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { recordActivityFor } from "~/server/audit/activity.server";
import { ActivityPanel } from "~/components/admin/activity";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("customers")];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.view.customer.name ?? "Customer"} · Customers · Admin` },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await getCustomerView(params.customerId);
  invariantResponse(view, CUSTOMER_NOT_FOUND, { status: 404 });
  const activity = await recordActivityFor(
    currentAdmin(context),
    "customer",
    view.customer.displayId,
  );
  return withDateTexts({ view, activity }, config().STORE_TIMEZONE);
}

const SOURCES: Record<string, string> = {
  checkout: "their first order",
  import: "a CSV import",
  sample: "sample data",
};

export default function CustomerDetail({ loaderData }: Route.ComponentProps) {
  const { view, activity, dates } = loaderData;
  const { customer: c, totals, orders, consent, emails, emailCount } = view;
  const customerId = c.displayId;
  const allOrders = `${href("/budzadmin/dashboard/orders")}?q=${encodeURIComponent(c.email)}`;
  const place = [c.city, c.province ? provinceName(c.province) : null, c.postcode]
    .filter(Boolean)
    .join(", ");
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/customers"), label: "All customers" }}
      title={c.name}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="font-medium text-stone-800 tabular-nums">{c.displayId}</span>
          <CustomerStatusBadge status={c.status} /> Customer since {formatDate(c.createdAt, dates)}
          {SOURCES[c.source] ? ` (from ${SOURCES[c.source]})` : ""}
        </span>
      }
      actions={
        <>
          <Link
            to={href("/budzadmin/dashboard/customers/:customerId/edit", { customerId })}
            preventScrollReset
            className={buttonClass("secondary")}
          >
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Link>
          <Link
            to={href("/budzadmin/dashboard/customers/:customerId/email", { customerId })}
            preventScrollReset
            className={buttonClass("primary")}
          >
            <Mail className="h-4 w-4" aria-hidden /> Email
          </Link>
        </>
      }
    >
      <StatGrid>
        <Figure label="Orders" value={String(totals.orders)} hint="Every order placed" />
        <Figure label="Spent" value={formatMoney(totals.spentCents)} hint="Paid, less refunds" />
        <Figure
          label="Refunds"
          value={formatMoney(totals.refundedCents)}
          hint={
            totals.refunds === 0
              ? "Nothing refunded"
              : `Refunded on ${countText(totals.refunds, "order")}`
          }
        />
        <Figure label="Cancellations" value={String(totals.cancellations)} hint="Paid or not" />
      </StatGrid>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Orders">
            {orders.length === 0 ? (
              <p className="text-sm text-stone-500">No orders yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">Orders of {c.name}</caption>
                  <thead className="text-xs text-stone-500 uppercase">
                    <tr>
                      <th scope="col" className="pb-2 text-left font-semibold">
                        Order
                      </th>
                      <th scope="col" className="hidden pb-2 text-left font-semibold sm:table-cell">
                        Date
                      </th>
                      <th scope="col" className="pb-2 text-left font-semibold">
                        Status
                      </th>
                      <th scope="col" className="pb-2 text-right font-semibold">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {orders.map((o) => (
                      <tr key={o.id}>
                        <td className="py-2 pr-3">
                          <OrderNumberLink orderNumber={o.orderNumber} />
                        </td>
                        <td className="hidden py-2 pr-3 whitespace-nowrap text-stone-600 sm:table-cell">
                          {formatDateTime(o.createdAt, dates)}
                        </td>
                        <td className="py-2 pr-3">
                          <OrderStatusBadge status={o.status} />
                        </td>
                        <td className="py-2 text-right tabular-nums">
                          {formatMoney(o.totalCents)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {totals.orders > CUSTOMER_ORDERS_SHOWN ? (
              <p className="mt-3 text-sm">
                Showing the newest {CUSTOMER_ORDERS_SHOWN} of {totals.orders}.{" "}
                <Link to={allOrders} className="font-medium text-brand-800 underline">
                  See all in Orders
                </Link>
              </p>
            ) : null}
          </Section>
          <CustomerEmailHistory emails={emails} total={emailCount} dates={dates} />
          <ActivityPanel activity={activity} recordId={customerId} dates={dates} />
        </div>
        <div className="space-y-6">
          <Section title="Contact">
            <p className="text-sm break-all text-stone-900">
              <a href={`mailto:${c.email}`} className="text-brand-800 underline">
                {c.email}
              </a>
            </p>
            <p className="mt-1 text-sm text-stone-700 tabular-nums">{c.phone ?? "No phone"}</p>
            <h3 className="mt-4 text-xs font-semibold text-stone-500 uppercase">Address</h3>
            <address className="text-sm text-stone-700 not-italic">
              {c.address ?? "No address"}
              {place ? (
                <>
                  <br />
                  {place}
                </>
              ) : null}
            </address>
          </Section>
          <ConsentPanel consent={consent} dates={dates} />
          <Section title="Private note">
            {c.note ? (
              <p className="text-sm whitespace-pre-line text-stone-700">{c.note}</p>
            ) : (
              <p className="text-sm text-stone-500">
                No note. Staff only: never shown to the customer.
              </p>
            )}
          </Section>
        </div>
      </div>
      <Outlet />
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
