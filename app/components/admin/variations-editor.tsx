import { Plus, Trash2 } from "lucide-react";
import { useFieldError } from "~/components/form/form";
import { sizeAmountMilli, type CannabisKind } from "~/lib/cannabis-limit";
import {
  formatPotency,
  POTENCY_KEYS,
  POTENCY_NAMES,
  potencyBasis,
  potencyUnit,
  type PotencyKey,
} from "~/lib/potency";
import {
  formatNetAmount,
  formatPackedGrams,
  MAX_VARIATIONS,
  SIZE_UNITS,
  type AdminVariation,
} from "~/lib/product-fields";
import { buttonClass } from "./button";
import { inputClass, selectClass } from "./field";
import { AdjustStockButton, type StockTarget } from "./stock-adjust-dialog";

/** One row of the product form's Variations, as typed (strings until the form is submitted). */
export interface VariationRow {
  key: string;
  id: string;
  size: string;
  unit: string;
  price: string;
  stock: string;
  netAmount: string;
  packedGrams: string;
  thc: string;
  totalThc: string;
  cbd: string;
  totalCbd: string;
}

/** The form's list of each potency value, one entry per row (app/lib/product-fields.ts). */
const POTENCY_LIST: Record<PotencyKey, string> = {
  thc: "variationThc",
  totalThc: "variationTotalThc",
  cbd: "variationCbd",
  totalCbd: "variationTotalCbd",
};

let rowCounter = 0;
const newKey = () => `row-${++rowCounter}`;

export function variationRows(variations: AdminVariation[]): VariationRow[] {
  return variations.map((v) => ({
    key: newKey(),
    id: v.id,
    size: v.size,
    unit: v.sizeUnit,
    price: (v.priceCents / 100).toFixed(2),
    stock: String(v.stock),
    netAmount: formatNetAmount(v.netAmountMilli),
    packedGrams: formatPackedGrams(v.packedGrams),
    thc: formatPotency(v.thcTenths),
    totalThc: formatPotency(v.totalThcTenths),
    cbd: formatPotency(v.cbdTenths),
    totalCbd: formatPotency(v.totalCbdTenths),
  }));
}

type TypedField = "size" | "price" | "stock" | "netAmount" | "packedGrams" | PotencyKey;
const TYPED_FIELDS: TypedField[] = [
  "size",
  "price",
  "stock",
  "netAmount",
  "packedGrams",
  ...POTENCY_KEYS,
];
type InputAttrs = Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name" | "inputMode" | "placeholder" | "maxLength"
>;

/**
 * One row of Variations. Its cells post as parallel lists (`variationSize`…); their messages come
 * from the form by `variations.N.field`, listed under the row and tied to the cell at fault.
 */
