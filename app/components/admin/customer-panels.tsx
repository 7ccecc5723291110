import { formatDateTime, type DateTexts } from "~/lib/dates";
import { href, Link } from "react-router";
import { CONSENT_SOURCE_NAMES, CUSTOMER_STATUS_NAMES, emailKindName } from "~/lib/customers";
import type { CustomerView } from "~/server/customers/customer-admin.server";
import { Badge } from "./badges";
import { EmailDelivery, EmailStatusBadge, Section } from "./order-panels";

export function CustomerStatusBadge({ status }: { status: string }) {
  const active = status === "active";
  return (
    <Badge tone={active ? "green" : "stone"}>
      {CUSTOMER_STATUS_NAMES[active ? "active" : "inactive"]}
    </Badge>
  );
}

/** CASL consent as recorded in the newsletter subscribers: when, and where it was given. */
export function ConsentPanel({
  consent,
  dates,
}: {
  consent: CustomerView["consent"];
  /** The loader's dateTexts. */
  dates: DateTexts;
}) {
  const source = (s: string) => CONSENT_SOURCE_NAMES[s] ?? s;
  return (
    <Section title="Marketing consent">
      {consent && !consent.unsubscribedAt ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-stone-900">
            <Badge tone="green">Subscribed</Badge> to the newsletter
          </p>
          <p className="mt-2 text-sm text-stone-600">
            Consent given {formatDateTime(consent.consentedAt, dates)} through{" "}
            {source(consent.source)}
            {consent.consentExpiresAt
              ? ` (implied by a purchase, until ${formatDateTime(consent.consentExpiresAt, dates)})`
              : ""}
            .
          </p>
        </>
      ) : consent ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-stone-900">
            <Badge tone="stone">Unsubscribed</Badge>
          </p>
          <p className="mt-2 text-sm text-stone-600">
            Withdrew consent {formatDateTime(consent.unsubscribedAt!, dates)} (first given{" "}
            {formatDateTime(consent.consentedAt, dates)} through {source(consent.source)}).
          </p>
        </>
      ) : (
        <p className="text-sm text-stone-600">
          No consent recorded for this email address: do not send marketing email.
        </p>
      )}
    </Section>
  );
}

/**
 * Every email the shop sent to the customer's address (order emails, staff messages, campaigns,
 * newsletters, account emails), newest first, with its outbox status.
 */
export function CustomerEmailHistory({
  emails,
  total,
  dates,
}: {
  emails: CustomerView["emails"];
  /** How many the outbox holds for the address (the list shows the newest). */
  total: number;
  /** The loader's dateTexts. */
  dates: DateTexts;
}) {
  const when = (date: Date | string) => formatDateTime(date, dates);
  return (
    <Section title="Emails from the shop">
      {emails.length === 0 ? (
        <p className="text-sm text-stone-500">No emails sent to this customer yet.</p>
      ) : (
        <>
          <ul
            className="divide-y divide-stone-100 text-sm"
            aria-label="Emails sent to this customer"
          >
            {emails.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="text-xs font-semibold text-stone-500">
                    {emailKindName(e.kind)}
                    {e.orderNumber ? (
                      <>
                        {" · "}
                        <Link
                          to={href("/budzadmin/dashboard/orders/:orderNumber", {
                            orderNumber: e.orderNumber,
                          })}
                          aria-label={`Order ${e.orderNumber}`}
                          className="text-brand-800 underline"
                        >
                          {e.orderNumber}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <p className="font-medium break-words text-stone-900">{e.subject}</p>
                  <EmailDelivery
                    to={`To ${e.sentTo}${e.sentBy ? ` · by ${e.sentBy}` : ""}`}
                    email={e}
                    when={when}
                  />
                </div>
                <EmailStatusBadge status={e.status} />
              </li>
            ))}
          </ul>
          {total > emails.length ? (
            <p className="mt-3 text-sm text-stone-600">
              Showing the newest {emails.length} of {total.toLocaleString("en-CA")} emails.
            </p>
          ) : null}
        </>
      )}
    </Section>
  );
}

/** One figure of the customer's totals. */
export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div
      role="group"
      aria-label={`${label}: ${value}`}
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <p className="text-sm font-medium text-stone-500">{label}</p>
      <p className="mt-1 text-xl font-bold text-stone-900 tabular-nums">{value}</p>
      {hint ? <p className="mt-0.5 text-xs text-stone-500">{hint}</p> : null}
    </div>
  );
}
