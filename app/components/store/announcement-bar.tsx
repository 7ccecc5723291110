import { X } from "lucide-react";
import { useState } from "react";
import {
  ANNOUNCEMENT_DISMISSED_COOKIE,
  ANNOUNCEMENT_DISMISSED_STORAGE_KEY,
  parseDismissed,
} from "~/lib/announcement";
import { readCookie } from "~/lib/cookies";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { useT } from "~/lib/i18n/use-locale";
import { useBrowserValue } from "~/lib/use-browser-value";

const YEAR = 60 * 60 * 24 * 365;

/** Remembers a dismissal for good: in local storage and in a cookie the server reads. */
function rememberDismissed(id: string) {
  const stored = parseDismissed(window.localStorage.getItem(ANNOUNCEMENT_DISMISSED_STORAGE_KEY));
  const cookie = parseDismissed(readCookie(document.cookie, ANNOUNCEMENT_DISMISSED_COOKIE));
  const ids = [...new Set([id, ...stored, ...cookie])].slice(0, 20).join(",");
  window.localStorage.setItem(ANNOUNCEMENT_DISMISSED_STORAGE_KEY, ids);
  document.cookie = `${ANNOUNCEMENT_DISMISSED_COOKIE}=${ids}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

export function AnnouncementBar({
  announcement,
}: {
  announcement: { id: string; text: string; background: string; color: string };
}) {
  const t = useT(shellMessages);
  const [dismissed, setDismissed] = useState(false);
  // The cookie keeps the server from rendering a dismissed bar; local storage covers a lost cookie.
  const storedDismissal = useBrowserValue(
    () =>
      parseDismissed(window.localStorage.getItem(ANNOUNCEMENT_DISMISSED_STORAGE_KEY)).includes(
        announcement.id,
      ),
    false,
  );
  if (dismissed || storedDismissal) return null;
  return (
    <div
      role="region"
      aria-label={t("announcement")}
      className="relative px-10 py-2.5 text-center text-sm font-medium"
      style={{ backgroundColor: announcement.background, color: announcement.color }}
    >
      <p>{announcement.text}</p>
      <button
        type="button"
        onClick={() => {
          rememberDismissed(announcement.id);
          setDismissed(true);
        }}
        className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1.5 hover:bg-black/15"
        aria-label={t("dismissAnnouncement")}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
