import { dayKey } from "~/lib/invoices";

interface KeptBackup {
  name: string;
  createdAt: Date;
  /** Verified: true; failed its verification: false; not verified (yet): null. */
  verified: boolean | null;
}

/** The Sunday that starts the week of a calendar day (weeks run from Sunday, as the reports'). */
function weekOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCDate(date.getUTCDate() - date.getUTCDay());
  return date.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * The backups to delete once a newer one is verified, in generations: of the verified backups,
 * the newest of each of the `daily` most recent days that have one and of each of the `weekly`
 * most recent weeks (from Sunday, in the store's time zone) are kept, and every backup of the
 * last 24 hours (so one taken before a migration or before sample data outlives that day's
 * scheduled one for a day). Nothing older than the newest verified backup is deleted before one
 * is verified; one newer than it (being written or verified) is never deleted; one that failed
 * its verification goes once a newer one is verified. `monthly` (the bucket's generations, none
 * locally) keeps the newest of each of that many most recent calendar months as well.
 */
export function backupsToPrune(
  backups: readonly KeptBackup[],
  keep: { daily: number; weekly: number; monthly?: number },
  zone: string,
  now: Date,
): string[] {
  const verified = backups
    .filter((b) => b.verified === true)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const newest = verified[0];
  if (!newest) return [];
  const kept = new Set<string>([newest.name]);
  const days = new Set<string>();
  const weeks = new Set<string>();
  const months = new Set<string>();
  const monthly = keep.monthly ?? 0;
  for (const backup of verified) {
    const day = dayKey(backup.createdAt, zone);
    const week = weekOf(day);
    // Newest first: the first backup seen of a day (or week) is that day's newest.
    if (!days.has(day) && days.size < keep.daily) {
      days.add(day);
      kept.add(backup.name);
    }
    if (!weeks.has(week) && weeks.size < keep.weekly) {
      weeks.add(week);
      kept.add(backup.name);
    }
    const month = day.slice(0, 7);
    if (!months.has(month) && months.size < monthly) {
      months.add(month);
      kept.add(backup.name);
    }
  }
  return backups
    .filter(
      (b) =>
        !kept.has(b.name) &&
        b.createdAt.getTime() < newest.createdAt.getTime() &&
        now.getTime() - b.createdAt.getTime() >= DAY_MS,
    )
    .map((b) => b.name);
}
