import { z } from "zod";
import { ORDER_STATUSES } from "~/lib/order-status";
import { filterEnum, ListQuerySchema } from "./admin-list";
import { plainText } from "./text";

export const ORDER_DATE_FILTERS = ["all", "today", "yesterday", "this_week"] as const;

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

const expected = z.string().max(20);

/** One schema per status form; `from` is the status the staff member saw. */
export const StatusFormSchema = z.discriminatedUnion("to", [
  z.object({
    to: z.literal("paid"),
    from: expected,
    reference: plainText(64, "Enter the e-Transfer reference number."),
    amountReceived: dollars,
    note: plainText(500).optional(),
    acceptDifferentAmount: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
  }),
  z.object({
    to: z.literal("cancelled"),
    from: expected,
    reason: plainText(500, "Give a reason for cancelling."),
  }),
  z.object({
    to: z.literal("shipped"),
    from: expected,
    trackingNumber: plainText(40, "Enter the Canada Post tracking number."),
    note: plainText(500).optional(),
  }),
  z.object({
    to: z.enum(["processing", "delivered", "completed"]),
    from: expected,
    note: plainText(500).optional(),
  }),
]);
export type StatusForm = z.output<typeof StatusFormSchema>;

export const PRINT_DATES_REQUIRED = "Please select both start and end dates";
export const PRINT_START_AFTER_END = "Start date cannot be after end date";
export const PRINT_NO_ORDERS = "No orders found in the selected date range";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** SPEC §5 Print Orders: both dates, start not after end (checked in this order). */
export function printRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return PRINT_DATES_REQUIRED;
  if (!isoDate.safeParse(from).success || !isoDate.safeParse(to).success)
    return "Dates must be written as YYYY-MM-DD.";
  if (from > to) return PRINT_START_AFTER_END;
  return null;
}
