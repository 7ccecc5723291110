import { consentWording, IMPLIED_CONSENT_YEARS } from "~/lib/consent";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useLocale, useT } from "~/lib/i18n/use-locale";

/**
 * The checkout's newsletter box (CASL): ticked, the order records express consent with this exact
 * wording; left unticked, the purchase gives implied consent that lapses after two years.
 */
export function NewsletterConsentBox({ storeName }: { storeName: string }) {
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  return (
    <div className="mb-4">
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          name="newsletter"
          className="mt-0.5 h-5 w-5 rounded border-stone-300 accent-brand-700"
        />
        <span>{consentWording("checkout", storeName, locale)}</span>
      </label>
      <p className="mt-1 ml-8 text-xs text-stone-600">
        {t("impliedConsent", { years: IMPLIED_CONSENT_YEARS })}
      </p>
    </div>
  );
}
