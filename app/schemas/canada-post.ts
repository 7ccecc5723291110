import { z } from "zod";
import { normalizePostalCode } from "~/lib/address";
import { formRules, textValues } from "~/lib/form";
import { CANADA_POST_SERVICE_CODES } from "~/lib/canada-post";

/** Settings → Shipping → Canada Post: the account the store buys labels and asks rates with. */
export const CanadaPostAccountSchema = z.object({
  intent: z.literal("save"),
  customerNumber: z
    .string({ error: "Customer number is required" })
    .trim()
    .regex(/^\d{1,10}$/, {
      error: "Customer number must be the 1 to 10 digits Canada Post gave you, like 0001234567",
    }),
  username: z
    .string({ error: "API user name is required" })
    .trim()
    .min(1, { error: "API user name is required" })
    .max(100, { error: "API user name must be at most 100 characters" }),
  // Blank keeps the stored password (it is never shown again).
  password: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(100, { error: "API password must be at most 100 characters" }).nullable()),
  contractId: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}$/, {
          error: "Contract number must be 1 to 10 digits, or empty for a small-business account",
        })
        .nullable(),
    ),
  environment: z.enum(["development", "production"], {
    error: "Choose development or production",
  }),
  originPostalCode: z
    .string({ error: "Origin postal code is required" })
    .transform((value, ctx) => {
      const postalCode = normalizePostalCode(value);
      if (!postalCode) {
        ctx.addIssue({
          code: "custom",
          message: "Origin postal code must be a Canadian postal code, like V6B 1A1",
        });
        return z.NEVER;
      }
      return postalCode;
    }),
  services: z
    .array(z.enum(CANADA_POST_SERVICE_CODES))
    .min(1, { error: "Offer at least one Canada Post service" }),
});

export const canadaPostAccountForm = formRules(CanadaPostAccountSchema, (form) => ({
  ...textValues(form),
  services: form.getAll("services").filter((value) => typeof value === "string"),
}));
