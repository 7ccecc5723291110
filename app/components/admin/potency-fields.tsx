import { Field } from "~/components/form/form";
import type { CannabisKind } from "~/lib/cannabis-limit";
import {
  formatPotency,
  POTENCY_COLUMN,
  POTENCY_KEYS,
  POTENCY_NAMES,
  potencyBasis,
  potencyUnit,
  type PotencyValues,
} from "~/lib/potency";
import { inputClass } from "./field";

/**
 * The product form's Potency (docs/product/catalogue-and-stock.md#potency): THC, total THC, CBD and
 * total CBD as the package states them, in mg/g or mg per unit by the cannabis kind. A product
 * without sizes has them here; with sizes, each row has its own. Seeds and products that are not
 * cannabis have none.
 */
export function PotencyFields({
  kind,
  showValues,
  values,
}: {
  kind: CannabisKind;
  showValues: boolean;
  values: PotencyValues | null;
}) {
  const basis = potencyBasis(kind);
  if (!basis) return null;
  const unit = potencyUnit(basis);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-4">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Potency
      </legend>
      {showValues ? (
        POTENCY_KEYS.map((key) => (
          <Field key={key} name={key} label={`${POTENCY_NAMES[key]} (${unit})`}>
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                maxLength={6}
                defaultValue={formatPotency(values?.[POTENCY_COLUMN[key]] ?? null)}
                placeholder="Not given"
                className={inputClass}
              />
            )}
          </Field>
        ))
      ) : (
        <p className="text-sm text-stone-600 sm:col-span-4">
          Each variation has its potency ({unit}), as its package states it.
        </p>
      )}
    </fieldset>
  );
}
