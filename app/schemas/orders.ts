import { z } from "zod";
import { ORDER_STATUSES } from "~/lib/order-status";
import { filterEnum, ListQuerySchema } from "./admin-list";
import { plainText } from "./text";
import { formRules } from "~/lib/form";

const ORDER_DATE_FILTERS = ["all", "today", "yesterday", "this_week"] as const;

const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/)
  .optional()
  .catch(undefined);

/** The Orders list's URL: search, status, date and keyset cursors (page is shown, not trusted). */
export const OrderListQuerySchema = ListQuerySchema.extend({
  status: filterEnum(["all", ...ORDER_STATUSES]),
  date: filterEnum(ORDER_DATE_FILTERS),
  after: cursor,
  before: cursor,
});
export type OrderListQuery = z.output<typeof OrderListQuerySchema>;

/** Dollars typed by staff ("123.45", "$2,500.5") to cents; refuses anything else. */
const dollars = z
  .string()
  .trim()
  .transform((value) => value.replace(/[$,\s]/g, ""))
  .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), "Enter the amount received, e.g. 123.45.")
  .transform((value) => Math.round(Number(value) * 100));

/** The status the staff member saw (a stale one is refused by changeOrderStatus). */
const from = z.string().max(20);
const note = plainText(500).optional();

/**
 * The order page's status dialogs, one form per step: the dialog posts the step as its `intent`
 * (the order page's action dispatches on it) with the fields that step needs.
 */
export const markPaidForm = formRules(
  z.object({
    from,
    reference: plainText(64, "Enter the e-Transfer reference number."),
    amountReceived: dollars,
    note,
    acceptDifferentAmount: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
  }),
);
export const cancelOrderForm = formRules(
  z.object({ from, reason: plainText(500, "Give a reason for cancelling.") }),
);
export const shipOrderForm = formRules(
  z.object({
    from,
    trackingNumber: plainText(40, "Enter the Canada Post tracking number."),
    note,
    /** After the warning that another order has this tracking number: the number, confirmed. */
    confirmTracking: plainText(64).optional(),
  }),
);
/** Start processing, mark delivered, complete: only a note. */
export const orderStepForm = formRules(z.object({ from, note }));

/** The rules of a step's dialog. */
export function stepForm(step: string) {
  if (step === "paid") return markPaidForm;
  if (step === "cancelled") return cancelOrderForm;
  if (step === "shipped") return shipOrderForm;
  return orderStepForm;
}

export const UNKNOWN_STATUS = "Unknown status.";
