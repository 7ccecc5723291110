import { CheckCircle2, Loader2 } from "lucide-react";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { countText, formatCount } from "~/lib/text";
import type { EmailLogEntry } from "~/server/marketing/newsletter-admin.server";
import { Badge, type Tone } from "./badges";

type LogEntry = Omit<EmailLogEntry, "createdAt" | "sentAt"> & {
  createdAt: Date | string;
  sentAt: Date | string | null;
};

interface Progress {
  subject: string;
  queuedAt: Date | string;
  total: number;
  sent: number;
  failed: number;
  pending: number;
}

const STATUS: Record<string, { label: string; tone: Tone }> = {
  sent: { label: "Sent", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  bounced: { label: "Bounced", tone: "red" },
  pending: { label: "Pending", tone: "amber" },
  sending: { label: "Pending", tone: "amber" },
};

/** The latest newsletter's progress; 'Newsletter sending completed!' once nothing is pending. */
export function NewsletterProgress({
  progress,
  dates,
}: {
  progress: Progress;
  /** The loader's dateTexts. */
  dates: DateTexts;
}) {
  const done = progress.pending === 0;
  const percent = progress.total
    ? Math.round(((progress.total - progress.pending) / progress.total) * 100)
    : 100;
  return (
    <section
      aria-label="Latest newsletter"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div role="status" className="flex items-start gap-2">
        {done ? (
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
        ) : (
          <Loader2 className="mt-0.5 h-5 w-5 shrink-0 animate-spin text-amber-600" aria-hidden />
        )}
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {done ? "Newsletter sending completed!" : "Sending newsletter…"}
          </p>
          <p className="text-sm text-stone-600">
            Sent: {formatCount(progress.sent)} · Failed: {formatCount(progress.failed)}
            {done ? "" : ` · Pending: ${formatCount(progress.pending)}`}
          </p>
        </div>
      </div>
      <p className="mt-2 truncate text-xs text-stone-500">
        “{progress.subject}” · queued {formatDateTime(progress.queuedAt, dates)} to{" "}
        {countText(progress.total, "subscriber")}
      </p>
      <div
        role="progressbar"
        aria-label="Newsletter progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-stone-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}

/** One entry per recipient, newest first, scrolling at a maximum height. */
export function EmailLog({
  entries,
  total,
  dates,
}: {
  entries: LogEntry[];
  total: number;
  /** The loader's dateTexts. */
  dates: DateTexts;
}) {
  return (
    <section
      aria-labelledby="email-log-heading"
      className="rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2 border-b border-stone-200 px-5 py-4">
        <h2 id="email-log-heading" className="text-lg font-semibold text-stone-900">
          Email Log
        </h2>
        {total > entries.length ? (
          <p className="text-xs text-stone-500">
            Latest {formatCount(entries.length)} of {formatCount(total)}
          </p>
        ) : null}
      </div>
      {entries.length === 0 ? (
        <p className="px-5 py-12 text-center text-sm text-stone-500">No emails sent yet</p>
      ) : (
        <ul
          tabIndex={0}
          aria-label="Emails, newest first"
          className="max-h-96 divide-y divide-stone-100 overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {entries.map((entry) => {
            const status = STATUS[entry.status] ?? { label: entry.status, tone: "stone" as Tone };
            return (
              <li key={entry.id} className="px-5 py-3 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 truncate font-medium text-stone-900">{entry.toAddress}</p>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
                <p className="truncate text-stone-600">
                  {entry.kind.endsWith("_test") ? <Badge tone="violet">Test</Badge> : null}{" "}
                  {entry.subject}
                </p>
                <p className="text-xs text-stone-500">
                  {formatDateTime(entry.sentAt ?? entry.createdAt, dates)}
                </p>
                {entry.lastError && entry.status !== "sent" ? (
                  <p className="mt-0.5 text-xs text-red-700">{entry.lastError}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
