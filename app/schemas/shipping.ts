import { z } from "zod";
import { stripControlCharacters } from "./text";
import { SHIPMENT_STATUSES } from "~/lib/order-status";
import { formRules } from "~/lib/form";
import { TRACKING_NUMBER_HELP } from "~/lib/order-status";
import { filterEnum, ListQuerySchema } from "./admin-list";

/** The Shipping screen's URL: search, page and the status filter. */
export const ShippingListQuery = ListQuerySchema.extend({
  status: filterEnum(["all", ...SHIPMENT_STATUSES]),
});
export type ShippingListQuery = z.output<typeof ShippingListQuery>;

/**
 * One step of a shipment, as the row's control or the ship dialog posts it: the shipment, the
 * status the person saw (a stale one is refused) and where it goes. The tracking number is checked
 * by the domain function (Canada Post's format), so the message is the same from every screen.
 */
const ShipmentStatusChangeSchema = z.object({
  shipmentId: z
    .string()
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, "Unknown shipment")
    .max(64),
  expectedStatus: z.enum(SHIPMENT_STATUSES, "Unknown shipment status"),
  to: z.enum(SHIPMENT_STATUSES, "Unknown shipment status"),
  trackingNumber: z
    .string()
    .overwrite(stripControlCharacters)
    .max(64, "This tracking number is too long")
    .optional(),
});
/** A row's In transit / Delivered buttons (the Shipping list's action). */
export const shipmentStepForm = formRules(ShipmentStatusChangeSchema);
export const INVALID_SHIPMENT_CHANGE =
  "This status change is not valid. Reload the page and try again.";

/**
 * The ship dialog: the status the person saw and the Canada Post tracking number (its format is
 * checked by the domain function, so the message is the same from every screen).
 */
export const shipForm = formRules(
  z.object({
    expectedStatus: z.enum(SHIPMENT_STATUSES, "This shipment change is not valid."),
    trackingNumber: z
      .string(TRACKING_NUMBER_HELP)
      .overwrite(stripControlCharacters)
      .max(64, TRACKING_NUMBER_HELP),
    /** After the warning that another order has this tracking number: the number, confirmed. */
    confirmTracking: z.string().overwrite(stripControlCharacters).max(64).optional(),
  }),
);

/** `?order=BBS-00000012` on the packing-slip page prints that order's slip only. */
export const PackingSlipQuery = z.object({
  order: z.string().overwrite(stripControlCharacters).trim().max(40).optional(),
});

/** The Shipping screen (the labels action answers back to it). */
export const SHIPPING_LIST_PATH = "/budzadmin/dashboard/shipping";
/** Where a row's label buttons and the selected rows' form post (app/routes/admin/shipping/labels.ts). */
export const LABELS_ACTION_PATH = `${SHIPPING_LIST_PATH}/labels`;
/** A bought label's PDF (app/routes/admin/shipping/label-pdf.ts). */
export function labelPdfPath(shipmentId: string): string {
  return `${SHIPPING_LIST_PATH}/${encodeURIComponent(shipmentId)}/label.pdf`;
}
/** Labels bought by one submit (a page of the list at most). */
export const LABEL_BATCH_LIMIT = 50;
