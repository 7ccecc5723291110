import { useEffect, useRef, useState } from "react";
import {
  AGE_COOKIE,
  AGE_STORAGE_KEY,
  ageCookieAttributes,
  MINIMUM_AGE,
  UNDER_AGE_REDIRECT_URLS,
} from "~/lib/age-gate";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { Logo } from "./logo";

/**
 * The age verification overlay (docs/product/storefront.md#age-gate). The server renders it when
 * the age cookie is missing, so nothing flashes; the page behind it is inert until the visitor
 * confirms. Without JavaScript the buttons post to /age-verification, which sets the cookie (or
 * sends an under-age visitor away).
 */
export function AgeGate({
  storeName,
  returnTo,
  onVerified,
}: {
  storeName: string;
  returnTo: string;
  onVerified: () => void;
}) {
  const t = useT(shellMessages);
  const locale = useLocale();
  const age = { age: MINIMUM_AGE };
  const [confirmingUnder, setConfirmingUnder] = useState(false);
  const firstButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    (confirmingUnder ? confirmButton : firstButton).current?.focus();
  }, [confirmingUnder]);

  function verify(event: React.MouseEvent) {
    event.preventDefault();
    window.localStorage.setItem(AGE_STORAGE_KEY, "true");
    document.cookie = `${AGE_COOKIE}=true; ${ageCookieAttributes(window.location.protocol === "https:")}`;
    onVerified();
  }

  function askUnder(event: React.MouseEvent) {
    event.preventDefault();
    setConfirmingUnder(true);
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-stone-950/80 p-4 backdrop-blur-md">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={confirmingUnder ? "age-under-text" : "age-gate-title"}
        aria-describedby={confirmingUnder ? undefined : "age-gate-text"}
        className="w-full max-w-md rounded-3xl bg-white p-8 text-center shadow-2xl sm:p-10"
      >
        <form method="post" action="/age-verification">
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="flex justify-center text-brand-950">
            <Logo name={storeName} />
          </div>
          {confirmingUnder ? (
            <div className="mt-8">
              <p id="age-under-text" className="text-base leading-7 text-stone-800">
                {t("ageUnderConfirm", age)}
              </p>
              <div className="mt-8 grid gap-3 sm:grid-cols-2">
                <button
                  ref={confirmButton}
                  type="button"
                  onClick={() => window.location.assign(UNDER_AGE_REDIRECT_URLS[locale])}
                  className="rounded-full bg-brand-800 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-900"
                >
                  {t("ageOk")}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirmingUnder(false)}
                  className="rounded-full border border-stone-300 px-5 py-3 text-sm font-semibold text-stone-800 hover:bg-stone-100"
                >
                  {t("ageCancel")}
                </button>
              </div>
            </div>
          ) : (
            <>
              <h2
                id="age-gate-title"
                className="mt-6 text-2xl font-bold tracking-tight text-stone-900"
              >
                {t("ageWelcome", { storeName })}
              </h2>
              <p id="age-gate-text" className="mt-4 text-base leading-7 text-stone-700">
                {t("ageRequirement", age)}
              </p>
              <p className="mt-2 text-sm text-stone-600">{t("ageLaw")}</p>
              <div className="mt-8 grid gap-3">
                <button
                  ref={firstButton}
                  type="submit"
                  name="answer"
                  value="adult"
                  onClick={verify}
                  className="rounded-full bg-brand-800 px-5 py-3 text-base font-semibold text-white shadow hover:bg-brand-900"
                >
                  {t("ageAdult", age)}
                </button>
                <button
                  type="submit"
                  name="answer"
                  value="under"
                  onClick={askUnder}
                  className="rounded-full border border-stone-300 px-5 py-3 text-base font-semibold text-stone-800 hover:bg-stone-100"
                >
                  {t("ageUnder", age)}
                </button>
              </div>
            </>
          )}
          <p className="mt-8 text-xs leading-5 text-stone-600">{t("ageConsent", age)}</p>
        </form>
      </div>
    </div>
  );
}
