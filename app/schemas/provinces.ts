import { z } from "zod";
import { FULFILMENT_METHODS, type FulfilmentMethod } from "~/lib/fulfilment";
import { PROVINCE_CODES } from "~/lib/address";
import { formRules } from "~/lib/form";
import { MAX_PROVINCE_AGE, MIN_PROVINCE_AGE, parseRate, TAX_KINDS } from "~/lib/taxes";

export const ProvinceCodeSchema = z.enum(PROVINCE_CODES);

const checkbox = z
  .unknown()
  .optional()
  .transform((v) => v === "on" || v === "true");

/** The province's rule: whether the store ships there and the age shoppers confirm at checkout. */
const ProvinceRuleFormSchema = z.object({
  intent: z.literal("rule"),
  ships: checkbox,
  /** A box per method (`method-parcel` …); the server keeps the ticked ones the law allows. */
  ...(Object.fromEntries(FULFILMENT_METHODS.map((m) => [`method-${m}`, checkbox])) as Record<
    `method-${FulfilmentMethod}`,
    typeof checkbox
  >),
  minimumAge: z
    .string({ error: "Minimum age is required" })
    .trim()
    .regex(/^\d{1,3}$/, { error: "Minimum age must be a whole number of years" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(MIN_PROVINCE_AGE, { error: `Minimum age must be at least ${MIN_PROVINCE_AGE}` })
        .max(MAX_PROVINCE_AGE, { error: `Minimum age must be at most ${MAX_PROVINCE_AGE}` }),
    ),
});

/** A new tax rate from a day on (a rate of 0 ends the tax). */
const TaxRateFormSchema = z.object({
  intent: z.literal("add-rate"),
  kind: z.enum(TAX_KINDS, { error: "Choose the tax" }),
  rate: z
    .string({ error: "Rate is required" })
    .trim()
    .min(1, { error: "Rate is required" })
    .transform((v, ctx) => {
      const rate = parseRate(v);
      if (rate === null) {
        ctx.addIssue({
          code: "custom",
          message: "Enter a percentage between 0 and 100 with at most 3 decimals, like 9.975",
        });
        return z.NEVER;
      }
      return rate;
    }),
  appliesToShipping: checkbox,
  effectiveFrom: z
    .string({ error: "Effective date is required" })
    .trim()
    .min(1, { error: "Effective date is required" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
      error: "Enter a real calendar date",
    }),
});

const DeleteRateFormSchema = z.object({
  intent: z.literal("delete-rate"),
  rateId: z.uuid({ error: "This rate does not exist" }),
});

/** The province page's three forms (one button each: intent rule, add-rate, delete-rate). */
export const provinceRuleForm = formRules(ProvinceRuleFormSchema);
export const taxRateForm = formRules(TaxRateFormSchema);
export const deleteRateForm = formRules(DeleteRateFormSchema);
