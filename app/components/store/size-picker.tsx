import type { Locale } from "~/lib/i18n/locale";
import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { translator } from "~/lib/i18n/translate";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { sizeLabel, type VariationSummary } from "~/lib/product";

/**
 * A size as sizeLabel writes it ("3.5g", "10 pieces"), in the page's language: in French the
 * decimal comma and the words translated ("3,5g", "10 pièces", "1 paquet").
 */
export function localizedSizeLabel(
  variation: { size: string; sizeUnit: string },
  locale: Locale,
): string {
  if (locale === "en") return sizeLabel(variation);
  const size = variation.size.trim().replace(/^(\d+)\.(\d+)$/, "$1,$2");
  const count = Number(variation.size.trim()) || 2;
  const t = translator(productCardMessages, locale);
  if (variation.sizeUnit === "pieces") return t("sizePieces", { count, size });
  if (variation.sizeUnit === "pack") return t("sizePack", { count, size });
  return sizeLabel({ ...variation, size });
}

/** Radio buttons for the sizes of a product; the first is the default. */
export function SizePicker({
  name,
  variations,
  value,
  onChange,
  compact = false,
}: {
  name: string;
  variations: VariationSummary[];
  value: string | undefined;
  onChange: (id: string) => void;
  compact?: boolean;
}) {
  const t = useT(productCardMessages);
  const locale = useLocale();
  if (variations.length === 0) return null;
  return (
    <fieldset>
      <legend className={compact ? "sr-only" : "text-sm font-semibold text-stone-900"}>
        {t("size")}
      </legend>
      <div className={`flex flex-wrap gap-1.5 ${compact ? "" : "mt-2"}`}>
        {variations.map((v, i) => (
          <label key={v.id} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={i}
              checked={value === v.id}
              onChange={() => onChange(v.id)}
              className="sr-only"
            />
            <span
              className={`size-pill${compact ? " size-pill-sm" : ""}${v.stock <= 0 ? " size-pill-empty" : ""}`}
            >
              {localizedSizeLabel(v, locale)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
