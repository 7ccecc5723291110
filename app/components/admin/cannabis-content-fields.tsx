import { CANNABIS_KIND_LABELS, CANNABIS_KINDS, type CannabisKind } from "~/lib/cannabis-limit";
import type { FormErrors } from "~/schemas/form-errors";
import { formatNetAmount } from "~/lib/product-fields";
import { Field, inputClass, selectClass } from "./field";

/** The product form's cannabis content: its kind, and its net amount when it has no sizes. */
export function CannabisContentFields({
  kind,
  onKindChange,
  measure,
  showNetAmount,
  netAmountMilli,
  errors,
}: {
  kind: CannabisKind;
  onKindChange: (kind: CannabisKind) => void;
  measure: string;
  /** A product without variations has one net amount; with them, each row has its own. */
  showNetAmount: boolean;
  netAmountMilli: number | null;
  errors: FormErrors;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Cannabis content (30 g limit)
      </legend>
      <Field
        label="Cannabis kind"
        required
        error={errors.cannabisKind}
        hint="Counts toward the 30 g of dried cannabis an order may hold"
      >
        {(p) => (
          <select
            {...p}
            name="cannabisKind"
            value={kind}
            onChange={(e) => onKindChange(e.target.value as CannabisKind)}
            className={selectClass}
          >
            {CANNABIS_KINDS.map((k) => (
              <option key={k} value={k}>
                {CANNABIS_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {showNetAmount && kind !== "none" ? (
        <Field
          label={`Net amount per unit (${measure})`}
          required
          error={errors.netAmount}
          hint={measure === "seeds" ? "Seeds in one unit" : "Grams of product in one unit"}
        >
          {(p) => (
            <input
              {...p}
              name="netAmount"
              inputMode="decimal"
              defaultValue={formatNetAmount(netAmountMilli)}
              placeholder={measure === "seeds" ? "10" : "3.5"}
              className={inputClass}
            />
          )}
        </Field>
      ) : (
        <p className="self-end pb-2 text-sm text-stone-600">
          {kind === "none"
            ? "Not cannabis: it never counts toward the limit."
            : `Each variation has its net amount (${measure}); sizes in g, oz or ml fill it themselves.`}
        </p>
      )}
    </fieldset>
  );
}
