import { Plus, Trash2 } from "lucide-react";
import { sizeAmountMilli, type CannabisKind } from "~/lib/cannabis-limit";
import type { VariationSummary } from "~/lib/product";
import type { FormErrors } from "~/schemas/form-errors";
import { formatNetAmount, MAX_VARIATIONS, SIZE_UNITS } from "~/schemas/product";
import { buttonClass } from "./button";
import { inputClass, selectClass } from "./field";

/** One row of the product form's Variations, as typed (strings until the form is submitted). */
export interface VariationRow {
  key: string;
  id: string;
  size: string;
  unit: string;
  price: string;
  stock: string;
  netAmount: string;
}

let rowCounter = 0;
const newKey = () => `row-${++rowCounter}`;

export function variationRows(variations: VariationSummary[]): VariationRow[] {
  return variations.map((v) => ({
    key: newKey(),
    id: v.id,
    size: v.size,
    unit: v.sizeUnit,
    price: (v.priceCents / 100).toFixed(2),
    stock: String(v.stock),
    netAmount: formatNetAmount(v.netAmountMilli),
  }));
}

/** The product form's Variations: size, unit, price, stock and net amount per row. */
export function VariationsEditor({
  variations,
  onChange,
  errors,
  kind,
  measure,
}: {
  variations: VariationRow[];
  onChange: (rows: VariationRow[]) => void;
  errors: FormErrors;
  kind: CannabisKind;
  measure: string;
}) {
  function updateVariation(key: string, patch: Partial<VariationRow>) {
    onChange(variations.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }

  return (
    <fieldset>
      <legend className="mb-3 flex w-full items-center justify-between text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Variations
      </legend>
      {variations.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 px-4 py-5 text-center text-sm text-stone-500">
          No variations: the product is sold as one item with the stock above.
        </p>
      ) : (
        <div className="space-y-2">
          <div className="hidden grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] gap-2 px-1 text-xs font-medium text-stone-500 sm:grid">
            <span>Size</span>
            <span>Unit</span>
            <span>Price ($)</span>
            <span>Stock</span>
            <span>Net amount ({measure})</span>
            <span className="w-9" />
          </div>
          {variations.map((row, i) => (
            <div
              key={row.key}
              className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-2 sm:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] sm:border-0 sm:p-0"
            >
              <input type="hidden" name="variationId" value={row.id} />
              <label className="contents">
                <span className="sr-only">Variation {i + 1} size</span>
                <input
                  name="variationSize"
                  value={row.size}
                  onChange={(e) => updateVariation(row.key, { size: e.target.value })}
                  placeholder="3.5"
                  maxLength={20}
                  aria-invalid={errors[`variations.${i}.size`] ? true : undefined}
                  className={inputClass}
                />
              </label>
              <label className="contents">
                <span className="sr-only">Variation {i + 1} unit</span>
                <select
                  name="variationUnit"
                  value={row.unit}
                  onChange={(e) => updateVariation(row.key, { unit: e.target.value })}
                  className={selectClass}
                >
                  {SIZE_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </select>
              </label>
              <label className="contents">
                <span className="sr-only">Variation {i + 1} price</span>
                <input
                  name="variationPrice"
                  inputMode="decimal"
                  value={row.price}
                  onChange={(e) => updateVariation(row.key, { price: e.target.value })}
                  placeholder="0.00"
                  aria-invalid={errors[`variations.${i}.price`] ? true : undefined}
                  className={inputClass}
                />
              </label>
              <label className="contents">
                <span className="sr-only">Variation {i + 1} stock</span>
                <input
                  name="variationStock"
                  inputMode="numeric"
                  value={row.stock}
                  onChange={(e) => updateVariation(row.key, { stock: e.target.value })}
                  placeholder="0"
                  aria-invalid={errors[`variations.${i}.stock`] ? true : undefined}
                  className={inputClass}
                />
              </label>
              <label className="contents">
                <span className="sr-only">Variation {i + 1} net amount</span>
                <input
                  name="variationNetAmount"
                  inputMode="decimal"
                  value={row.netAmount}
                  onChange={(e) => updateVariation(row.key, { netAmount: e.target.value })}
                  placeholder={
                    kind === "none"
                      ? "—"
                      : formatNetAmount(
                          sizeAmountMilli(kind, { size: row.size, sizeUnit: row.unit }),
                        ) || "Required"
                  }
                  aria-invalid={errors[`variations.${i}.netAmount`] ? true : undefined}
                  className={inputClass}
                />
              </label>
              <button
                type="button"
                onClick={() => onChange(variations.filter((r) => r.key !== row.key))}
                className={buttonClass("ghost", "icon", "text-red-600 hover:bg-red-50")}
                aria-label={`Remove variation ${i + 1}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
              {["size", "price", "stock", "netAmount"].map((f) =>
                errors[`variations.${i}.${f}`] ? (
                  <p key={f} className="col-span-full text-xs font-medium text-red-600">
                    Variation {i + 1}: {errors[`variations.${i}.${f}`]}
                  </p>
                ) : null,
              )}
            </div>
          ))}
        </div>
      )}
      {errors.variations ? (
        <p className="mt-2 text-xs font-medium text-red-600">{errors.variations}</p>
      ) : null}
      <button
        type="button"
        disabled={variations.length >= MAX_VARIATIONS}
        onClick={() =>
          onChange([
            ...variations,
            {
              key: newKey(),
              id: "",
              size: "",
              unit: "g",
              price: "0.00",
              stock: "0",
              netAmount: "",
            },
          ])
        }
        className={buttonClass("secondary", "sm", "mt-3")}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add variation
      </button>
    </fieldset>
  );
}
