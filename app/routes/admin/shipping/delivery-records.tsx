import { Download } from "lucide-react";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/delivery-records";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DataTable, ListCard, type Column } from "~/components/admin/list-page";
import { NewerOlderPager } from "~/components/admin/log-list";
import { PageHeader } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { formatCalendarDay, formatDate, formatTime, withDateTexts } from "~/lib/dates";
import { METHOD_NAMES, PROVINCE_LAW } from "~/lib/fulfilment";
import { HANDOVER_RESULT_NAMES, ID_KIND_NAMES, REFUSAL_REASON_NAMES } from "~/lib/handover";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import {
  listDeliveryRecords,
  parseRecordsRange,
  type DeliveryRecord,
} from "~/server/shipping/delivery-records.server";
import { PROVINCES } from "~/lib/address";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("delivery.records")];

export const meta: Route.MetaFunction = () => [{ title: "Delivery records · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const range = parseRecordsRange(request.url);
  const params = new URL(request.url).searchParams;
  const list = await listDeliveryRecords(range, {
    after: params.get("after"),
    before: params.get("before"),
  });
  const timeZone = config().STORE_TIMEZONE;
  return withDateTexts({ range, list, timeZone }, timeZone);
}

/** "Ontario 3 years, Alberta 6 years, elsewhere 6 years": how long records are kept. */
const KEPT = (() => {
  const byYears = new Map<number, string[]>();
  for (const p of PROVINCES) {
    const law = PROVINCE_LAW[p.code];
    if (law.methods.some((m) => m !== "parcel"))
      byYears.set(law.recordYears, [...(byYears.get(law.recordYears) ?? []), p.code]);
  }
  return [...byYears].map(([years, codes]) => `${codes.join(", ")}: ${years} years`).join(" · ");
})();

export default function DeliveryRecords({ loaderData }: Route.ComponentProps) {
  const { range, list, dates, timeZone } = loaderData;
  const query = new URLSearchParams(range);
  const exportHref = `${href("/budzadmin/dashboard/deliveries/export.csv")}?${query}`;
  const columns: Column<DeliveryRecord>[] = [
    {
      key: "when",
      header: "When",
      className: "whitespace-nowrap text-stone-600",
      cell: (r) => (
        <>
          <p>{formatDate(r.createdAt, dates)}</p>
          <p className="text-xs text-stone-500">{formatTime(r.createdAt, dates)}</p>
        </>
      ),
    },
    {
      key: "order",
      header: "Order",
      cell: (r) => (
        <>
          <Link
            to={href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: r.orderNumber })}
            className="font-mono whitespace-nowrap text-brand-800 underline"
          >
            {r.orderNumber}
          </Link>
          <p className="text-xs text-stone-500">{METHOD_NAMES[r.method]}</p>
        </>
      ),
    },
    {
      key: "result",
      header: "Result",
      cell: (r) => (
        <>
          <p className={r.result === "refused" ? "font-medium text-red-800" : "font-medium"}>
            {HANDOVER_RESULT_NAMES[r.result]}
          </p>
          <p className="text-xs text-stone-600">
            {r.reason
              ? REFUSAL_REASON_NAMES[r.reason]
              : r.idKind
                ? `${ID_KIND_NAMES[r.idKind]}, born ${r.birthYear}`
                : ""}
          </p>
        </>
      ),
    },
    {
      key: "to",
      header: "To",
      hideBelow: "md",
      cell: (r) => (
        <>
          <p className="break-words text-stone-800">{r.recipientName}</p>
          <p className="text-xs break-words text-stone-500">{r.address}</p>
        </>
      ),
    },
    {
      key: "by",
      header: "By",
      hideBelow: "md",
      cell: (r) => (
        <>
          <p className="text-stone-800">{r.staffName}</p>
          <p className="text-xs text-stone-500">Kept until {formatCalendarDay(r.keepUntil)}</p>
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Delivery records"
        description={`Every local delivery and pickup handed over or refused: who, when (${timeZone} time), where, and the ID check. Kept for each province's years (${KEPT}), then deleted.`}
        actions={
          <a
            href={exportHref}
            download
            className={buttonClass("secondary", "md", "whitespace-nowrap")}
          >
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      <ListCard>
        <Form
          method="get"
          role="search"
          aria-label="Records between two days"
          className="flex flex-wrap items-end gap-3 border-b border-stone-200 p-4"
        >
          <div>
            <label htmlFor="records-from" className="mb-1 block text-xs font-medium text-stone-600">
              From
            </label>
            <input
              id="records-from"
              type="date"
              name="from"
              defaultValue={range.from}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="records-to" className="mb-1 block text-xs font-medium text-stone-600">
              To
            </label>
            <input
              id="records-to"
              type="date"
              name="to"
              defaultValue={range.to}
              className={inputClass}
            />
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            Show
          </button>
        </Form>
        <DataTable
          columns={columns}
          rows={list.rows}
          rowKey={(r) => r.id}
          caption="Delivery records, newest first"
          empty="No delivery or pickup was handed over or refused in these days."
        />
        <NewerOlderPager newer={list.newer} older={list.older} label="Delivery record pages" />
      </ListCard>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
