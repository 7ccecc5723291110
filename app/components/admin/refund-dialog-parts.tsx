import { countText } from "~/lib/text";
import { useId } from "react";
import { useFieldError } from "~/components/form/form";
import { formatMoney } from "~/lib/money";
import type { RefundableOrder } from "~/lib/refund-math";
import { inputClass } from "./field";

// The refund dialog's presentational parts (refund-dialog.tsx holds the form and its state).

/** Paid, refunded and remaining, side by side at the top of the dialog. */
export function Summary({
  paidCents,
  refundedCents,
  remainingCents,
}: {
  paidCents: number;
  refundedCents: number;
  remainingCents: number;
}) {
  const cells = [
    { label: "Paid", value: paidCents },
    { label: "Refunded", value: refundedCents },
    { label: "Remaining", value: remainingCents },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-lg bg-stone-50 p-3 text-center">
      {cells.map((cell) => (
        <div key={cell.label}>
          <dt className="text-xs font-medium text-stone-500 uppercase">{cell.label}</dt>
          <dd className="text-sm font-semibold text-stone-900 tabular-nums">
            {formatMoney(cell.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One row of the refund preview: a part and its amount. */
export function PreviewLine({
  label,
  cents,
  strong = false,
}: {
  label: string;
  cents: number;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-t border-stone-200 pt-1.5 font-semibold text-stone-900" : "text-stone-600"}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatMoney(cents)}</dd>
    </div>
  );
}

/** One order line: its units to refund (or, when cancelling, all of them) and Restock. */
export function LineRow({
  index,
  line,
  left,
  refundedUnits,
  fixed,
  quantity,
  onQuantity,
  restock,
  onRestock,
}: {
  index: number;
  line: RefundableOrder["lines"][number];
  left: number;
  refundedUnits: number;
  fixed: boolean;
  quantity: string;
  onQuantity: (value: string) => void;
  restock: boolean;
  onRestock: (value: boolean) => void;
}) {
  const id = useId();
  const name = `lines.${index}.quantity`;
  const error = useFieldError(name);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
      <input type="hidden" name={`lines.${index}.id`} value={line.id} />
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium text-stone-900">{line.label}</p>
        <p className="text-xs text-stone-500">
          {formatMoney(line.priceCents)} × {line.quantity}
          {refundedUnits > 0 ? ` · ${refundedUnits} refunded` : ""} · {left} left
        </p>
      </div>
      {fixed ? (
        <>
          <input type="hidden" name={name} value={left} />
          <span className="text-sm text-stone-700 tabular-nums">{countText(left, "unit")}</span>
        </>
      ) : (
        <div className="flex items-center gap-2">
          <label htmlFor={id} className="text-sm text-stone-600">
            <span className="sr-only">{line.label}: </span>Refund
          </label>
          <div className="w-20">
            <input
              id={id}
              name={name}
              inputMode="numeric"
              placeholder="0"
              value={quantity}
              onChange={(e) => onQuantity(e.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} text-right`}
            />
          </div>
          <span className="text-sm text-stone-500">of {left}</span>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          name={`lines.${index}.restock`}
          checked={restock}
          onChange={(e) => onRestock(e.currentTarget.checked)}
          className="h-4 w-4 accent-brand-700"
        />
        Restock<span className="sr-only"> {line.label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="w-full text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </li>
  );
}
