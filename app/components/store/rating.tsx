import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { useLocale, useT } from "~/lib/i18n/use-locale";

/** Five stars filled to the rating (text glyphs: one card shows dozens of these), and the figure. */
export function Rating({ value, size = "sm" }: { value: number; size?: "sm" | "md" }) {
  const t = useT(productCardMessages);
  const locale = useLocale();
  const filled = (Math.max(0, Math.min(5, value)) / 5) * 100;
  // One decimal: "4.5", "4,5" in French.
  const figure = locale === "fr" ? value.toFixed(1).replace(".", ",") : value.toFixed(1);
  return (
    <span className="rating" role="img" aria-label={t("rated", { value: figure })}>
      <span aria-hidden="true" className={`rating-stars ${size === "sm" ? "text-sm" : "text-xl"}`}>
        ★★★★★
        <span className="rating-fill" style={{ width: `${filled}%` }}>
          ★★★★★
        </span>
      </span>
      <span
        aria-hidden="true"
        className={`${size === "sm" ? "text-xs" : "text-sm"} font-medium text-stone-700`}
      >
        {figure}
      </span>
    </span>
  );
}
