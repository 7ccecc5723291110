/**
 * Print Orders (docs/product/orders-and-money.md#print-orders): its messages and the date check the
 * dialog runs in the browser and the report and count routes run again. No zod here, so the Orders
 * list loads without it.
 */
export const PRINT_DATES_REQUIRED = "Please select both start and end dates";
const PRINT_START_AFTER_END = "Start date cannot be after end date";
export const PRINT_NO_ORDERS = "No orders found in the selected date range";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Both dates, start not after end (checked in this order). */
export function printRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return PRINT_DATES_REQUIRED;
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return "Dates must be written as YYYY-MM-DD.";
  if (from > to) return PRINT_START_AFTER_END;
  return null;
}
