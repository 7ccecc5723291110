import { formatCalendarDay, formatDate, type DateTexts } from "~/lib/dates";
import { ExternalLink, PackageCheck, Send, Truck } from "lucide-react";
import { Form, href, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { canadaPostTrackingUrl, nextShipmentStatuses, statusName } from "~/lib/order-status";
import { Badge, type Tone } from "./badges";
import { buttonClass } from "./button";
import { ConfirmDialog } from "./modal";

const SHIPMENT_TONES: Record<string, Tone> = {
  preparing: "amber",
  shipped: "blue",
  in_transit: "violet",
  delivered: "green",
};

export function ShipmentStatusBadge({ status }: { status: string }) {
  return <Badge tone={SHIPMENT_TONES[status] ?? "stone"}>{statusName(status)}</Badge>;
}

/** The tracking number as a link to Canada Post's tracking page (a new tab), or a dash. */
export function TrackingLink({ trackingNumber }: { trackingNumber: string | null }) {
  if (!trackingNumber) return <span className="text-stone-500">—</span>;
  return (
    <a
      href={canadaPostTrackingUrl(trackingNumber)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-mono text-xs font-medium text-brand-700 hover:text-brand-900 hover:underline"
    >
      {trackingNumber}
      <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
      <span className="sr-only">(Canada Post tracking, opens in a new tab)</span>
    </a>
  );
}

/** "2025-03-05" (a calendar date) → "Mar 5, 2025". */
export function formatDay(day: string | null): string {
  if (!day) return "—";
  return formatCalendarDay(day);
}

/** An instant as a day in the store's time zone (from the loader's dateTexts). */
export function formatInstant(value: Date | string | null, dates: DateTexts): string {
  if (!value) return "—";
  return formatDate(value, dates);
}

interface RowShipment {
  id: string;
  orderNumber: string;
  status: string;
}

/**
 * A row's status control: one button per move the shipment can make (nextShipmentStatuses), each
 * posting the status the person saw. Shipping opens the tracking-number dialog; delivered asks
 * first (the shopper is emailed and it cannot be undone).
 */
export function ShipmentActions({ shipment }: { shipment: RowShipment }) {
  const { search } = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const action = `${href("/budzadmin/dashboard/shipping")}${search}`;
  const fields = (to: string) => ({
    shipmentId: shipment.id,
    expectedStatus: shipment.status,
    to,
  });
  const next = nextShipmentStatuses(shipment.status);
  if (next.length === 0) return <span className="text-xs text-stone-500">Done</span>;
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {next.map((to) => {
        if (to === "shipped")
          return (
            <Link
              key={to}
              to={`${href("/budzadmin/dashboard/shipping/:shipmentId/ship", { shipmentId: shipment.id })}${search}`}
              preventScrollReset
              className={buttonClass("primary", "sm")}
              aria-label={`Ship order ${shipment.orderNumber}`}
            >
              <Send className="h-3.5 w-3.5" aria-hidden />
              Ship
            </Link>
          );
        if (to === "in_transit")
          return (
            <Form key={to} method="post" action={action} preventScrollReset>
              {Object.entries(fields(to)).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                disabled={busy}
                className={buttonClass("secondary", "sm")}
                aria-label={`Mark order ${shipment.orderNumber} in transit`}
              >
                <Truck className="h-3.5 w-3.5" aria-hidden />
                In transit
              </button>
            </Form>
          );
        return (
          <ConfirmDialog
            key={to}
            title={`Mark order ${shipment.orderNumber} delivered?`}
            message="The order becomes Delivered and the shopper is emailed. This cannot be undone."
            confirmLabel="Mark delivered"
            tone="primary"
            pending={busy}
            onConfirm={() =>
              void submit(fields(to), { method: "post", action, preventScrollReset: true })
            }
            trigger={
              <button
                type="button"
                disabled={busy}
                className={buttonClass("secondary", "sm")}
                aria-label={`Mark order ${shipment.orderNumber} delivered`}
              >
                <PackageCheck className="h-3.5 w-3.5" aria-hidden />
                Delivered
              </button>
            }
          />
        );
      })}
    </div>
  );
}
