import { PackagePlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { formatCalendarDay } from "~/lib/dates";
import type { FormReply } from "~/lib/form";
import { lazyModule } from "~/lib/lazy-module";
import { LOT_NUMBER_MAX, lotLabel, SUPPLIER_MAX, UNRECORDED_LOT } from "~/lib/lots";
import { LotDateInput } from "./opening-lot-fields";
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
  const [lotId, setLotId] = useState("");
  const choose = (next: AdjustMode) => {
    if (next === mode) return;
    setMode(next);
    setReason(ADJUST_REASONS[next][0]);
    setLotId("");
  };
  const busy = fetcher.state !== "idle";
  const formId = `stock-adjust-${target.variationId ?? target.productId}`;
  const stockUrl = href("/budzadmin/dashboard/products/:productId/stock", {
    productId: target.productId,
  });

  // The size's lots, fetched when the dialog opens (the product pages' loaders do not carry them).
  const lotsFetcher = useFetcher<{ lots: SizeLotOption[] }>();
  const loadLots = lotsFetcher.load;
  useEffect(() => {
    void loadLots(`${stockUrl}?variationId=${target.variationId ?? ""}`);
  }, [loadLots, stockUrl, target.variationId]);
  const lots = lotsFetcher.data?.lots;
  const received = mode === "add" && reason === "received";
  // Adding without a lot goes to the unrecorded lot: offered as the default, not twice.
  const offered = (lots ?? []).filter((lot) => mode !== "add" || lot.lotNumber !== UNRECORDED_LOT);
  // Set count: with one lot it is that one; with several, staff choose.
  const onlyLot = mode === "set" && lots?.length === 1 ? lots[0]!.id : null;
  const chosenLotId = onlyLot ?? lotId;
  const chosenLot = lots?.find((lot) => lot.id === chosenLotId);

  // A successful adjustment redirects back to this page (a refusal does not navigate): close once
  // the page has been loaded again.
  const openedAt = useRef(key);
  useEffect(() => {
    if (key !== openedAt.current) onClose();
  }, [key, onClose]);

  const amount = Number.parseInt(quantity, 10);
  // A named lot is what is counted or taken from: its units are the ones that cannot go below 0.
  const base = chosenLot && !received ? chosenLot.onHand : target.stock;
  const delta = Number.isNaN(amount) ? null : adjustmentDelta(mode, amount, base);
  const after = delta === null ? null : target.stock + delta;
  const short = delta !== null && base + delta < 0;
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
        action={stockUrl}
        encType="multipart/form-data"
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
                : short
                  ? chosenLot && !received
                    ? `Only ${base} in lot ${lotLabel(chosenLot.lotNumber)}`
                    : `Only ${target.stock} in stock`
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
          {received ? (
            <ReceivedLotFields />
          ) : lots && lots.length > 0 ? (
            <Field
              name="lotId"
              label="Lot"
              required={mode === "set" && lots.length > 1}
              hint={lotHint(mode, lots.length)}
            >
              {(props) => (
                <select
                  {...props}
                  value={chosenLotId}
                  onChange={(e) => setLotId(e.currentTarget.value)}
                  className={selectClass}
                >
                  {onlyLot ? null : (
                    <option value="">
                      {mode === "remove"
                        ? "First to expire (automatic)"
                        : mode === "add"
                          ? lotLabel(UNRECORDED_LOT)
                          : "Choose the lot you counted"}
                    </option>
                  )}
                  {offered.map((lot) => (
                    <option key={lot.id} value={lot.id}>
                      {lotOptionText(lot)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {received ? null : (
            <input type="hidden" name="lotCount" value={String(lots?.length ?? 0)} />
          )}
          <Field name="note" label="Note" hint="Optional: a delivery number, what happened">
            {(props) => <input {...props} maxLength={500} className={inputClass} />}
          </Field>
        </FormProvider>
      </fetcher.Form>
    </Modal>
  );
}

/** A lot as the stock route's loader lists it (`listSizeLots`). */
interface SizeLotOption {
  id: string;
  lotNumber: string;
  onHand: number;
  expiresOn: string | null;
}

/** "B-2211 · 12 on hand · expires Mar 31, 2027" */
function lotOptionText(lot: SizeLotOption): string {
  const expiry = lot.expiresOn ? `expires ${formatCalendarDay(lot.expiresOn)}` : "no expiry date";
  return `${lotLabel(lot.lotNumber)} · ${lot.onHand} on hand · ${expiry}`;
}

function lotHint(mode: AdjustMode, count: number): string | undefined {
  if (mode === "remove")
    return "Sales and removals take the lot that expires first unless you choose";
  if (mode === "set") return count > 1 ? "A count is of one lot" : undefined;
  return "The lot the units go back to";
}

/** A delivery received: the lot printed on its packages, and its certificate of analysis. */
function ReceivedLotFields() {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-sm font-medium text-stone-700">Lot</legend>
      <Field name="lotNumber" label="Lot number" required hint="As printed on the package">
        {(props) => (
          <input {...props} maxLength={LOT_NUMBER_MAX} autoComplete="off" className={inputClass} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="packagedOn" label="Packaged on">
          {LotDateInput}
        </Field>
        <Field name="expiresOn" label="Best before / expiry">
          {LotDateInput}
        </Field>
      </div>
      <Field name="supplier" label="Supplier" hint="Optional">
        {(props) => <input {...props} maxLength={SUPPLIER_MAX} className={inputClass} />}
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-700">
          Certificate of analysis
        </legend>
        <p className="mb-3 text-xs text-stone-500">Optional: a link, or the PDF (10 MB at most).</p>
        <div className="space-y-3">
          <Field name="coaUrl" label="Link">
            {(props) => (
              <input
                {...props}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={500}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="coaFile" label="Or upload the PDF">
            {(props) => (
              <input
                {...props}
                type="file"
                accept="application/pdf,.pdf"
                className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-200"
              />
            )}
          </Field>
        </div>
      </fieldset>
    </fieldset>
  );
}
