import { Trash2 } from "lucide-react";
import { consentLapsed } from "~/lib/consent";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import {
  SUBSCRIBER_FILTERS,
  SUBSCRIBER_SOURCES,
  type SubscriberListQuery,
} from "~/schemas/newsletters";
import { Badge } from "./badges";
import { buttonClass } from "./button";
import {
  DataTable,
  ListCard,
  ListToolbar,
  Pagination,
  ResultCount,
  type Column,
} from "./list-page";
import { ConfirmDialog } from "./modal";

interface SubscriberItem {
  id: string;
  email: string;
  source: string;
  consentedAt: Date | string;
  unsubscribedAt: Date | string | null;
  consentType: string;
  consentExpiresAt: Date | string | null;
}

const WHO_LABELS: Record<(typeof SUBSCRIBER_FILTERS)[number], string> = {
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  all: "Everyone",
};

/** The newsletter's people with their consent (time and source); removing one unsubscribes them. */
export function SubscriberTable({
  query,
  list,
  dates,
  onRemove,
}: {
  query: SubscriberListQuery;
  list: {
    rows: SubscriberItem[];
    total: number;
    page: number;
    pageCount: number;
    pageSize: number;
  };
  /** The loader's dateTexts. */
  dates: DateTexts;
  onRemove: (subscriber: SubscriberItem) => void;
}) {
  const columns: Column<SubscriberItem>[] = [
    {
      key: "email",
      header: "Email",
      cell: (s) => (
        <div className="min-w-0">
          <p className="font-medium break-all text-stone-900">{s.email}</p>
          <p className="text-xs text-stone-500 sm:hidden">
            {SUBSCRIBER_SOURCES[s.source] ?? s.source} · {formatDateTime(s.consentedAt, dates)}
          </p>
        </div>
      ),
    },
    {
      key: "source",
      header: "Source",
      hideBelow: "sm",
      cell: (s) => (
        <div>
          <span className="whitespace-nowrap">{SUBSCRIBER_SOURCES[s.source] ?? s.source}</span>
          <p className="text-xs whitespace-nowrap text-stone-500">
            {s.consentType === "implied"
              ? `Implied, until ${formatDateTime(s.consentExpiresAt!, dates)}`
              : "Express"}
          </p>
        </div>
      ),
    },
    {
      key: "consented",
      header: "Consented",
      hideBelow: "md",
      cell: (s) => (
        <span className="whitespace-nowrap text-stone-700">
          {formatDateTime(s.consentedAt, dates)}
        </span>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (s) =>
        s.unsubscribedAt ? (
          <div>
            <Badge tone="stone">Unsubscribed</Badge>
            <p className="mt-1 hidden text-xs whitespace-nowrap text-stone-500 lg:block">
              {formatDateTime(s.unsubscribedAt, dates)}
            </p>
          </div>
        ) : consentLapsed(s.consentExpiresAt) ? (
          <Badge tone="stone">Consent lapsed</Badge>
        ) : (
          <Badge tone="green">Subscribed</Badge>
        ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (s) =>
        s.unsubscribedAt ? null : (
          <ConfirmDialog
            title={`Remove ${s.email}?`}
            message="They will not receive newsletters or campaigns any more. Their consent and its withdrawal stay on record."
            confirmLabel="Remove"
            onConfirm={() => onRemove(s)}
            trigger={
              <button
                type="button"
                className={buttonClass("dangerGhost", "icon")}
                aria-label={`Remove ${s.email}`}
                title="Remove"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            }
          />
        ),
    },
  ];
  return (
    <ListCard>
      <div className="border-b border-stone-200 px-4 pt-4">
        <h2 id="subscribers-heading" className="text-lg font-semibold text-stone-900">
          Subscribers
        </h2>
        <p className="text-sm text-stone-600">
          Who consented, when and where (Canada&apos;s anti-spam law). Removing someone unsubscribes
          them.
        </p>
      </div>
      <ListToolbar
        q={query.q}
        searchLabel="Search by email"
        filters={[
          {
            name: "who",
            label: "Subscription",
            value: query.who,
            options: SUBSCRIBER_FILTERS.map((value) => ({ value, label: WHO_LABELS[value] })),
          },
        ]}
      />
      <ResultCount total={list.total} noun="subscriber" />
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey={(s) => s.id}
        caption="Newsletter subscribers"
        empty={
          query.q || query.who !== "subscribed"
            ? "No subscribers match your search."
            : "No subscribers yet. Shoppers subscribe in the store's footer, at checkout and in My Account."
        }
      />
      <Pagination {...list} noun="subscriber" />
    </ListCard>
  );
}
