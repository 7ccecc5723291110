import { Field } from "~/components/form/form";
import { formatPackedGrams } from "~/lib/product-fields";
import { inputClass } from "./field";

/**
 * The product form's parcel weight: one unit as it goes in a Canada Post parcel, package and all,
 * in grams. A product without sizes has one here; with sizes, each row has its own.
 */
export function ParcelWeightFields({
  showPackedGrams,
  packedGrams,
}: {
  showPackedGrams: boolean;
  packedGrams: number | null;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Parcel
      </legend>
      {showPackedGrams ? (
        <Field
          name="packedGrams"
          label="Packed weight (g)"
          hint="One unit packed for Canada Post, package and all. Empty until weighed: the packing slip then asks to weigh the parcel."
        >
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              maxLength={4}
              defaultValue={formatPackedGrams(packedGrams)}
              placeholder="Not weighed"
              className={inputClass}
            />
          )}
        </Field>
      ) : (
        <p className="text-sm text-stone-600">
          Each variation has its packed weight (g): one unit packed for Canada Post, package and
          all.
        </p>
      )}
    </fieldset>
  );
}
