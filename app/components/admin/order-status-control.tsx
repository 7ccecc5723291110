import { useState } from "react";
import { useFetcher } from "react-router";
import { formatMoney } from "~/lib/money";
import {
  nextOrderStatuses,
  statusName,
  TRACKING_NUMBER_HELP,
  type OrderStatus,
} from "~/lib/order-status";
import { buttonClass } from "./button";
import { Field, inputClass } from "./field";
import { Modal } from "./modal";

export const ORDERS_PATH = "/budzadmin/dashboard/orders";

export interface StatusTarget {
  orderNumber: string;
  status: string;
  totalCents: number;
}

/** What a status step is called on its button and in its dialog. */
export const STEP_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Mark paid",
  processing: "Start processing",
  shipped: "Ship",
  delivered: "Mark delivered",
  completed: "Complete",
  cancelled: "Cancel order",
};

interface ActionError {
  message: string;
  field?: string;
}

/**
 * The dialog for one status step: the fields that step needs (e-Transfer reference and amount,
 * tracking number, reason), posted to the order page's action. Errors stay in the dialog; success
 * redirects to `returnTo` with a toast.
 */
export function StatusDialog({
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
  const fetcher = useFetcher<ActionError>();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data;
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);
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
        <>
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Close
          </button>
          <button
            type="submit"
            form={formId}
            disabled={busy}
            className={buttonClass(to === "cancelled" ? "danger" : "primary")}
          >
            {busy ? "Saving…" : STEP_LABELS[to]}
          </button>
        </>
      }
    >
      <fetcher.Form
        id={formId}
        method="post"
        action={`${ORDERS_PATH}/${order.orderNumber}`}
        className="space-y-4"
      >
        <input type="hidden" name="to" value={to} />
        <input type="hidden" name="from" value={order.status} />
        <input type="hidden" name="returnTo" value={returnTo} />
        {to === "paid" ? (
          <>
            <Field label="e-Transfer reference" required error={fieldError("reference")}>
              {(props) => (
                <input {...props} name="reference" required maxLength={64} className={inputClass} />
              )}
            </Field>
            <Field
              label="Amount received ($)"
              required
              error={fieldError("amountReceived")}
              hint={`Order total: ${formatMoney(order.totalCents)}`}
            >
              {(props) => (
                <input
                  {...props}
                  name="amountReceived"
                  inputMode="decimal"
                  required
                  value={amount}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                  className={inputClass}
                />
              )}
            </Field>
            {differs ? (
              <label className="flex items-start gap-2 text-sm text-stone-700">
                <input
                  type="checkbox"
                  name="acceptDifferentAmount"
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                />
                Accept a different amount (explain why in the note)
              </label>
            ) : null}
          </>
        ) : null}
        {to === "shipped" ? (
          <Field
            label="Canada Post tracking number"
            required
            error={fieldError("trackingNumber")}
            hint={TRACKING_NUMBER_HELP}
          >
            {(props) => (
              <input
                {...props}
                name="trackingNumber"
                required
                maxLength={40}
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
        ) : null}
        {to === "cancelled" ? (
          <>
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Cancelling puts every item back in stock, frees the coupon use and emails the shopper
              the reason. It cannot be undone.
            </p>
            <Field label="Reason" required error={fieldError("reason")}>
              {(props) => (
                <textarea
                  {...props}
                  name="reason"
                  required
                  maxLength={500}
                  rows={3}
                  className={inputClass}
                />
              )}
            </Field>
          </>
        ) : (
          <Field label="Note (optional)" error={fieldError("note")}>
            {(props) => (
              <textarea {...props} name="note" maxLength={500} rows={2} className={inputClass} />
            )}
          </Field>
        )}
        {error && !error.field ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700">
            {error.message}
          </p>
        ) : null}
        {error?.field ? (
          <p role="alert" className="sr-only">
            {error.message}
          </p>
        ) : null}
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

/** A row's status control: only the steps DESIGN.md allows from the current status. */
export function OrderStatusSelect({ order, returnTo }: { order: StatusTarget; returnTo: string }) {
  const dialog = useStepDialog(order.status);
  const steps = nextOrderStatuses(order.status);
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
        className="h-8 rounded-lg border border-stone-300 bg-white px-2 text-xs font-medium text-stone-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
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

/** The order page's buttons: one per allowed step, each opening its dialog. */
export function OrderStatusButtons({ order, returnTo }: { order: StatusTarget; returnTo: string }) {
  const dialog = useStepDialog(order.status);
  const steps = nextOrderStatuses(order.status);
  if (steps.length === 0) return null;
  return (
    <>
      {steps.map((to) => (
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
      ))}
      {dialog.to ? (
        <StatusDialog order={order} to={dialog.to} returnTo={returnTo} onClose={dialog.close} />
      ) : null}
    </>
  );
}
