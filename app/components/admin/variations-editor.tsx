import { Plus, Trash2 } from "lucide-react";
import { sizeAmountMilli, type CannabisKind } from "~/lib/cannabis-limit";
import type { VariationSummary } from "~/lib/product";
import type { FormErrors } from "~/schemas/form-errors";
import { formatNetAmount, MAX_VARIATIONS, SIZE_UNITS } from "~/lib/product-fields";
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

type TypedField = "size" | "price" | "stock" | "netAmount";
type InputAttrs = Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name" | "inputMode" | "placeholder" | "maxLength"
>;

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
          {variations.map((row, i) => {
            const cell = (field: TypedField, label: string, attrs: InputAttrs) => (
              <label className="contents">
                <span className="sr-only">
                  Variation {i + 1} {label}
                </span>
                <input
                  {...attrs}
                  value={row[field]}
                  onChange={(e) => updateVariation(row.key, { [field]: e.target.value })}
                  aria-invalid={errors[`variations.${i}.${field}`] ? true : undefined}
                  className={inputClass}
                />
              </label>
            );
            return (
              <div
                key={row.key}
                className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-2 sm:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] sm:border-0 sm:p-0"
              >
                <input type="hidden" name="variationId" value={row.id} />
                {cell("size", "size", {
                  name: "variationSize",
                  placeholder: "3.5",
                  maxLength: 20,
                })}
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
                {cell("price", "price", {
                  name: "variationPrice",
                  inputMode: "decimal",
                  placeholder: "0.00",
                })}
                {cell("stock", "stock", {
                  name: "variationStock",
                  inputMode: "numeric",
                  placeholder: "0",
                })}
                {cell("netAmount", "net amount", {
                  name: "variationNetAmount",
                  inputMode: "decimal",
                  placeholder:
                    kind === "none"
                      ? "—"
                      : formatNetAmount(
                          sizeAmountMilli(kind, { size: row.size, sizeUnit: row.unit }),
                        ) || "Required",
                })}
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
            );
          })}
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
