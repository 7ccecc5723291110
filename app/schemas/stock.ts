import { z } from "zod";
import { formRules } from "~/lib/form";
import { ADJUST_REASONS, STOCK_REASON_LABELS, type AdjustMode } from "~/lib/stock";

const MAX_ADJUSTMENT = 1_000_000;

/** Adjust stock (the product form and the product's page): one size's, or a sizeless product's. */
const StockAdjustSchema = z
  .object({
    variationId: z
      .uuid({ error: "Choose a size" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    mode: z.enum(["add", "remove", "set"], { error: "Choose to add, remove or set the count" }),
    quantity: z
      .string({ error: "Quantity is required" })
      .trim()
      .min(1, { error: "Quantity is required" })
      .regex(/^\d{1,7}$/, { error: "Quantity must be a whole number of 0 or more" })
      .transform(Number)
      .refine((n) => n <= MAX_ADJUSTMENT, { error: "Quantity must be at most 1,000,000" }),
    reason: z.string({ error: "Choose a reason" }).min(1, { error: "Choose a reason" }),
    note: z
      .string()
      .trim()
      .max(500, { error: "Note must be at most 500 characters" })
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "set" && value.quantity === 0)
      ctx.addIssue({
        code: "custom",
        path: ["quantity"],
        message: "Quantity must be at least 1",
      });
    const allowed: readonly string[] = ADJUST_REASONS[value.mode as AdjustMode];
    if (!allowed.includes(value.reason))
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: `Choose a reason: ${allowed.map((r) => STOCK_REASON_LABELS[r as keyof typeof STOCK_REASON_LABELS]).join(", ")}`,
      });
  })
  .transform((value) => ({
    ...value,
    reason: value.reason as (typeof ADJUST_REASONS)[AdjustMode][number],
  }));

export const stockAdjustForm = formRules(StockAdjustSchema);
