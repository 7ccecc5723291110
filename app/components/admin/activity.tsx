import { ArrowRight } from "lucide-react";
import { href, Link } from "react-router";
import { AUDIT_ACTION_LABELS, AUDIT_AREA_LABELS } from "~/lib/audit";
import { describeChanges, recordTypeLabel } from "~/lib/activity-text";
import { formatDate, formatTime, type Zone } from "~/lib/dates";
import type { ActivityRow } from "~/server/audit/activity.server";
import { Section } from "./page";

/** An audit entry as the Activity screen and a record's panel receive it. */
export type ActivityEntry = Omit<ActivityRow, "createdAt" | "adminId" | "changes"> & {
  createdAt: Date | string;
  changes: Record<string, unknown> | null;
};

/** The admin page of an entry's record, when it has one. */
function recordHref(type: string | null, id: string | null): string | null {
  if (!type || !id) return null;
  switch (type) {
    case "product":
      return href("/budzadmin/dashboard/products/:productId", { productId: id });
    case "order":
      return href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: id });
    case "customer":
      return href("/budzadmin/dashboard/customers/:customerId", { customerId: id });
    case "coupon":
      return href("/budzadmin/dashboard/coupons/:couponId", { couponId: id });
    case "image":
      return href("/budzadmin/dashboard/images/:imageId", { imageId: id });
    case "province":
      return href("/budzadmin/dashboard/settings/provinces/:province", { province: id });
    case "campaign":
      return href("/budzadmin/dashboard/emails/:campaignId", { campaignId: id });
    case "lot":
      return href("/budzadmin/dashboard/lots/:lotId", { lotId: id });
    case "template":
    case "email-template":
      return href("/budzadmin/dashboard/emails/templates/:templateId", { templateId: id });
    default:
      return null;
  }
}

/** The Activity screen filtered by one record (a record panel's "See all"). */
function recordActivityHref(id: string): string {
  return `${href("/budzadmin/dashboard/activity")}?${new URLSearchParams({ q: id })}`;
}

/** "Area · Action". */
export function ActionText({ entry }: { entry: Pick<ActivityEntry, "area" | "action"> }) {
  return (
    <>
      <span className="text-stone-800">{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</span>
      <span className="block text-xs text-stone-500">
        {AUDIT_AREA_LABELS[entry.area] ?? entry.area}
      </span>
    </>
  );
}

/** The record an entry names, linked to its page when it has one. */
export function RecordText({ entry }: { entry: ActivityEntry }) {
  if (!entry.recordType && !entry.recordLabel) return <span className="text-stone-400">—</span>;
  const to = recordHref(entry.recordType, entry.recordId);
  const label = entry.recordLabel || entry.recordId || entry.recordType;
  return (
    <div className="max-w-56 min-w-0 break-words">
      {to ? (
        <Link to={to} className="font-medium text-brand-800 hover:underline">
          {label}
        </Link>
      ) : (
        <span className="font-medium text-stone-800">{label}</span>
      )}
      {entry.recordType ? (
        <span className="block text-xs text-stone-500">{recordTypeLabel(entry.recordType)}</span>
      ) : null}
    </div>
  );
}

/**
 * What changed, in words and the store's units (app/lib/activity-text.ts): each field before →
 * after (edits), or what the action touched; the entry's data as recorded behind a disclosure.
 */
export function ChangesList({ entry, dates }: { entry: ActivityEntry; dates: Zone }) {
  const lines = describeChanges(entry, dates);
  if (lines.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <div className="max-w-md text-xs">
      <ul className="space-y-1">
        {lines.map((line, i) => (
          <li key={i} className="break-words">
            <span className="font-medium text-stone-700">{line.label}: </span>
            {line.before === undefined ? (
              <span className="text-stone-800">{line.value}</span>
            ) : (
              <>
                <del className="text-stone-500">{line.before}</del>
                <ArrowRight className="mx-1 inline h-3 w-3" aria-label="changed to" />
                <ins className="text-stone-900 no-underline">{line.value}</ins>
              </>
            )}
            {line.note ? <span className="text-stone-600"> ({line.note})</span> : null}
          </li>
        ))}
      </ul>
      <details className="mt-1">
        <summary className="cursor-pointer text-stone-500 hover:text-stone-700">
          Data as recorded
        </summary>
        <pre className="mt-1 max-h-48 overflow-auto rounded bg-stone-50 p-2 font-mono text-[11px] whitespace-pre-wrap text-stone-700">
          {JSON.stringify(entry.changes, null, 2)}
        </pre>
      </details>
    </div>
  );
}

/**
 * A record's own entries on its page (order, product, customer): the newest few, each with who,
 * when and what changed, and a link to all of them on the Activity screen. Owners only.
 */
export function ActivityPanel({
  activity,
  recordId,
  dates,
}: {
  activity: { rows: ActivityEntry[]; more: boolean } | null;
  recordId: string;
  dates: Zone;
}) {
  if (!activity) return null;
  return (
    <Section title="Activity">
      {activity.rows.length === 0 ? (
        <p className="text-sm text-stone-500">No admin activity recorded yet.</p>
      ) : (
        <ol className="space-y-3">
          {activity.rows.map((entry) => (
            <li key={entry.id} className="border-l-2 border-stone-200 pl-3 text-sm">
              <p className="text-stone-800">
                <span className="font-medium">
                  {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
                </span>{" "}
                by {entry.adminName}
              </p>
              <p className="text-xs text-stone-500">
                {formatDate(entry.createdAt, dates)}, {formatTime(entry.createdAt, dates)}
              </p>
              <ChangesList entry={entry} dates={dates} />
            </li>
          ))}
        </ol>
      )}
      {activity.more ? (
        <p className="mt-3 text-sm">
          <Link to={recordActivityHref(recordId)} className="font-medium text-brand-800 underline">
            See all activity
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
