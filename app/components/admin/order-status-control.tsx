import { Fragment, useState } from "react";
import { href, Link, useFetcher, useNavigate } from "react-router";
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
  /** What a part-paid order still owes (the total when nothing was received). */
  owingCents?: number;
  /** parcel (the default), delivery or pickup: a delivery or pickup is handed over, not shipped. */
  method?: string;
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

/** A step's name for this order: a pickup's processing is making it ready at the counter. */
function stepLabel(to: OrderStatus, method = "parcel"): string {
  if (to === "processing" && method === "pickup") return "Ready for pickup";
  return STEP_LABELS[to];
}

/** A delivery or pickup reaches "delivered" only through its handover page (with the ID check). */
function handedOverStep(order: StatusTarget, to: OrderStatus): boolean {
  return to === "delivered" && (order.method ?? "parcel") !== "parcel";
}

function handoverHref(orderNumber: string) {
  return href("/budzadmin/dashboard/handover/:orderNumber", { orderNumber });
}

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
  const owing = order.owingCents ?? order.totalCents;
  const [amount, setAmount] = useState((owing / 100).toFixed(2));
  const differs = Math.round(Number(amount.replace(/[$,\s]/g, "")) * 100) !== owing;
  const formId = `status-${order.orderNumber}-${to}`;
  return (
    <Modal
      title={`${stepLabel(to, order.method)}: ${order.orderNumber}`}
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
          {busy ? "Saving…" : stepLabel(to, order.method)}
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
                hint={
                  owing === order.totalCents
                    ? `Order total: ${formatMoney(order.totalCents)}`
                    : `Order total: ${formatMoney(order.totalCents)}, still owing: ${formatMoney(owing)}`
                }
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
  const navigate = useNavigate();
  const steps = nextOrderStatuses(order.status, order.method).filter(
    (to) => !(to === "cancelled" && order.paid),
  );
  if (steps.length === 0) return null;
  return (
    <>
      <select
        aria-label={`Change status of ${order.orderNumber}`}
        value={dialog.to ?? ""}
        onChange={(e) => {
          const to = e.currentTarget.value as OrderStatus;
          if (to && handedOverStep(order, to)) void navigate(handoverHref(order.orderNumber));
          else if (to) dialog.openStep(to);
        }}
        className="h-8 w-24 rounded-lg border border-stone-300 bg-white px-2 text-xs font-medium text-stone-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      >
        <option value="">Change…</option>
        {steps.map((to) => (
          <option key={to} value={to}>
            {handedOverStep(order, to) ? "Hand over…" : stepLabel(to, order.method)}
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
  const steps = nextOrderStatuses(order.status, order.method);
  if (steps.length === 0) return null;
  return (
    <>
      {steps.map((to) =>
        to === "cancelled" && cancelButton !== undefined ? (
          <Fragment key={to}>{cancelButton}</Fragment>
        ) : handedOverStep(order, to) ? (
          <Link key={to} to={handoverHref(order.orderNumber)} className={buttonClass("primary")}>
            Hand over
          </Link>
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
            {stepLabel(to, order.method)}
          </button>
        ),
      )}
      {dialog.to ? (
        <StatusDialog order={order} to={dialog.to} returnTo={returnTo} onClose={dialog.close} />
      ) : null}
    </>
  );
}
