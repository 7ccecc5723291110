import { useId } from "react";
import { feeLabel } from "~/lib/fulfilment";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { statusName } from "~/lib/order-status";
import type { AdminOrder } from "~/server/orders/order-admin.server";
import { formatMoney } from "~/lib/money";
import { Badge, type Tone } from "./badges";
import { Line, Section } from "./page";
export { Line, Section } from "./page";

const EMAIL_TONES: Record<string, Tone> = {
  sent: "green",
  pending: "amber",
  sending: "blue",
  failed: "red",
  bounced: "red",
};
/** An outbox message's status (sent, pending, failed…); a removed message reads "Removed". */
/** Under an email's title: to whom, when it was queued and sent, and why it failed if it did. */
export function EmailDelivery({
  to,
  email,
  when,
}: {
  to: string;
  email: { queuedAt: Date | string; sentAt: Date | string | null; lastError: string | null };
  when: (date: Date | string) => string;
}) {
  return (
    <>
      <p className="text-xs break-all text-stone-500">
        {to} · queued {when(email.queuedAt)}
        {email.sentAt ? ` · sent ${when(email.sentAt)}` : ""}
      </p>
      {email.lastError ? <p className="text-xs text-stone-500">{email.lastError}</p> : null}
    </>
  );
}

export function EmailStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge tone={EMAIL_TONES[status ?? ""] ?? "stone"}>{statusName(status ?? "removed")}</Badge>
  );
}

const EMAIL_NAMES: Record<string, string> = {
  confirmation: "Order confirmation",
  payment_received: "Payment received",
  shipped: "Shipped",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
  unpaid_reminder: "Payment reminder",
  refund: "Refund",
  updated: "Order updated",
};

/** Every email the order sent the shopper, with its outbox status (sent, pending, failed…). */
export function OrderEmails({
  emails,
  dates,
}: {
  emails: AdminOrder["emails"];
  /** The loader's dateTexts (the emails' times, written on the server). */
  dates: DateTexts;
}) {
  const when = (date: Date | string) => formatDateTime(date, dates);
  return (
    <Section title="Emails to the shopper">
      {emails.length === 0 ? (
        <p className="text-sm text-stone-500">No emails yet.</p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {emails.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{EMAIL_NAMES[e.kind] ?? e.kind}</p>
                <EmailDelivery to={e.sentTo} email={e} when={when} />
              </div>
              <EmailStatusBadge status={e.status} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The parcel's Canada Post scans (the tracking job stores them), newest first. */
export function TrackingEvents({
  events,
  dates,
}: {
  events: AdminOrder["trackingEvents"];
  /** The loader's dateTexts (the scans' times in the store's time zone). */
  dates: DateTexts;
}) {
  const headingId = useId();
  if (events.length === 0) return null;
  return (
    <div className="mt-4 border-t border-stone-100 pt-3">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        Tracking events
      </h3>
      <ol aria-labelledby={headingId} className="mt-2 space-y-2 text-sm">
        {events.map((event) => (
          <li key={event.id}>
            <p className="text-stone-900">
              {event.description}
              {event.state === "returned" ? (
                <>
                  {" "}
                  <Badge tone="amber">Return to the store</Badge>
                </>
              ) : null}
            </p>
            <p className="text-xs text-stone-500">
              <time dateTime={new Date(event.at).toISOString()}>
                {formatDateTime(event.at, dates)}
              </time>
              {event.location ? ` · ${event.location}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** An order's money: subtotal, discount, shipping, each tax line and the total. */
export function OrderTotals({
  subtotalCents,
  discountCents,
  couponCode,
  shippingCents,
  taxLines,
  totalCents,
  method = "parcel",
  className = "text-sm",
}: {
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  /** The order's fulfilment method: names the fee's line. */
  method?: string;
  taxLines: { kind: string; label: string; amountCents: number }[];
  totalCents: number;
  className?: string;
}) {
  return (
    <dl className={className}>
      <Line label="Subtotal">{formatMoney(subtotalCents)}</Line>
      {discountCents > 0 ? (
        <Line label={`Discount${couponCode ? ` (${couponCode})` : ""}`}>
          −{formatMoney(discountCents)}
        </Line>
      ) : null}
      <Line label={feeLabel(method)}>
        {shippingCents === 0 ? "FREE" : formatMoney(shippingCents)}
      </Line>
      {taxLines.map((line) => (
        <Line key={line.kind} label={line.label}>
          {formatMoney(line.amountCents)}
        </Line>
      ))}
      <Line label="Total" strong>
        {formatMoney(totalCents)}
      </Line>
    </dl>
  );
}
