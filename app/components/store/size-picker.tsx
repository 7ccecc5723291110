import { sizeLabel, type VariationSummary } from "~/lib/product";

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
  if (variations.length === 0) return null;
  return (
    <fieldset>
      <legend className={compact ? "sr-only" : "text-sm font-semibold text-stone-900"}>Size</legend>
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
              {sizeLabel(v)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
