import { z } from "zod";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { formRules, textValues } from "~/lib/form";
import { isUuid } from "~/lib/ids";
import {
  BULK_MESSAGES,
  MAX_BULK_IDS,
  MAX_PRICE_PERCENT,
  MIN_PRICE_PERCENT,
  POTENCY_FILTERS,
  PRODUCT_SORTS,
  STOCK_FILTERS,
  TRANSLATION_FILTERS,
} from "~/lib/product-list";
import { PRODUCT_STATUSES } from "~/lib/product-fields";
import { filterEnum, ListQuerySchema } from "./admin-list";

/**
 * The admin Products list's URL: search, page, category, status, stock, potency, translation and
 * sort.
 */
export const ProductListQuerySchema = ListQuerySchema.extend({
  category: filterEnum(["all", ...CATEGORY_SLUGS]),
  status: filterEnum([...PRODUCT_STATUSES, "all"]),
  stock: filterEnum(STOCK_FILTERS),
  potency: filterEnum(POTENCY_FILTERS),
  translation: filterEnum(TRANSLATION_FILTERS),
  sort: filterEnum(PRODUCT_SORTS),
});

/**
 * Which products a bulk action is for: `scope=selected` with the ticked rows' `ids`, or
 * `scope=filter` for every product matching the list's filter (read from the URL by the action).
 */
const selection = z
  .object({
    scope: z.enum(["selected", "filter"], { error: BULK_MESSAGES.empty }),
    ids: z
      .array(z.string().refine(isUuid, { error: BULK_MESSAGES.gone }))
      .max(MAX_BULK_IDS, { error: BULK_MESSAGES.gone }),
  })
  .refine((value) => value.scope === "filter" || value.ids.length > 0, {
    error: BULK_MESSAGES.empty,
    path: ["form"],
  });

/** A posted bulk form: its text values, and every ticked id. */
function bulkValues(form: FormData) {
  return {
    ...textValues(form),
    ids: form.getAll("ids").filter((id) => typeof id === "string"),
  };
}

/** "-10", "+5", "7.5 %", "−10" (a typographic minus): the percentage, else null. */
export function parsePercent(raw: unknown): number | null {
  const text = (typeof raw === "string" ? raw : "").replace(/[\s%]/g, "").replace("−", "-");
  if (!/^[+-]?\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  const percent = Number(text);
  return percent !== 0 && percent >= MIN_PRICE_PERCENT && percent <= MAX_PRICE_PERCENT
    ? percent
    : null;
}

/** Archive or unarchive: only the selection. */
export const bulkStatusForm = formRules(selection, bulkValues);

export const bulkCategoryForm = formRules(
  z.intersection(
    selection,
    z.object({ category: z.enum(CATEGORY_SLUGS, { error: BULK_MESSAGES.category }) }),
  ),
  bulkValues,
);

export const bulkPriceForm = formRules(
  z.intersection(
    selection,
    z.object({
      percent: z.unknown().transform((raw, ctx) => {
        const percent = parsePercent(raw);
        if (percent !== null) return percent;
        ctx.addIssue({ code: "custom", message: BULK_MESSAGES.percent });
        return z.NEVER;
      }),
    }),
  ),
  bulkValues,
);
