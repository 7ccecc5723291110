import { z } from "zod";
import { stripControlCharacters } from "./text";
import { SHIPMENT_STATUSES } from "~/lib/order-status";
import { filterEnum, ListQuerySchema } from "./admin-list";

export const SHIPPING_PATH = "/budzadmin/dashboard/shipping";
export const PACKING_SLIPS_PATH = "/budzadmin/print/packing-slips";

/** The Shipping screen's URL: search, page and the status filter (SPEC §2). */
export const ShippingListQuery = ListQuerySchema.extend({
  status: filterEnum(["all", ...SHIPMENT_STATUSES]),
});
export type ShippingListQuery = z.output<typeof ShippingListQuery>;

/**
 * One step of a shipment, as the row's control or the ship dialog posts it: the shipment, the
 * status the person saw (a stale one is refused) and where it goes. The tracking number is checked
 * by the domain function (Canada Post's format), so the message is the same from every screen.
 */
export const ShipmentStatusChangeSchema = z.object({
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
export type ShipmentStatusChange = z.output<typeof ShipmentStatusChangeSchema>;

/** `?order=BBS-00000012` on the packing-slip page prints that order's slip only. */
export const PackingSlipQuery = z.object({
  order: z.string().overwrite(stripControlCharacters).trim().max(40).optional(),
});
