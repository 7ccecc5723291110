import { formatDateTime } from "~/lib/dates";
import { statusName } from "~/lib/order-status";
import type { AdminOrder } from "~/server/orders/order-admin.server";
import { Badge, type Tone } from "./badges";

/** The order page's building blocks: a titled card, a label/value line, the emails list. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

export function Line({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? "text-base font-semibold text-stone-900" : "text-stone-600"}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

const EMAIL_TONES: Record<string, Tone> = {
  sent: "green",
  pending: "amber",
  sending: "blue",
  failed: "red",
  bounced: "red",
};
/** An outbox message's status (sent, pending, failed…); a removed message reads "Removed". */
export function EmailStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge tone={EMAIL_TONES[status ?? ""] ?? "stone"}>{statusName(status ?? "removed")}</Badge>
  );
}

const EMAIL_NAMES: Record<string, string> = {
  confirmation: "Order confirmation",
  payment_received: "Payment received",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  unpaid_reminder: "Payment reminder",
};

/** Every email the order sent the shopper, with its outbox status (sent, pending, failed…). */
export function OrderEmails({
  emails,
  timeZone,
}: {
  emails: AdminOrder["emails"];
  timeZone: string;
}) {
  const when = (date: Date | string) => formatDateTime(date, timeZone);
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
                <p className="text-xs break-all text-stone-500">
                  {e.sentTo} · queued {when(e.queuedAt)}
                  {e.sentAt ? ` · sent ${when(e.sentAt)}` : ""}
                </p>
                {e.lastError ? <p className="text-xs text-stone-500">{e.lastError}</p> : null}
              </div>
              <EmailStatusBadge status={e.status} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
