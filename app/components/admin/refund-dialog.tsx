import { Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { lazyModule } from "~/lib/lazy-module";
import { formatMoney, typedDollarsToCents } from "~/lib/money";
import {
  fullRefundRequest,
  remainingOf,
  splitRefund,
  type RefundRequest,
  type RefundableOrder,
  type RefundedSoFar,
} from "~/lib/refund-math";
import { REFUND_METHOD_LABELS, REFUND_METHODS, type RefundMethod } from "~/lib/refunds";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { Modal, DialogButtons } from "./modal";
import { LineRow, PreviewLine, Summary } from "./refund-dialog-parts";

// The same rules as the action, fetched with zod when the dialog is first focused.
const refundSchemas = lazyModule(() => import("~/schemas/refunds"));

/** What the order page gives the refund dialogs (refunds.server.ts `orderRefundPanel`). */
export interface RefundPanelData {
  orderNumber: string;
  email: string;
  status: string;
  /** The order's version: a change since the page was loaded refuses the form (409). */
  version: number;
  totalCents: number;
  refundedCents: number;
  paidCents: number;
  refundable: RefundableOrder;
  refunded: RefundedSoFar;
}

type Intent = "refund" | "cancel";

/** Dollars typed in a box to cents (an empty box is 0); null when it is not an amount. */
const typedCents = (text: string) =>
  text.replace(/[$,\s]/g, "") === "" ? 0 : typedDollarsToCents(text);

/** Refund: opens the dialog for lines, shipping or an amount. */
export function RefundButton({ panel }: { panel: RefundPanelData }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)}>
        <Undo2 className="h-4 w-4" aria-hidden />
        Refund
      </button>
      {open ? <RefundDialog panel={panel} intent="refund" onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Cancel order on a paid order: the cancellation and its refund of everything left, together. */
export function CancelWithRefundButton({ panel }: { panel: RefundPanelData }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary", "md", "text-red-700")}
        onClick={() => setOpen(true)}
      >
        Cancel order
      </button>
      {open ? <RefundDialog panel={panel} intent="cancel" onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The refund form. "refund": each line's units to refund (no more than are left) with a restock
 * choice, the shipping, or an amount instead; the parts (goods, shipping, each tax line) are
 * previewed with the server's own arithmetic. "cancel": everything left, restock per line, and the
 * reason. Errors stay in the dialog; success returns to the order with a toast.
 */
function RefundDialog({
  panel,
  intent,
  onClose,
}: {
  panel: RefundPanelData;
  intent: Intent;
  onClose: () => void;
}) {
  const fetcher = useFetcher<FormReply>();
  const form = useForm({
    rules: {
      current: () => refundSchemas.current()?.refundRules(intent),
      load: refundSchemas.load,
    },
    lastResult: fetcher.data,
  });
  const busy = fetcher.state !== "idle";
  const formId = `refund-${panel.orderNumber}-${intent}`;
  const { key } = useLocation();
  const openedAt = useRef(key);
  useEffect(() => {
    if (key !== openedAt.current) onClose();
  }, [key, onClose]);

  const { refundable, refunded } = panel;
  const remaining = remainingOf(refundable, refunded);
  const everything = fullRefundRequest(refundable, refunded);
  const cancel = intent === "cancel";
  const open = refundable.lines.filter((l) => remaining.lines[l.id]!.quantity > 0);

  const [mode, setMode] = useState<"items" | "amount">("items");
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [shipping, setShipping] = useState("");
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<RefundMethod>("etransfer");

  // The refund as typed so far, priced by the same arithmetic as the server.
  const request: RefundRequest | null = cancel
    ? everything
    : mode === "amount"
      ? typedCents(amount) === null
        ? null
        : { kind: "amount", amountCents: typedCents(amount)! }
      : (() => {
          const lines = open.map((l) => ({
            id: l.id,
            quantity: Number(quantities[l.id] || "0"),
            restock: restock[l.id] ?? false,
          }));
          const ship = typedCents(shipping);
          if (ship === null || lines.some((l) => !Number.isInteger(l.quantity))) return null;
          return { kind: "items", lines, shippingCents: ship };
        })();
  const preview =
    request && remaining.totalCents > 0 ? splitRefund(refundable, refunded, request) : null;
  const total = preview?.ok ? preview.amountCents : null;

  const title = cancel
    ? `Cancel order and refund: ${panel.orderNumber}`
    : `Refund: ${panel.orderNumber}`;
  const submitLabel = busy
    ? "Saving…"
    : cancel
      ? total === null
        ? "Cancel order"
        : `Cancel and refund ${formatMoney(total)}`
      : total === null
        ? "Refund"
        : `Refund ${formatMoney(total)}`;
  return (
    <Modal
      title={title}
      description={`${panel.email} · order total ${formatMoney(panel.totalCents)}`}
      size="lg"
      onClose={onClose}
      footer={
        <DialogButtons
          formId={formId}
          onClose={onClose}
          busy={busy}
          variant={cancel ? "danger" : "primary"}
          closeLabel="Close"
        >
          {submitLabel}
        </DialogButtons>
      }
    >
      <fetcher.Form
        id={formId}
        method="post"
        action={href("/budzadmin/dashboard/orders/:orderNumber/refund", {
          orderNumber: panel.orderNumber,
        })}
        {...form.props}
        className="space-y-5"
      >
        <FormProvider form={form}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="version" value={panel.version} />
          {cancel ? <input type="hidden" name="from" value={panel.status} /> : null}
          <Summary
            paidCents={panel.paidCents}
            refundedCents={panel.refundedCents}
            remainingCents={remaining.totalCents}
          />
          {cancel ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Cancelling this paid order refunds everything that remains (
              {formatMoney(remaining.totalCents)}) in the same step, frees the coupon use and emails
              the shopper that the refund was sent. Untick Restock for items that cannot be sold
              again. It cannot be undone.
            </p>
          ) : (
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-stone-700">Refund</legend>
              <div className="grid grid-cols-2 gap-2">
                {(
                  [
                    ["items", "Items and shipping"],
                    ["amount", "An amount"],
                  ] as const
                ).map(([value, label]) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-700 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                  >
                    <input
                      type="radio"
                      name="mode"
                      value={value}
                      checked={mode === value}
                      onChange={() => setMode(value)}
                      className="sr-only"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <FormSummary />

          {cancel || mode === "items" ? (
            <>
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-stone-700">Items</legend>
                {open.length === 0 ? (
                  <p className="text-sm text-stone-500">Every item has been refunded.</p>
                ) : (
                  <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
                    {open.map((line, i) => (
                      <LineRow
                        key={line.id}
                        index={i}
                        line={line}
                        left={remaining.lines[line.id]!.quantity}
                        refundedUnits={refunded.lines[line.id]?.quantity ?? 0}
                        fixed={cancel}
                        quantity={quantities[line.id] ?? ""}
                        onQuantity={(value) => setQuantities((q) => ({ ...q, [line.id]: value }))}
                        // A refund puts nothing back unless staff tick it (a crushed item must not
                        // go back on sale); a paid order cancelled before it left keeps its stock.
                        restock={restock[line.id] ?? cancel}
                        onRestock={(value) => setRestock((r) => ({ ...r, [line.id]: value }))}
                      />
                    ))}
                  </ul>
                )}
              </fieldset>
              {cancel ? (
                remaining.shippingCents > 0 ? (
                  <p className="text-sm text-stone-700">
                    Shipping refunded: {formatMoney(remaining.shippingCents)}
                  </p>
                ) : null
              ) : (
                <Field
                  name="shipping"
                  label="Shipping to refund ($)"
                  hint={
                    remaining.shippingCents > 0
                      ? `Up to ${formatMoney(remaining.shippingCents)}`
                      : "No shipping left to refund"
                  }
                >
                  {(props) => (
                    <input
                      {...props}
                      inputMode="decimal"
                      placeholder="0.00"
                      value={shipping}
                      disabled={remaining.shippingCents === 0}
                      onChange={(e) => setShipping(e.currentTarget.value)}
                      className={`${inputClass} max-w-40`}
                    />
                  )}
                </Field>
              )}
            </>
          ) : (
            <Field
              name="amount"
              label="Amount to refund ($)"
              required
              hint={`Up to ${formatMoney(remaining.totalCents)}. It is split between goods, shipping and each tax in proportion to what remains of them.`}
            >
              {(props) => (
                <input
                  {...props}
                  inputMode="decimal"
                  placeholder="0.00"
                  value={amount}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                  className={`${inputClass} max-w-40`}
                />
              )}
            </Field>
          )}

          {preview?.ok ? (
            <section
              aria-label="Refund total"
              className="rounded-lg border border-stone-200 p-3 text-sm"
            >
              <dl className="space-y-1">
                <PreviewLine label="Goods" cents={preview.goodsCents} />
                {preview.shippingCents > 0 ? (
                  <PreviewLine label="Shipping" cents={preview.shippingCents} />
                ) : null}
                {preview.taxLines.map((t) => (
                  <PreviewLine key={t.id} label={t.label} cents={t.amountCents} />
                ))}
                <PreviewLine label="Refund total" cents={preview.amountCents} strong />
              </dl>
            </section>
          ) : null}

          {cancel ? (
            <Field name="reason" label="Reason for cancelling" required>
              {(props) => (
                <textarea {...props} required maxLength={500} rows={2} className={inputClass} />
              )}
            </Field>
          ) : null}

          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-700">
              How the money goes back
            </legend>
            <div className="space-y-2">
              {REFUND_METHODS.map((value) => (
                <label key={value} className="flex items-start gap-2 text-sm text-stone-700">
                  <input
                    type="radio"
                    name="method"
                    value={value}
                    checked={method === value}
                    onChange={() => setMethod(value)}
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                  />
                  <span>
                    {value === "etransfer"
                      ? `${REFUND_METHOD_LABELS.etransfer} to ${panel.email}`
                      : `${REFUND_METHOD_LABELS.other} (cash, a card refund…)`}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="reference"
              label={method === "etransfer" ? "e-Transfer reference" : "Reference"}
              hint="Optional: the bank's reference number"
            >
              {(props) => (
                <input {...props} maxLength={64} autoComplete="off" className={inputClass} />
              )}
            </Field>
            <Field name="note" label="Note" hint="Optional: for the order's history">
              {(props) => <input {...props} maxLength={500} className={inputClass} />}
            </Field>
          </div>
        </FormProvider>
      </fetcher.Form>
    </Modal>
  );
}
