import { formatCalendarDay, formatDate, type DateTexts } from "~/lib/dates";
import {
  ExternalLink,
  FileText,
  Loader2,
  PackageCheck,
  Printer,
  RotateCcw,
  Send,
  Truck,
  XCircle,
} from "lucide-react";
import { Form, href, Link, useFetcher, useLocation, useNavigation, useSubmit } from "react-router";
import type { FormReply } from "~/lib/form";
import { canadaPostTrackingUrl, nextShipmentStatuses, statusName } from "~/lib/order-status";
import { LABELS_ACTION_PATH, labelPdfPath } from "~/schemas/shipping";
import { Badge, type Tone } from "./badges";
import { buttonClass } from "./button";
import { ConfirmDialog } from "./modal";

const SHIPMENT_TONES: Record<string, Tone> = {
  preparing: "amber",
  shipped: "blue",
  in_transit: "violet",
  delivered: "green",
};

export function ShipmentStatusBadge({ status }: { status: string }) {
  return <Badge tone={SHIPMENT_TONES[status] ?? "stone"}>{statusName(status)}</Badge>;
}

/** The tracking number as a link to Canada Post's tracking page (a new tab), or a dash. */
export function TrackingLink({ trackingNumber }: { trackingNumber: string | null }) {
  if (!trackingNumber) return <span className="text-stone-500">—</span>;
  return (
    <a
      href={canadaPostTrackingUrl(trackingNumber)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-mono text-xs font-medium text-brand-700 hover:text-brand-900 hover:underline"
    >
      {trackingNumber}
      <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
      <span className="sr-only">(Canada Post tracking, opens in a new tab)</span>
    </a>
  );
}

/** "2025-03-05" (a calendar date) → "Mar 5, 2025". */
export function formatDay(day: string | null): string {
  if (!day) return "—";
  return formatCalendarDay(day);
}

/** An instant as a day in the store's time zone (from the loader's dateTexts). */
export function formatInstant(value: Date | string | null, dates: DateTexts): string {
  if (!value) return "—";
  return formatDate(value, dates);
}

interface RowShipment {
  id: string;
  orderNumber: string;
  status: string;
}

/** A row's Canada Post label, as the Shipping list has it. */
interface LabelShipment extends RowShipment {
  /** Null for local delivery and pickup: no label. */
  parcel: object | null;
  labelState: string | null;
  labelError: string | null;
  labelShipmentId: string | null;
}

/** A label control: one line, so a narrow Actions column does not break "Print label". */
const LABEL_BUTTON = `${buttonClass("secondary", "sm")} whitespace-nowrap`;

/** Whether a new label can be bought for this row (the server checks again, with its claim). */
export function canCreateLabel(shipment: LabelShipment): boolean {
  return (
    shipment.parcel !== null &&
    shipment.status === "preparing" &&
    (shipment.labelState === null ||
      shipment.labelState === "voided" ||
      (shipment.labelState === "failed" && shipment.labelShipmentId === null))
  );
}

/**
 * "Create labels for selected": the rows' boxes (name shipmentId, `form={id}`) sit in the table and
 * post with it, so it works without JavaScript. From the sm breakpoint up, as the boxes' column.
 */
export function LabelBatchForm({ id }: { id: string }) {
  const { search } = useLocation();
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  return (
    <>
      <fetcher.Form
        id={id}
        method="post"
        action={LABELS_ACTION_PATH}
        preventScrollReset
        className="hidden flex-wrap items-center gap-2 sm:flex"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="search" value={search} />
        <button type="submit" disabled={busy} className={buttonClass("secondary", "sm")}>
          {busy ? (
            <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
          ) : (
            <FileText className="h-3.5 w-3.5" aria-hidden />
          )}
          {busy ? "Buying labels…" : "Create labels for selected"}
        </button>
        <p className="text-xs text-stone-600">
          Canada Post labels for the checked parcels being prepared.
        </p>
      </fetcher.Form>
      {fetcher.data?.errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {fetcher.data.errors.form}
        </p>
      ) : null}
    </>
  );
}

/**
 * A preparing parcel's label controls (the store connected to Canada Post): Create label; once
 * bought, Print label (the PDF in a new tab) and Void label; a failed one says why, with Try again
 * (or Void label, when Canada Post created it but it could not be saved). Posts to the labels
 * action, which answers with a redirect back to the list and a toast; works without JavaScript.
 */
