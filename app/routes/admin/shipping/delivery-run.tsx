import { Form, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/delivery-run";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { PrintPage } from "~/components/admin/print-page";
import { PlainAdminErrorBoundary } from "~/components/admin/route-error";
import { dayOf } from "~/lib/coupons";
import { formatCalendarDay, formatLongCalendarDay } from "~/lib/dates";
import { formatClock } from "~/lib/fulfilment";
import { statusName } from "~/lib/order-status";
import { countText } from "~/lib/text";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { bookedDeliveryDays, deliveryRun } from "~/server/shipping/delivery-run.server";

// Staff who deliver (every role): a page of its own, to print or to carry on a phone.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("delivery")];

export const meta: Route.MetaFunction = () => [
  { title: "Delivery run · Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

const RunQuery = z.object({ date: z.iso.date() });

export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("date");
  const parsed = RunQuery.safeParse({ date: asked });
  const today = dayOf(new Date(), config().STORE_TIMEZONE);
  const date = parsed.success ? parsed.data.date : today;
  const [windows, days] = await Promise.all([deliveryRun(date), bookedDeliveryDays(today)]);
  return {
    date,
    days,
    refused: asked !== null && !parsed.success ? "Enter a date like 2026-12-01." : null,
    windows,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DeliveryRun({ loaderData }: Route.ComponentProps) {
  const { date, days, windows, refused } = loaderData;
  const stops = windows.reduce((sum, window) => sum + window.stops.length, 0);
  return (
    <PrintPage
      title="Delivery run"
      subtitle={`${formatLongCalendarDay(date)} · ${countText(stops, ["delivery", "deliveries"])}`}
      printDisabled={stops === 0}
      actions={
        <>
          <Form method="get" className="flex items-center gap-2">
            <label htmlFor="run-date" className="text-sm font-medium">
              Day
            </label>
            <input
              id="run-date"
              type="date"
              name="date"
              defaultValue={date}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? "date-error" : undefined}
              className={inputClass}
            />
            <button type="submit" className={buttonClass("secondary", "sm")}>
              Show
            </button>
          </Form>
          <a
            href={href("/budzadmin/dashboard/shipping")}
            className={buttonClass("secondary", "sm")}
          >
            Back to Shipping
          </a>
        </>
      }
    >
      {refused ? (
        <p id="date-error" role="alert" className="mb-4 text-sm text-red-700">
          {refused}
        </p>
      ) : null}
      {days.length > 0 ? (
        <nav aria-label="Days with deliveries" className="mb-4 print:hidden">
          <ul className="flex flex-wrap gap-2 text-sm">
            {days.map((day) => (
              <li key={day.date}>
                <a
                  href={`?date=${day.date}`}
                  aria-current={day.date === date ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 ${
                    day.date === date
                      ? "border-brand-700 bg-brand-50 font-semibold text-brand-900"
                      : "border-stone-300 bg-white text-stone-800"
                  }`}
                >
                  {formatCalendarDay(day.date)} ({day.deliveries})
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <h2 className="mb-4 hidden text-xl font-bold print:block">
        Delivery run, {formatLongCalendarDay(date)}
      </h2>
      {stops === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white px-6 py-16 text-center text-stone-600">
          No local deliveries booked for this day.
        </p>
      ) : null}
      {windows.map((window) => (
        <section
          key={`${window.starts}-${window.ends}`}
          aria-labelledby={`window-${window.starts}`}
          className="mb-6"
        >
          <h2 id={`window-${window.starts}`} className="mb-2 text-lg font-semibold">
            {formatClock(window.starts)} to {formatClock(window.ends)}
          </h2>
          <ol className="space-y-3">
            {window.stops.map((stop, index) => (
              <li
                key={stop.orderNumber}
                className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm break-inside-avoid print:shadow-none"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold">
                    {index + 1}. {stop.name}
                  </p>
                  <p className="font-mono text-sm">{stop.orderNumber}</p>
                </div>
                <address className="mt-1 text-sm leading-6 not-italic">
                  {stop.street}, {stop.city} {stop.province} {stop.postalCode}
                  {stop.phone ? (
                    <>
                      <br />
                      <a href={`tel:${stop.phone}`} className="text-brand-800 underline">
                        {stop.phone}
                      </a>
                    </>
                  ) : null}
                </address>
                <ul className="mt-2 text-sm text-stone-700">
                  {stop.items.map((item, i) => (
                    <li key={i}>
                      {item.quantity} × {item.name}
                      {item.size ? ` (${item.size})` : ""}
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-sm font-medium">
                  {stop.status === "pending"
                    ? "Not paid yet: do not deliver."
                    : `Collect: nothing (paid). ${statusName(stop.status)}. Check photo ID at the door.`}
                </p>
                {stop.status === "paid" || stop.status === "processing" ? (
                  <a
                    href={href("/budzadmin/dashboard/handover/:orderNumber", {
                      orderNumber: stop.orderNumber,
                    })}
                    className={`${buttonClass("primary", "sm")} mt-3 print:hidden`}
                    aria-label={`Hand over ${stop.orderNumber} to ${stop.name}`}
                  >
                    Hand over
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </PrintPage>
  );
}

export const ErrorBoundary = PlainAdminErrorBoundary;