function VariationRowFields({
  row,
  index,
  kind,
  saved,
  mayAdjustStock,
  onChange,
  onRemove,
}: {
  row: VariationRow;
  index: number;
  kind: CannabisKind;
  /** A saved size's stock as it is now, with what Adjust stock needs; undefined for a new row. */
  saved?: StockTarget;
  mayAdjustStock: boolean;
  onChange: (patch: Partial<VariationRow>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const messages = {
    size: useFieldError(`variations.${index}.size`),
    price: useFieldError(`variations.${index}.price`),
    stock: useFieldError(`variations.${index}.stock`),
    netAmount: useFieldError(`variations.${index}.netAmount`),
    packedGrams: useFieldError(`variations.${index}.packedGrams`),
    thc: useFieldError(`variations.${index}.thc`),
    totalThc: useFieldError(`variations.${index}.totalThc`),
    cbd: useFieldError(`variations.${index}.cbd`),
    totalCbd: useFieldError(`variations.${index}.totalCbd`),
  };
  const basis = potencyBasis(kind);
  const errorId = (field: TypedField) => `variation-${n}-${field}-error`;
  const cell = (field: TypedField, label: string, attrs: InputAttrs) => (
    <label className="contents">
      <span className="sr-only">
        Variation {n} {label}
      </span>
      <input
        {...attrs}
        value={row[field]}
        onChange={(e) => onChange({ [field]: e.target.value })}
        aria-invalid={messages[field] ? true : undefined}
        aria-describedby={messages[field] ? errorId(field) : undefined}
        className={inputClass}
      />
    </label>
  );
  return (
    <div className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-2 sm:grid-cols-[1fr_0.8fr_1fr_1.5fr_1fr_1fr_auto] sm:border-0 sm:p-0">
      <input type="hidden" name="variationId" value={row.id} />
      {cell("size", "size", { name: "variationSize", placeholder: "3.5", maxLength: 20 })}
      <label className="contents">
        <span className="sr-only">Variation {n} unit</span>
        <select
          name="variationUnit"
          value={row.unit}
          onChange={(e) => onChange({ unit: e.target.value })}
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
      {saved || !mayAdjustStock ? (
        // A saved size's stock moves only through Adjust stock (sent back as it is, never saved);
        // a new size opens at 0 for a role that may not adjust stock.
        <div className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-1">
          <input type="hidden" name="variationStock" value={saved?.stock ?? 0} />
          <span className="text-sm text-stone-800 tabular-nums">
            <span className="sr-only">Variation {n} stock: </span>
            {saved?.stock ?? 0}
          </span>
          {saved ? <AdjustStockButton target={saved} /> : null}
        </div>
      ) : (
        cell("stock", "opening stock", {
          name: "variationStock",
          inputMode: "numeric",
          placeholder: "0",
        })
      )}
      {cell("netAmount", "net amount", {
        name: "variationNetAmount",
        inputMode: "decimal",
        placeholder:
          kind === "none"
            ? "—"
            : formatNetAmount(sizeAmountMilli(kind, { size: row.size, sizeUnit: row.unit })) ||
              "Required",
      })}
      {cell("packedGrams", "packed weight in grams", {
        name: "variationPackedGrams",
        inputMode: "numeric",
        placeholder: "Not weighed",
        maxLength: 4,
      })}
      {saved && saved.stock > 0 && !mayAdjustStock ? (
        // Removing it would take its stock out: for owners and managers only.
        <span className="w-9" />
      ) : (
        <button
          type="button"
          onClick={onRemove}
          className={buttonClass("ghost", "icon", "text-red-600 hover:bg-red-50")}
          aria-label={`Remove variation ${n}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      )}
      {basis ? (
        // Potency as the size's package states it, on a line of its own under the row.
        <div className="col-span-full grid grid-cols-2 gap-2 sm:grid-cols-4">
          {POTENCY_KEYS.map((key) => (
            <div key={key} className="flex flex-col gap-0.5">
              <span aria-hidden className="text-xs text-stone-500">
                {POTENCY_NAMES[key]} ({potencyUnit(basis)})
              </span>
              {cell(key, `${POTENCY_NAMES[key]} (${potencyUnit(basis)})`, {
                name: POTENCY_LIST[key],
                inputMode: "decimal",
                placeholder: "Not given",
                maxLength: 6,
              })}
            </div>
          ))}
        </div>
      ) : null}
      {TYPED_FIELDS.map((field) =>
        messages[field] ? (
          <p
            key={field}
            id={errorId(field)}
            className="col-span-full text-xs font-medium text-red-600"
          >
            Variation {n}: {messages[field]}
          </p>
        ) : null,
      )}
    </div>
  );
}

/**
 * The product form's Variations: size, unit, price, stock, net amount and packed weight per row. A new row's
 * stock is its opening stock (typed only by a role that may adjust stock); a saved size shows its
 * stock as it is now, with Adjust stock. A removed size is archived with its history.
 */
export function VariationsEditor({
  variations,
  onChange,
  kind,
  measure,
  savedStock,
  mayAdjustStock,
}: {
  variations: VariationRow[];
  onChange: (rows: VariationRow[]) => void;
  kind: CannabisKind;
  measure: string;
  /** The saved sizes' stock targets by id (an existing product's). */
  savedStock: Map<string, StockTarget>;
  /** Whether the signed-in role may adjust stock: else new sizes open at 0 and sizes holding
   * stock stay. */
  mayAdjustStock: boolean;
}) {
  const listError = useFieldError("variations");
  const stockKept =
    !mayAdjustStock && variations.some((row) => (savedStock.get(row.id)?.stock ?? 0) > 0);
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
          <div className="hidden grid-cols-[1fr_0.8fr_1fr_1.5fr_1fr_1fr_auto] gap-2 px-1 text-xs font-medium text-stone-500 sm:grid">
            <span>Size</span>
            <span>Unit</span>
            <span>Price ($)</span>
            <span>Stock</span>
            <span>Net amount ({measure})</span>
            <span title="One unit as it goes in a parcel, package and all">Packed (g)</span>
            <span className="w-9" />
          </div>
          {variations.map((row, i) => (
            <VariationRowFields
              key={row.key}
              row={row}
              index={i}
              kind={kind}
              saved={row.id ? savedStock.get(row.id) : undefined}
              mayAdjustStock={mayAdjustStock}
              onChange={(patch) =>
                onChange(variations.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))
              }
              onRemove={() => onChange(variations.filter((r) => r.key !== row.key))}
            />
          ))}
        </div>
      )}
      {stockKept ? (
        <p className="mt-2 text-xs text-stone-500">
          Sizes holding stock are removed by owners and managers (their stock leaves with them).
        </p>
      ) : null}
      {listError ? <p className="mt-2 text-xs font-medium text-red-600">{listError}</p> : null}
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
              packedGrams: "",
              thc: "",
              totalThc: "",
              cbd: "",
              totalCbd: "",
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
