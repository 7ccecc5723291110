import { Fragment, useState } from "react";
import { href, useFetcher } from "react-router";
import { Field, FormProvider, FormSummary, useFieldError, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { formatMoney } from "~/lib/money";
import { nextOrderStatuses, statusName, type OrderStatus } from "~/lib/order-status";
import { lazyModule } from "~/lib/lazy-module";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { ConfirmWarning } from "./confirm-warning";
import { Modal, DialogButtons } from "./modal";
import { TrackingNumberField } from "./tracking-number-field";

interface StatusTarget {
  orderNumber: string;
  status: string;
  totalCents: number;
}

/** The steps' rules, fetched when a dialog is first focused (zod stays off the first load). */
const orderForms = lazyModule(() => import("~/schemas/orders"));

/** What a status step is called on its button and in its dialog. */
const STEP_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Mark paid",
  processing: "Start processing",
  shipped: "Ship",
  delivered: "Mark delivered",
  completed: "Complete",
  cancelled: "Cancel order",
};

function AcceptDifferentAmount() {
  const error = useFieldError("acceptDifferentAmount");
  return (
    <label className="flex items-start gap-2 text-sm text-stone-700">
      <input
        type="checkbox"
        name="acceptDifferentAmount"
        aria-invalid={error ? true : undefined}
        className="mt-0.5 h-4 w-4 accent-brand-700"
      />
      Accept a different amount (explain why in the note)
    </label>
  );
}

/**
 * The dialog for one status step: the fields that step needs (e-Transfer reference and amount,
 * tracking number, reason), posted with the step as its `intent` to the order page's action.
 * Errors stay in the dialog; success redirects to `returnTo` with a toast.
 */
function StatusDialog({
  order,
  to,
  returnTo,
  onClose,
}: {
  order: StatusTarget;
  to: OrderStatus;
  returnTo: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<FormReply>();
  const form = useForm({
    rules: { current: () => orderForms.current()?.stepForm(to), load: orderForms.load },
    lastResult: fetcher.data,
  });
  const busy = fetcher.state !== "idle";
  const [amount, setAmount] = useState((order.totalCents / 100).toFixed(2));
  const differs = Math.round(Number(amount.replace(/[$,\s]/g, "")) * 100) !== order.totalCents;
  const formId = `status-${order.orderNumber}-${to}`;
  return (
    <Modal
      title={`${STEP_LABELS[to]}: ${order.orderNumber}`}
      description={`${statusName(order.status)} → ${statusName(to)}`}
      size="md"
      onClose={onClose}
      footer={
        <DialogButtons
          formId={formId}
          onClose={onClose}
          busy={busy}
          variant={to === "cancelled" ? "danger" : "primary"}
          closeLabel="Close"
        >
          {busy ? "Saving…" : STEP_LABELS[to]}
        </DialogButtons>
      }
    >
      <fetcher.Form
        id={formId}
        method="post"
        action={href("/budzadmin/dashboard/orders/:orderNumber", {
          orderNumber: order.orderNumber,
        })}
        {...form.props}
        className="space-y-4"
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value={to} />
          <input type="hidden" name="from" value={order.status} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {to === "paid" ? (
            <>
              <Field name="reference" label="e-Transfer reference" required>
                {(props) => <input {...props} required maxLength={64} className={inputClass} />}
              </Field>
              <Field
                name="amountReceived"
                label="Amount received ($)"
                required
                hint={`Order total: ${formatMoney(order.totalCents)}`}
              >
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    required
                    value={amount}
                    onChange={(e) => setAmount(e.currentTarget.value)}
                    className={inputClass}
                  />
                )}
              </Field>
              {differs ? <AcceptDifferentAmount /> : null}
            </>
          ) : null}
          {to === "shipped" ? <TrackingNumberField input={{ maxLength: 40 }} /> : null}
          {to === "shipped" ? (
            <ConfirmWarning warning={fetcher.data?.warning} label="Save anyway" />
          ) : null}
          {to === "cancelled" ? (
            <>
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                Cancelling puts every item back in stock, frees the coupon use and emails the
                shopper the reason. It cannot be undone.
              </p>
              <Field name="reason" label="Reason" required>
                {(props) => (
                  <textarea {...props} required maxLength={500} rows={3} className={inputClass} />
                )}
              </Field>
            </>
          ) : (
            <Field name="note" label="Note (optional)">
              {(props) => <textarea {...props} maxLength={500} rows={2} className={inputClass} />}
            </Field>
          )}
        </FormProvider>
      </fetcher.Form>
    </Modal>
  );
}

/**
 * Which step's dialog is open, remembered with the status it was opened from: once the step is
 * saved the status changes and the dialog is no longer shown.
 */
function useStepDialog(status: string) {
  const [open, setOpen] = useState<{ to: OrderStatus; from: string } | null>(null);
  const to = open && open.from === status ? open.to : null;
  return {
    to,
    openStep: (step: OrderStatus) => setOpen({ to: step, from: status }),
    close: () => setOpen(null),
  };
}

/**
 * A row's status control: only the steps allowed from the current status
 * (docs/product/orders-and-money.md#order-states). A paid order (`paid`: money not all refunded)
 * is cancelled from its page, where the cancel refunds it.
 */
export function OrderStatusSelect({
  order,
  returnTo,
}: {
  order: StatusTarget & { paid?: boolean };
  returnTo: string;
}) {
  const dialog = useStepDialog(order.status);
  const steps = nextOrderStatuses(order.status).filter((to) => !(to === "cancelled" && order.paid));
  if (steps.length === 0) return null;
  return (
    <>
      <select
        aria-label={`Change status of ${order.orderNumber}`}
        value={dialog.to ?? ""}
        onChange={(e) => {
          const to = e.currentTarget.value as OrderStatus;
          if (to) dialog.openStep(to);
        }}
        className="h-8 w-24 rounded-lg border border-stone-300 bg-white px-2 text-xs font-medium text-stone-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      >
        <option value="">Change…</option>
        {steps.map((to) => (
          <option key={to} value={to}>
            {STEP_LABELS[to]}
          </option>
        ))}
      </select>
      {dialog.to ? (
        <StatusDialog order={order} to={dialog.to} returnTo={returnTo} onClose={dialog.close} />
      ) : null}
    </>
  );
}

/**
 * The order page's buttons: one per allowed step, each opening its dialog. `cancelButton` takes
 * the place of Cancel order (a paid order's cancel is its refund dialog; null: not offered).
 */
export function OrderStatusButtons({
  order,
  returnTo,
  cancelButton,
}: {
  order: StatusTarget;
  returnTo: string;
  cancelButton?: React.ReactNode;
}) {
  const dialog = useStepDialog(order.status);
  const steps = nextOrderStatuses(order.status);
  if (steps.length === 0) return null;
  return (
    <>
      {steps.map((to) =>
        to === "cancelled" && cancelButton !== undefined ? (
          <Fragment key={to}>{cancelButton}</Fragment>
        ) : (
          <button
            key={to}
            type="button"
            onClick={() => dialog.openStep(to)}
            className={
              to === "cancelled"
                ? buttonClass("secondary", "md", "text-red-700")
                : buttonClass("primary")
            }
          >
            {STEP_LABELS[to]}
          </button>
        ),
      )}
      {dialog.to ? (
        <StatusDialog order={order} to={dialog.to} returnTo={returnTo} onClose={dialog.close} />
      ) : null}
    </>
  );
}
