import { z } from "zod";
import { isDayKey } from "~/lib/invoices";
import { STOCK_REASONS } from "~/lib/stock";
import { filterEnum, ListQuerySchema } from "./admin-list";

/** A calendar day (YYYY-MM-DD) typed in a date box; anything else is no limit. */
const day = z
  .string()
  .refine(isDayKey)
  .optional()
  .catch(undefined)
  .transform((value) => value ?? "");

/** A keyset cursor as the page wrote it; the server decodes it (decodeCursor) or ignores it. */
const cursor = z.string().max(80).optional().catch(undefined);

/**
 * The Stock movements screen's URL (and its CSV export's): product search (`q`, a name or SKU),
 * reason, staff member (`all`, `store` for the store itself, or an admin's id), the days from and
 * to in STORE_TIMEZONE, and the keyset cursors of the neighbouring pages.
 */
export const StockMovementListQuerySchema = ListQuerySchema.pick({ q: true }).extend({
  reason: filterEnum(["all", ...STOCK_REASONS]),
  staff: z
    .string()
    .refine((value) => value === "all" || value === "store" || z.uuid().safeParse(value).success)
    .catch("all")
    .default("all"),
  from: day,
  to: day,
  after: cursor,
  before: cursor,
});
export type StockMovementListQuery = z.output<typeof StockMovementListQuerySchema>;
