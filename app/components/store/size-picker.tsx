import { sizeLabel, type VariationSummary } from "~/lib/product";

/** Radio buttons for the sizes of a product; the first is the default (SPEC §4). */
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
        {variations.map((v) => (
          <label key={v.id} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={v.id}
              checked={value === v.id}
              onChange={() => onChange(v.id)}
              className="peer sr-only"
            />
            <span
              className={`inline-flex items-center rounded-full border font-medium transition peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
                v.stock <= 0
                  ? "border-dashed text-stone-500"
                  : "border-stone-300 text-stone-800 hover:border-brand-600"
              } ${compact ? "px-2.5 py-1 text-xs" : "px-4 py-2 text-sm"}`}
            >
              {sizeLabel(v)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
