import { Loader2, Send } from "lucide-react";
import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/ship";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { CloseButton, Modal, useCloseToList } from "~/components/admin/modal";
import { ParcelLabel } from "~/components/admin/parcel-label";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { ShipmentStatusBadge } from "~/components/admin/shipment-status";
import { TrackingNumberField } from "~/components/admin/tracking-number-field";
import { Alert, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { ConfirmWarning } from "~/components/admin/confirm-warning";
import { statusName } from "~/lib/order-status";
import { lazyModule } from "~/lib/lazy-module";
import { shipForm } from "~/schemas/shipping";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";
import { formReply, parseForm, warningReply } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { changeShipmentStatus, getShipment } from "~/server/shipping/shipments.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

// The ship form of one shipment: a modal over the Shipping list (…/shipping/:shipmentId/ship).
// Named for what it does rather than edit.tsx: it edits nothing but ships the parcel (tracking
// number, then the order's processing → shipped), and the URL says so.

/** The dialog's rules, fetched when it is first focused (zod stays off the list's first load). */
const shipRules = lazyModule(() => import("~/schemas/shipping").then((m) => m.shipForm));

const NOT_FOUND = "This shipment does not exist (the order may have been cancelled).";

export async function loader({ params }: Route.LoaderArgs) {
  const shipment = await getShipment(params.shipmentId);
  invariantResponse(shipment, NOT_FOUND, { status: 404 });
  return { shipment };
}

/** Ships a prepared parcel: Canada Post tracking number, then the order's processing → shipped. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, shipForm);
  if (!submission.ok) return submission.reply;
  const result = await changeShipmentStatus({
    ...submission.data,
    shipmentId: params.shipmentId,
    to: "shipped",
    actor: auditActor(context),
  });
  // A tracking number already on another order: saved only once confirmed.
  if (!result.ok && "warning" in result) return warningReply(result.warning, submission.form);
  if (!result.ok)
    return formReply(result.errors ?? { form: result.message }, {
      status: result.status,
      form: submission.form,
    });
  return redirectWithToast(
    `${href("/budzadmin/dashboard/shipping")}${new URL(request.url).search}`,
    `Order ${result.orderNumber} shipped. The shopper is emailed the tracking link.`,
  );
}

export default function ShipShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { shipment } = loaderData;
  const navigation = useNavigation();
  const form = useForm({ rules: shipRules, lastResult: actionData });
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const close = useCloseToList(href("/budzadmin/dashboard/shipping"));
  const formId = "ship-form";
  const canShip = shipment.status === "preparing";
  const fromLabel = shipment.labelState === "bought" && shipment.trackingNumber !== null;
  return (
    <Modal
      title={`Ship order ${shipment.orderNumber}`}
      description={`${shipment.customer} · ${shipment.city}, ${shipment.province}`}
      size="md"
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          {canShip ? (
            <button type="submit" form={formId} disabled={saving} className={buttonClass()}>
              {saving ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <Send className="h-4 w-4" aria-hidden />
              )}
              {saving ? "Shipping..." : "Mark as shipped"}
            </button>
          ) : null}
        </>
      }
    >
      {canShip ? (
        <Form
          method="post"
          id={formId}
          replace
          preventScrollReset
          {...form.props}
          className="space-y-4"
        >
          <FormProvider form={form}>
            <FormSummary />
            <input type="hidden" name="expectedStatus" value={shipment.status} />
            {shipment.parcel ? <ParcelLabel parcel={shipment.parcel} /> : null}
            <p className="text-sm text-stone-600">
              Carrier: <span className="font-medium text-stone-900">{shipment.carrier}</span>. The
              estimated delivery is set 3 days ahead and the shopper is emailed the tracking link.
            </p>
            {fromLabel ? (
              <p className="text-sm text-stone-600">
                The tracking number is the Canada Post label&apos;s: ship the parcel once it is
                handed over.
              </p>
            ) : null}
            <TrackingNumberField
              input={{
                // The bought label's tracking number, unless staff typed another.
                defaultValue: actionData?.values?.trackingNumber ?? shipment.trackingNumber ?? "",
                maxLength: 64,
                spellCheck: false,
                placeholder: "1234 5678 9012 3456",
                className: `${inputClass} font-mono`,
              }}
            />
            <ConfirmWarning warning={actionData?.warning} label="Save anyway" />
          </FormProvider>
        </Form>
      ) : (
        <>
          <Alert message={actionData?.errors.form} />
          <p className="flex items-center gap-2 text-sm text-stone-700">
            This shipment is already <ShipmentStatusBadge status={shipment.status} />. Only a parcel
            that is {statusName("preparing")} can be shipped.
          </p>
        </>
      )}
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
