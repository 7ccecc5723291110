import { Archive, Download, HardDriveDownload, Loader2, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { Form, href, Link, useNavigation, useRevalidator } from "react-router";
import { ageText, BACKUP_OVERDUE_HOURS, BACKUP_REASON_LABELS } from "~/lib/backups";
import { formatBytes } from "~/lib/text";
import { formatDateTime, type DateTexts } from "~/lib/dates";
import { buttonClass } from "./button";

/** The backups' pieces of the admin: the Database screen's list, the banner, the Overview's note. */

interface BackupListRow {
  name: string;
  size: number;
  createdAt: string | Date;
  reason: string;
  verified: boolean | null;
  problems: string[];
  where: "local" | "bucket" | "both";
}

interface BackupFailure {
  at: string | Date;
  reason: string;
  error: string;
  /** Written and verified on this server, but not copied to the bucket. */
  kept?: boolean;
}

const WHERE_LABELS = { local: "This server", bucket: "Bucket", both: "Both" } as const;

const databaseHref = () => href("/budzadmin/dashboard/database");

function VerifiedBadge({ verified }: { verified: boolean | null }) {
  const [label, tone] =
    verified === true
      ? ["Verified", "bg-brand-50 text-brand-800"]
      : verified === false
        ? ["Failed verification", "bg-red-50 text-red-800"]
        : ["Not verified", "bg-amber-50 text-amber-900"];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>
      {label}
    </span>
  );
}

/** The Database screen's Backups: Back up now, the schedule, and every backup kept. */
export function BackupsSection({
  backups,
  running,
  schedule,
  bucket,
  locationWarning,
  dates,
}: {
  backups: BackupListRow[];
  running: boolean;
  schedule: {
    hour: number;
    zone: string;
    daily: number;
    weekly: number;
    monthly: number;
    dir: string;
  };
  /** BACKUP_BUCKET, and why its list is missing (if it is). */
  bucket: { name: string; problem: string | null } | null;
  /** Backups and data on one disk: said plainly, with the fixes. */
  locationWarning: string | null;
  dates: DateTexts;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "backup";
  const revalidator = useRevalidator();
  // While a backup is being taken, the list is read again every few seconds until it shows.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <section
      aria-labelledby="backups-heading"
      className="mb-6 rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <header className="flex flex-col gap-3 border-b border-stone-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="backups-heading" className="flex items-center gap-2 font-semibold text-stone-900">
            <Archive className="h-4 w-4 text-brand-700" aria-hidden />
            Backups
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Daily from {String(schedule.hour).padStart(2, "0")}:00 ({schedule.zone}), before
            migrations and before sample data; {schedule.daily} daily and {schedule.weekly} weekly
            kept in <span className="font-mono text-xs break-all">{schedule.dir}</span>
            {bucket ? (
              <>
                , each also copied to the bucket{" "}
                <span className="font-mono text-xs break-all">{bucket.name}</span> ({schedule.daily}{" "}
                daily, {schedule.weekly} weekly and {schedule.monthly} monthly kept there)
              </>
            ) : null}
            . To restore one: <span className="font-mono text-xs">npm run restore -- NAME</span>
            {bucket ? " (a backup only in the bucket is downloaded from it first)" : null}.
          </p>
        </div>
        <Form method="post" className="shrink-0">
          <button
            type="submit"
            name="intent"
            value="backup"
            disabled={running || submitting}
            className={buttonClass("primary")}
          >
            {running || submitting ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <HardDriveDownload className="h-4 w-4" aria-hidden />
            )}
            Back up now
          </button>
        </Form>
      </header>
      {running ? (
        <p
          role="status"
          className="flex items-center gap-2 border-b border-stone-100 px-5 py-3 text-sm text-stone-700"
        >
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          Backing up: the backup shows below once it is written and verified.
        </p>
      ) : null}
      {locationWarning ? (
        <p
          role="note"
          aria-label="Backups and data on one disk"
          className="flex gap-2 border-b border-amber-200 bg-amber-50 px-5 py-3 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {locationWarning}
        </p>
      ) : null}
      {bucket?.problem ? (
        <p className="border-b border-stone-100 px-5 py-3 text-sm text-red-700" role="alert">
          {bucket.problem} The list shows this server&apos;s backups only.
        </p>
      ) : null}
      {backups.length === 0 ? (
        <p className="px-5 py-6 text-sm text-stone-600">
          No backups yet. Back up now, or wait for the daily one.
        </p>
      ) : (
        <ol className="divide-y divide-stone-100" aria-label="Backups kept">
          {backups.map((backup) => (
            <li
              key={backup.name}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">
                  {formatDateTime(backup.createdAt, dates)}
                </p>
                <p className="text-xs text-stone-600">
                  {BACKUP_REASON_LABELS[backup.reason] ?? backup.reason} ·{" "}
                  {formatBytes(backup.size)}
                </p>
                {backup.problems.length ? (
                  <p className="mt-0.5 text-xs text-red-700">{backup.problems.join("; ")}</p>
                ) : null}
              </div>
              <span className="text-xs whitespace-nowrap text-stone-600">
                <span className="sr-only">Where: </span>
                {WHERE_LABELS[backup.where]}
              </span>
              <VerifiedBadge verified={backup.verified} />
              <a
                href={href("/budzadmin/dashboard/database/backups/:name", { name: backup.name })}
                download
                className={buttonClass("secondary", "sm")}
                aria-label={`Download the backup of ${formatDateTime(backup.createdAt, dates)}`}
              >
                <Download className="h-4 w-4" aria-hidden />
                Download
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The warning box both backup notices share (tone: its border, background and text colours). */
function BackupNotice({
  label,
  tone,
  children,
}: {
  label: string;
  tone: string;
  children: React.ReactNode;
}) {
  return (
    <aside
      aria-label={label}
      className={`mb-6 flex gap-3 rounded-xl border px-4 py-3 text-sm ${tone}`}
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {children}
    </aside>
  );
}

/** To owners on every admin screen while the last backup failed (until one succeeds). */
export function BackupFailedBanner({
  failure,
  dates,
}: {
  failure: BackupFailure;
  dates: DateTexts;
}) {
  return (
    <BackupNotice label="Backup failed" tone="border-red-300 bg-red-50 text-red-900">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          {failure.kept ? "The last backup did not reach the bucket" : "The last backup failed"} (
          {BACKUP_REASON_LABELS[failure.reason] ?? failure.reason},{" "}
          {formatDateTime(failure.at, dates)}).
        </p>
        <p className="break-words">{failure.error}</p>
        <p>
          Older backups are kept.{" "}
          <Link to={databaseHref()} className="font-semibold underline">
            Open Backups
          </Link>
        </p>
      </div>
    </BackupNotice>
  );
}

/** The Overview's note to owners when the last good backup is older than the schedule allows. */
export function BackupAgeNotice({
  lastGoodAt,
  ageMs,
  dates,
}: {
  lastGoodAt: string | Date | null;
  ageMs: number | null;
  dates: DateTexts;
}) {
  return (
    <BackupNotice label="Backups" tone="border-amber-300 bg-amber-50 text-amber-900">
      <p>
        {lastGoodAt && ageMs !== null
          ? `The last good backup is ${ageText(ageMs)} old (${formatDateTime(lastGoodAt, dates)}): more than the daily schedule allows (${BACKUP_OVERDUE_HOURS} hours).`
          : "The store has no good backup yet."}{" "}
        <Link to={databaseHref()} className="font-semibold underline">
          Back up now
        </Link>
      </p>
    </BackupNotice>
  );
}
