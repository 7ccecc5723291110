import { Loader2, Send } from "lucide-react";
import { data, Form, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/ship";
import { buttonClass } from "~/components/admin/button";
import { Field, inputClass, FormAlert } from "~/components/admin/field";
import { Modal } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { ShipmentStatusBadge } from "~/components/admin/shipment-status";
import { statusName, TRACKING_NUMBER_HELP } from "~/lib/order-status";
import { SHIPPING_PATH, ShipmentStatusChangeSchema } from "~/schemas/shipping";
import { redirectWithToast } from "~/server/admin/flash.server";
import { changeShipmentStatus, getShipment } from "~/server/shipping/shipments.server";
import { readFormValues } from "~/server/http/form.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";

const NOT_FOUND = "This shipment does not exist (the order may have been cancelled).";

export async function loader({ params }: Route.LoaderArgs) {
  const shipment = await getShipment(params.shipmentId);
  if (!shipment) throw data({ message: NOT_FOUND }, { status: 404 });
  return { shipment };
}

/** Ships a prepared parcel: Canada Post tracking number, then the order's processing → shipped. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const form = await readFormValues(request);
  const parsed = ShipmentStatusChangeSchema.safeParse({
    ...form,
    shipmentId: params.shipmentId,
    to: "shipped",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "trackingNumber" ? "trackingNumber" : undefined;
    return data(
      { error: field ? TRACKING_NUMBER_HELP : "This shipment change is not valid.", field },
      { status: 400 },
    );
  }
  const result = await changeShipmentStatus({ ...parsed.data, actor: admin.displayName });
  if (!result.ok)
    return data({ error: result.message, field: result.field }, { status: result.status });
  return redirectWithToast(
    `${SHIPPING_PATH}${new URL(request.url).search}`,
    `Order ${result.orderNumber} shipped. The shopper is emailed the tracking link.`,
  );
}

export default function ShipShipment({ loaderData, actionData }: Route.ComponentProps) {
  const { shipment } = loaderData;
  const navigate = useNavigate();
  const { search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const close = () => void navigate(`${SHIPPING_PATH}${search}`, { preventScrollReset: true });
  const formId = "ship-form";
  const canShip = shipment.status === "preparing";
  const fieldError = actionData?.field === "trackingNumber" ? actionData.error : undefined;
  const formError = actionData && !fieldError ? actionData.error : undefined;
  return (
    <Modal
      title={`Ship order ${shipment.orderNumber}`}
      description={`${shipment.customer} · ${shipment.city}, ${shipment.province}`}
      size="md"
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
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
      <FormAlert message={formError} />
      {canShip ? (
        <Form method="post" id={formId} replace preventScrollReset className="space-y-4">
          <input type="hidden" name="expectedStatus" value={shipment.status} />
          <p className="text-sm text-stone-600">
            Carrier: <span className="font-medium text-stone-900">{shipment.carrier}</span>. The
            estimated delivery is set 3 days ahead and the shopper is emailed the tracking link.
          </p>
          <Field
            label="Canada Post tracking number"
            required
            error={fieldError}
            hint={TRACKING_NUMBER_HELP}
          >
            {(props) => (
              <input
                {...props}
                name="trackingNumber"
                required
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                placeholder="1234 5678 9012 3456"
                className={`${inputClass} font-mono`}
              />
            )}
          </Field>
        </Form>
      ) : (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          This shipment is already <ShipmentStatusBadge status={shipment.status} />. Only a parcel
          that is {statusName("preparing")} can be shipped.
        </p>
      )}
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
