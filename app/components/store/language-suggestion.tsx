import { X } from "lucide-react";
import { useState } from "react";
import { LOCALE_TAGS } from "~/lib/i18n/locale";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { translator } from "~/lib/i18n/translate";
import { useLocale } from "~/lib/i18n/use-locale";
import { browserSuggestion, rememberLocaleChoice } from "~/lib/language-suggestion";
import { useBrowserValue } from "~/lib/use-browser-value";
import { usePathIn } from "./language-switch";

/**
 * On a first visit, when the browser prefers the other language: a small bar at the bottom of the
 * screen offering this page in it, written in that language. Decided in the browser after hydration (never on the server: pages
 * are cached for everyone) and never a redirect; following or dismissing it is remembered.
 */
export function LanguageSuggestion() {
  const pageLocale = useLocale();
  const [dismissed, setDismissed] = useState(false);
  const suggested = useBrowserValue(() => browserSuggestion(pageLocale), undefined);
  // Hooks before the early return: the link to this page in the page's other language.
  const href = usePathIn(pageLocale === "fr" ? "en" : "fr");
  if (dismissed || !suggested) return null;
  const t = translator(shellMessages, suggested);
  return (
    <>
      {/* Room after the footer, so the fixed bar never covers the end of the page. */}
      <div aria-hidden="true" className="h-16 shrink-0 sm:h-11" />
      <div
        role="region"
        aria-label={t("languageSuggestionLabel")}
        lang={LOCALE_TAGS[suggested]}
        data-testid="language-suggestion"
        // Fixed at the bottom, over the room kept for it: nothing on the page moves (no layout shift).
        className="fixed inset-x-0 bottom-0 z-40 bg-brand-900 py-3 pr-11 pl-4 text-center text-sm text-white shadow-[0_-4px_12px_rgba(0,0,0,0.15)]"
      >
        <p>
          {t("languageSuggestionText")}{" "}
          <a
            href={href}
            hrefLang={LOCALE_TAGS[suggested]}
            onClick={() => rememberLocaleChoice(suggested)}
            className="font-semibold whitespace-nowrap text-accent-400 underline hover:text-white"
          >
            {t("languageSuggestionLink")}
          </a>
        </p>
        <button
          type="button"
          onClick={() => {
            rememberLocaleChoice(pageLocale);
            setDismissed(true);
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1.5 hover:bg-white/15"
          aria-label={t("languageSuggestionDismiss")}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </>
  );
}
