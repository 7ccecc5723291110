import { CANNABIS_KIND_LABELS, CANNABIS_KINDS, type CannabisKind } from "~/lib/cannabis-limit";
import { Field } from "~/components/form/form";
import { formatNetAmount } from "~/lib/product-fields";
import { inputClass, selectClass } from "./field";

/** The product form's cannabis content: its kind, and its net amount when it has no sizes. */
export function CannabisContentFields({
  kind,
  onKindChange,
  measure,
  showNetAmount,
  netAmountMilli,
}: {
  kind: CannabisKind;
  onKindChange: (kind: CannabisKind) => void;
  measure: string;
  /** A product without variations has one net amount; with them, each row has its own. */
  showNetAmount: boolean;
  netAmountMilli: number | null;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Cannabis content (30 g limit)
      </legend>
      <Field
        name="cannabisKind"
        label="Cannabis kind"
        required
        hint="Counts toward the 30 g of dried cannabis an order may hold"
      >
        {(p) => (
          <select
            {...p}
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
          name="netAmount"
          label={`Net amount per unit (${measure})`}
          required
          hint={measure === "seeds" ? "Seeds in one unit" : "Grams of product in one unit"}
        >
          {(p) => (
            <input
              {...p}
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
