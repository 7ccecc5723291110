import { PackagePlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { lazyModule } from "~/lib/lazy-module";
import { ADJUST_REASONS, adjustmentDelta, STOCK_REASON_LABELS, type AdjustMode } from "~/lib/stock";
import { buttonClass } from "./button";
import { inputClass, selectClass } from "./field";
import { Modal, DialogButtons } from "./modal";
import { useCan } from "./use-can";

// The same rules as the action, fetched with zod when the dialog is first focused.
const stockRules = lazyModule(() => import("~/schemas/stock").then((m) => m.stockAdjustForm));

const MODES: { mode: AdjustMode; label: string; hint: string }[] = [
  { mode: "add", label: "Add", hint: "A delivery, or units back on the shelf" },
  { mode: "remove", label: "Remove", hint: "Damaged, lost or stolen units" },
  { mode: "set", label: "Set count", hint: "The figure counted on the shelf" },
];

/** What one Adjust stock button changes: a size, or a product sold without sizes. */
export interface StockTarget {
  productId: string;
  variationId: string | null;
  /** "Blue Dream, 3.5g" */
  label: string;
  stock: number;
}

/** Adjust stock: opens the dialog for one size (or a sizeless product). */
export function AdjustStockButton({ target }: { target: StockTarget }) {
  const [open, setOpen] = useState(false);
  // Hidden from a role without the permission (the route refuses it anyway).
  const allowed = useCan()("stock.adjust");
  if (!allowed) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClass("secondary", "sm")}
        aria-label={`Adjust stock of ${target.label}`}
      >
        <PackagePlus className="h-4 w-4" aria-hidden />
        Adjust
      </button>
      {open ? (
        // React bubbles events out of a portal to its React parents: the product form around this
        // button must not check, or submit, the dialog's fields as its own.
        <span className="contents" onSubmit={stop} onChange={stop} onFocus={stop} onBlur={stop}>
          <StockAdjustDialog target={target} onClose={() => setOpen(false)} />
        </span>
      ) : null}
    </>
  );
}

const stop = (event: React.SyntheticEvent) => event.stopPropagation();

/**
 * Add or remove a quantity with its reason, or set the figure counted. The server computes the
 * movement from the stock at that moment (never from the figure shown here) and refuses stock
 * below 0; on success it returns to this page with a toast and the dialog closes.
 */
function StockAdjustDialog({ target, onClose }: { target: StockTarget; onClose: () => void }) {
  const fetcher = useFetcher<FormReply>();
  const form = useForm({ rules: stockRules, lastResult: fetcher.data });
  const { pathname, search, key } = useLocation();
  const [mode, setMode] = useState<AdjustMode>("add");
  const [quantity, setQuantity] = useState("");
  const [reason, setReason] = useState<string>(ADJUST_REASONS.add[0]);
  const choose = (next: AdjustMode) => {
    if (next === mode) return;
    setMode(next);
    setReason(ADJUST_REASONS[next][0]);
  };
  const busy = fetcher.state !== "idle";
  const formId = `stock-adjust-${target.variationId ?? target.productId}`;

  // A successful adjustment redirects back to this page (a refusal does not navigate): close once
  // the page has been loaded again.
  const openedAt = useRef(key);
  useEffect(() => {
    if (key !== openedAt.current) onClose();
  }, [key, onClose]);

  const amount = Number.parseInt(quantity, 10);
  const after = Number.isNaN(amount)
    ? null
    : target.stock + adjustmentDelta(mode, amount, target.stock);
  return (
    <Modal
      title="Adjust stock"
      description={`${target.label}: ${target.stock} in stock now`}
      size="md"
      onClose={onClose}
      footer={
        <DialogButtons formId={formId} onClose={onClose} busy={busy}>
          {busy ? "Saving…" : "Save adjustment"}
        </DialogButtons>
      }
    >
      <fetcher.Form
        id={formId}
        method="post"
        action={href("/budzadmin/dashboard/products/:productId/stock", {
          productId: target.productId,
        })}
        {...form.props}
        className="space-y-4"
      >
        <FormProvider form={form}>
          <input type="hidden" name="variationId" value={target.variationId ?? ""} />
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-700">Change</legend>
            <div className="grid grid-cols-3 gap-2">
              {MODES.map((option) => (
                <label
                  key={option.mode}
                  className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-700 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                >
                  <input
                    type="radio"
                    name="mode"
                    value={option.mode}
                    checked={mode === option.mode}
                    onChange={() => choose(option.mode)}
                    className="sr-only"
                  />
                  {option.label}
                </label>
              ))}
            </div>
            <p className="mt-1.5 text-xs text-stone-500">
              {MODES.find((option) => option.mode === mode)!.hint}
            </p>
          </fieldset>
          {/* Below the choice of change, so its message going away never moves those buttons. */}
          <FormSummary />
          <Field
            name="quantity"
            label={mode === "set" ? "Counted stock" : "Quantity"}
            required
            hint={
              after === null
                ? undefined
                : after < 0
                  ? `Only ${target.stock} in stock`
                  : `Stock after: ${after}`
            }
          >
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={quantity}
                onChange={(e) => setQuantity(e.currentTarget.value)}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="reason" label="Reason" required>
            {(props) => (
              <select
                {...props}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                className={selectClass}
              >
                {ADJUST_REASONS[mode].map((value) => (
                  <option key={value} value={value}>
                    {STOCK_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="note" label="Note" hint="Optional: a delivery number, what happened">
            {(props) => <input {...props} maxLength={500} className={inputClass} />}
          </Field>
        </FormProvider>
      </fetcher.Form>
    </Modal>
  );
}