export function LabelActions({ shipment }: { shipment: LabelShipment }) {
  const { search } = useLocation();
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  if (shipment.parcel === null || shipment.status !== "preparing") return null;
  const order = shipment.orderNumber;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="shipmentId" value={shipment.id} />
      <input type="hidden" name="search" value={search} />
    </>
  );
  const createButton = (label: string, Icon: typeof FileText) => (
    <fetcher.Form method="post" action={LABELS_ACTION_PATH} preventScrollReset>
      {hidden("create")}
      <button
        type="submit"
        disabled={busy}
        className={LABEL_BUTTON}
        aria-label={`${label} for order ${order}`}
      >
        {busy ? (
          <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
        ) : (
          <Icon className="h-3.5 w-3.5" aria-hidden />
        )}
        {busy ? "Buying…" : label}
      </button>
    </fetcher.Form>
  );
  const voidButton = (
    <ConfirmDialog
      title={`Void the label of order ${order}?`}
      message="Canada Post cancels the label and refunds it; its tracking number is removed from the order. Throw away any printed copy."
      confirmLabel="Void label"
      pending={busy}
      onConfirm={() =>
        void fetcher.submit(
          { intent: "void", shipmentId: shipment.id, search },
          { method: "post", action: LABELS_ACTION_PATH },
        )
      }
      trigger={
        <button
          type="button"
          disabled={busy}
          className={LABEL_BUTTON}
          aria-label={`Void the label of order ${order}`}
        >
          <XCircle className="h-3.5 w-3.5" aria-hidden />
          Void label
        </button>
      }
    />
  );
  const refused = fetcher.data?.errors.form;
  let controls: React.ReactNode;
  if (shipment.labelState === "bought")
    controls = (
      <>
        <a
          href={labelPdfPath(shipment.id)}
          target="_blank"
          rel="noreferrer"
          className={LABEL_BUTTON}
          aria-label={`Print the label of order ${order} (opens in a new tab)`}
        >
          <Printer className="h-3.5 w-3.5" aria-hidden />
          Print label
        </a>
        {voidButton}
      </>
    );
  else if (shipment.labelState === "buying")
    controls = (
      <span className="inline-flex items-center gap-1 text-xs text-stone-600">
        <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />
        Buying label…
      </span>
    );
  else if (shipment.labelState === "failed")
    controls = shipment.labelShipmentId ? voidButton : createButton("Try again", RotateCcw);
  else controls = createButton("Create label", FileText);
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-1.5">{controls}</div>
      {shipment.labelState === "failed" && shipment.labelError ? (
        <p
          className="line-clamp-2 max-w-64 text-right text-xs text-red-700 sm:line-clamp-3"
          title={shipment.labelError}
        >
          Label failed: {shipment.labelError}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="max-w-64 text-right text-xs text-red-700">
          {refused}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A row's status control: one button per move the shipment can make (nextShipmentStatuses), each
 * posting the status the person saw. Shipping opens the tracking-number dialog; delivered asks
 * first (the shopper is emailed and it cannot be undone).
 */
export function ShipmentActions({
  shipment,
  labels = false,
}: {
  shipment: RowShipment | LabelShipment;
  /** The store is connected to Canada Post: a preparing parcel's row shows its label controls. */
  labels?: boolean;
}) {
  const { search } = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const action = `${href("/budzadmin/dashboard/shipping")}${search}`;
  const fields = (to: string) => ({
    shipmentId: shipment.id,
    expectedStatus: shipment.status,
    to,
  });
  const next = nextShipmentStatuses(shipment.status);
  if (next.length === 0) return <span className="text-xs text-stone-500">Done</span>;
  const label = labels && "parcel" in shipment ? <LabelActions shipment={shipment} /> : null;
  const steps = (
    <div className="flex flex-wrap justify-end gap-1.5">
      {next.map((to) => {
        if (to === "shipped")
          return (
            <Link
              key={to}
              to={`${href("/budzadmin/dashboard/shipping/:shipmentId/ship", { shipmentId: shipment.id })}${search}`}
              preventScrollReset
              className={buttonClass("primary", "sm")}
              aria-label={`Ship order ${shipment.orderNumber}`}
            >
              <Send className="h-3.5 w-3.5" aria-hidden />
              Ship
            </Link>
          );
        if (to === "in_transit")
          return (
            <Form key={to} method="post" action={action} preventScrollReset>
              {Object.entries(fields(to)).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                disabled={busy}
                className={buttonClass("secondary", "sm")}
                aria-label={`Mark order ${shipment.orderNumber} in transit`}
              >
                <Truck className="h-3.5 w-3.5" aria-hidden />
                In transit
              </button>
            </Form>
          );
        return (
          <ConfirmDialog
            key={to}
            title={`Mark order ${shipment.orderNumber} delivered?`}
            message="The order becomes Delivered and the shopper is emailed. This cannot be undone."
            confirmLabel="Mark delivered"
            tone="primary"
            pending={busy}
            onConfirm={() =>
              void submit(fields(to), { method: "post", action, preventScrollReset: true })
            }
            trigger={
              <button
                type="button"
                disabled={busy}
                className={buttonClass("secondary", "sm")}
                aria-label={`Mark order ${shipment.orderNumber} delivered`}
              >
                <PackageCheck className="h-3.5 w-3.5" aria-hidden />
                Delivered
              </button>
            }
          />
        );
      })}
    </div>
  );
  if (!label) return steps;
  return (
    <div className="flex flex-col items-end gap-1.5">
      {label}
      {steps}
    </div>
  );
}
