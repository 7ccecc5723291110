import { href } from "react-router";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailColors,
  emailHeading,
  emailParagraph,
  html,
  oneLine,
  renderEmail,
} from "./layout.server";

/**
 * To the owners when a backup fails (app/server/backup/): what failed, why, and that the older
 * backups are untouched, with a link to the Database screen. A service message (no unsubscribe).
 */
export function renderBackupFailedEmail(input: {
  reason: string;
  error: string;
  lastGood: string | null;
}) {
  const { publicUrl } = config();
  const storeName = storeSettingsNow().store.name;
  const databaseUrl = `${publicUrl}${href("/budzadmin/dashboard/database")}`;
  const subject = `Backup failed: ${storeName}`;
  const kept = input.lastGood
    ? `The last good backup (${input.lastGood}) and every older one are kept.`
    : "No good backup exists yet.";
  const content = html`${emailHeading("A backup failed")}
  ${emailParagraph(`The ${input.reason} backup of ${oneLine(storeName)} failed:`)}
  ${emailParagraph(
    html`<span style="font-family:monospace;color:${emailColors.text}"
      >${oneLine(input.error)}</span
    >`,
  )}
  ${emailParagraph(kept)} ${emailButton(databaseUrl, "Open the Database screen")}`;
  const text = [
    "A backup failed",
    "",
    `The ${input.reason} backup of ${storeName} failed:`,
    "",
    input.error,
    "",
    kept,
    "",
    `Database screen: ${databaseUrl}`,
  ].join("\n");
  return renderEmail({ subject, preheader: oneLine(input.error), content, text });
}
