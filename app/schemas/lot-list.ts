import { z } from "zod";

export const LOT_LIST_FILTERS = ["stock", "expiring", "expired", "recalled", "all"] as const;
export type LotListFilter = (typeof LOT_LIST_FILTERS)[number];

export const LOT_FILTER_LABELS: Record<LotListFilter, string> = {
  stock: "With stock",
  expiring: "Expiring soon",
  expired: "Expired with stock",
  recalled: "Recalled",
  all: "All lots",
};

/**
 * The Lots screen's URL: a lot number's beginning (`q`), which lots (`filter`, with stock unless
 * said) and the page (50 lots a page). A value
 * the screen never writes is refused (400) with what was wrong, not silently replaced.
 */
export const LotListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: "Search for at most 100 characters of a lot number." })
    .default(""),
  filter: z
    .enum(LOT_LIST_FILTERS, {
      error: `filter must be one of: ${LOT_LIST_FILTERS.join(", ")}.`,
    })
    .default("stock"),
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, { error: "page must be a page number from 1 to 99999." })
    .transform(Number)
    .default(1),
});
export type LotListQuery = z.output<typeof LotListQuerySchema>;
