import { countText } from "~/lib/text";
import { Printer } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { href } from "react-router";
import type { Route } from "./+types/packing-slips";
import { buttonClass } from "~/components/admin/button";
import { PlainAdminErrorBoundary } from "~/components/admin/route-error";
import { formatInstant } from "~/components/admin/shipment-status";
import { withDateTexts } from "~/lib/dates";
import { parcelNotes, type Parcel } from "~/lib/parcel";
import { PackingSlipQuery } from "~/schemas/shipping";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { throwFailure } from "~/server/http/responses.server";
import { listPackingSlips, MAX_PACKING_SLIPS } from "~/server/shipping/packing-slips.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = () => [
  { title: "Packing slips · Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A page of its own (no admin shell) so it prints clean; still for signed-in staff only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = PackingSlipQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listPackingSlips({
    orderNumber: query.success ? query.data.order : undefined,
  });
  if (!result.ok) throwFailure(result);
  const single = Boolean(query.success && query.data.order);
  if (!single)
    await recordExport(
      auditActor(context),
      { id: "packing-slips", label: "Packing slips (print)" },
      { slips: result.slips.length },
    );
  const { store } = await storeSettings();
  return withDateTexts(
    {
      ...result,
      single,
      storeName: store.name,
      // Only the contact details set in Settings are printed.
      contact: [store.email, store.phone].filter(Boolean).join(" · "),
      questions: store.email ?? store.phone,
      printedAt: new Date(),
      limit: MAX_PACKING_SLIPS,
    },
    config().STORE_TIMEZONE,
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const cell = "border-b border-stone-200 px-3 py-2";
const head = "border-b-2 border-stone-300 px-3 py-2 text-left text-xs font-semibold uppercase";

function PickBox({ label }: { label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="h-4 w-4 rounded border-stone-400 accent-brand-700"
    />
  );
}

/** A Canada Post parcel's label line, and what to do about its weight. */
function SlipParcel({ parcel }: { parcel: Parcel }) {
  const { label, notes } = parcelNotes(parcel);
  return (
    <div className="mb-3 text-sm" data-testid="parcel">
      <p className="font-semibold">{label}</p>
      {notes.map((note) => (
        <p key={note} className="mt-1 border-l-4 border-amber-500 pl-2 font-medium">
          {note}
        </p>
      ))}
    </div>
  );
}

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { slips, pickList, truncated, single, storeName, contact, questions } = loaderData;
  const { dates, printedAt, limit } = loaderData;
  const date = (value: Date | string) => formatInstant(value, dates);
  const totalUnits = pickList.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <main className="min-h-screen bg-stone-100 py-6 text-stone-900 print:bg-white print:py-0">
      <div className="mx-auto mb-6 flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 print:hidden">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Packing slips</h1>
          <p className="text-sm text-stone-600">
            {single
              ? `Order ${slips[0]?.orderNumber ?? ""}`
              : `${countText(slips.length, "shipment")} being prepared`}
            {truncated ? ` (the oldest ${limit}; print again for the rest)` : ""} · one slip per
            printed page
          </p>
        </div>
        <div className="flex gap-2">
          <a href={href("/budzadmin/dashboard/shipping")} className={buttonClass("secondary")}>
            Back to Shipping
          </a>
          {slips.length > 0 ? (
            <button type="button" className={buttonClass()} onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden />
              Print
            </button>
          ) : null}
        </div>
      </div>

      {slips.length === 0 ? (
        <p className="mx-auto max-w-3xl rounded-xl border border-stone-200 bg-white px-6 py-16 text-center text-stone-600">
          No shipments are being prepared. Orders appear here once they are marked Processing.
        </p>
      ) : null}

      {slips.length > 0 && !single ? (
        <section
          aria-labelledby="pick-list"
          className="mx-auto mb-6 max-w-3xl bg-white p-8 shadow-sm break-after-page print:mb-0 print:max-w-none print:p-0 print:shadow-none"
        >
          <p className="text-sm font-semibold text-brand-800">{storeName}</p>
          <h2 id="pick-list" className="mt-1 text-xl font-bold">
            Pick list
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {countText(totalUnits, "unit")} for {countText(slips.length, "order")} · printed{" "}
            {date(printedAt)}
          </p>
          <table className="mt-5 w-full text-sm">
            <thead>
              <tr>
                <th className={`${head} w-10`}>
                  <span className="sr-only">Picked</span>
                </th>
                <th className={head}>Product</th>
                <th className={head}>Size</th>
                <th className={`${head} text-right`}>Quantity</th>
                <th className={`${head} text-right`}>Orders</th>
              </tr>
            </thead>
            <tbody>
              {pickList.map((line) => (
                <tr key={line.key}>
                  <td className={cell}>
                    <PickBox label={`Picked ${line.productName} ${line.size ?? ""}`} />
                  </td>
                  <td className={`${cell} font-medium`}>{line.productName}</td>
                  <td className={cell}>{line.size ?? "—"}</td>
                  <td className={`${cell} text-right font-semibold tabular-nums`}>
                    {line.quantity}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{line.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {slips.map((slip, index) => (
        <section
          key={slip.orderNumber}
          aria-labelledby={`slip-${slip.orderNumber}`}
          className={`mx-auto mb-6 max-w-3xl bg-white p-8 shadow-sm print:mb-0 print:max-w-none print:p-0 print:shadow-none ${index < slips.length - 1 ? "break-after-page" : ""}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-stone-900 pb-4">
            <div>
              <p className="text-lg font-bold text-brand-800">{storeName}</p>
              {contact ? <p className="text-xs text-stone-600">{contact}</p> : null}
            </div>
            <div className="sm:text-right">
              <h2 id={`slip-${slip.orderNumber}`} className="text-xl font-bold">
                Packing slip
              </h2>
              <p className="font-mono text-sm font-semibold">{slip.orderNumber}</p>
              <p className="text-xs text-stone-600">Ordered {date(slip.orderDate)}</p>
            </div>
          </div>
          <div className="mt-5">
            <p className="mb-3 text-sm font-semibold" data-testid="fulfilment">
              {slip.fulfilment}
            </p>
            {slip.parcel ? <SlipParcel parcel={slip.parcel} /> : null}
            <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
              Ship to
            </h3>
            <address className="mt-1 text-sm leading-6 not-italic">
              <span className="font-semibold">{slip.name}</span>
              <br />
              {slip.street}
              <br />
              {slip.city} {slip.province} {slip.postalCode}
              <br />
              Canada
              {slip.phone ? (
                <>
                  <br />
                  {slip.phone}
                </>
              ) : null}
            </address>
          </div>
          <table className="mt-6 w-full text-sm">
            <thead>
              <tr>
                <th className={`${head} w-10`}>
                  <span className="sr-only">Packed</span>
                </th>
                <th className={head}>Product</th>
                <th className={head}>Size</th>
                <th className={`${head} text-right`}>Quantity</th>
              </tr>
            </thead>
            <tbody>
              {slip.items.map((item, i) => (
                <tr key={i}>
                  <td className={cell}>
                    <PickBox label={`Packed ${item.productName} ${item.size ?? ""}`} />
                  </td>
                  <td className={`${cell} font-medium`}>{item.productName}</td>
                  <td className={cell}>{item.size ?? "—"}</td>
                  <td className={`${cell} text-right font-semibold tabular-nums`}>
                    {item.quantity}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-6 text-xs text-stone-600">
            {slip.items.reduce((sum, item) => sum + item.quantity, 0)} items
            {slip.parcel ? " · Canada Post" : null} · Thank you for shopping with {storeName}.
            {questions ? ` Questions? ${questions}` : null}
          </p>
        </section>
      ))}
    </main>
  );
}

export const ErrorBoundary = PlainAdminErrorBoundary;
