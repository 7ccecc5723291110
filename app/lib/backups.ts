/** Words and rules of the backups' screens (the Database screen, the Overview, the banner). */

/** The daily schedule allows a day between backups, plus two hours to take and verify one. */
export const BACKUP_OVERDUE_HOURS = 26;

export const BACKUP_REASON_LABELS: Record<string, string> = {
  manual: "Back up now",
  daily: "Daily",
  command: "npm run backup",
  "before-migration": "Before a migration",
  "before-sample-data": "Before sample data",
};

/** "3 hours", "2 days" (whole hours under two days, else whole days). */
export function ageText(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return "less than an hour";
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** Whether the last good backup (or none) is older than the daily schedule allows. */
export function backupOverdue(lastGoodAt: Date | string | null, now: Date): boolean {
  if (!lastGoodAt) return true;
  return now.getTime() - new Date(lastGoodAt).getTime() > BACKUP_OVERDUE_HOURS * 3_600_000;
}
