import { z } from "zod";
import { formRules } from "~/lib/form";
import {
  addressHasPostalCode,
  CANCEL_DAYS,
  EXPIRY_WARNING_DAYS,
  MAX_SETTING_CENTS,
  normalizeGstNumber,
  normalizeStorePhone,
  parseAmountToCents,
  REMINDER_HOURS,
  splitEmailList,
} from "~/lib/store-settings";
import { HOLD_DAYS } from "~/lib/fulfilment";
import { DEFAULT_EXPIRY_WARNING_DAYS } from "~/lib/lots";
import { STORED_IMAGE_URL } from "./product";

const EMAIL = z.email();

/** Optional text: blank becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .pipe(z.string().max(max, { error: `${label} must be at most ${max} characters` }))
    .transform((v) => v || null);

const optionalEmail = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() ?? "")
    .refine((v) => v === "" || EMAIL.safeParse(v).success, {
      error: `${label} must be an email address, like support@example.ca`,
    })
    .transform((v) => v || null);

export const wholeNumber = (label: string, unit: string, range: { min: number; max: number }) => {
  const error = `${label} must be a whole number of ${unit} from ${range.min} to ${range.max}`;
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .pipe(z.number().min(range.min, { error }).max(range.max, { error }));
};

export const amount = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .transform((v, ctx) => {
      const cents = parseAmountToCents(v);
      if (cents === null || cents > MAX_SETTING_CENTS) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be an amount in dollars from 0 to 10,000, like 20 or 19.99`,
        });
        return z.NEVER;
      }
      return cents;
    });

const emailList = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => splitEmailList(v ?? "").map((address) => address.toLowerCase()))
    .superRefine((addresses, ctx) => {
      const bad = addresses.find((address) => !EMAIL.safeParse(address).success);
      if (bad !== undefined)
        ctx.addIssue({
          code: "custom",
          message: `${label}: "${bad}" is not an email address (separate addresses with commas)`,
        });
      if (addresses.length > 20)
        ctx.addIssue({ code: "custom", message: `${label}: at most 20 addresses` });
    })
    .transform((addresses) => [...new Set(addresses)]);

/** An Image Library URL (or blank for no logo). */
const logoUrl = z
  .string()
  .optional()
  .transform((v) => v?.trim() ?? "")
  .refine((v) => v === "" || STORED_IMAGE_URL.test(v), {
    error: "Choose the logo from the Image Library",
  })
  .transform((v) => v || null);

export const StoreFormSchema = z.object({
  intent: z.literal("store"),
  name: z
    .string({ error: "Store name is required" })
    .trim()
    .min(1, { error: "Store name is required" })
    .max(80, { error: "Store name must be at most 80 characters" }),
  email: optionalEmail("Contact email"),
  phone: z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .transform((v, ctx) => {
      if (v === "") return null;
      const phone = normalizeStorePhone(v);
      if (!phone) {
        ctx.addIssue({
          code: "custom",
          message: "Phone must be a 10-digit number, like 604-555-0199",
        });
        return z.NEVER;
      }
      return phone;
    }),
  hours: optionalText("Support hours", 80),
  address: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    )
    .pipe(z.string().max(300, { error: "Postal address must be at most 300 characters" }))
    .refine((v) => v === "" || addressHasPostalCode(v), {
      error: "Postal address must include a Canadian postal code, like V6B 1A1",
    })
    .transform((v) => v || null),
  gstNumber: z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .transform((v, ctx) => {
      if (v === "") return null;
      const number = normalizeGstNumber(v);
      if (!number) {
        ctx.addIssue({
          code: "custom",
          message: "GST/HST number must look like 123456789 RT 0001",
        });
        return z.NEVER;
      }
      return number;
    }),
  logoUrl,
});

export const PaymentsFormSchema = z.object({
  intent: z.literal("payments"),
  etransferEmail: z
    .string({ error: "e-Transfer address is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "e-Transfer address is required" })
    .pipe(z.email({ error: "e-Transfer address must be an email address, like pay@example.ca" })),
  etransferInstructions: optionalText("Payment instructions", 500),
  unpaidReminderHours: wholeNumber("Reminder delay", "hours", REMINDER_HOURS),
  unpaidCancelDays: wholeNumber("Cancellation delay", "days", CANCEL_DAYS),
});

export const ShippingFormSchema = z.object({
  intent: z.literal("shipping"),
  flatFeeCents: amount("Shipping fee"),
  freeThresholdCents: amount("Free shipping from"),
});

// A checkbox: sent as "on" when ticked, absent when not.
const checkbox = z
  .enum(["on"], { error: "Tick the box or leave it empty" })
  .optional()
  .transform((value) => value === "on");

const FulfilmentFormSchema = z
  .object({
    intent: z.literal("fulfilment"),
    parcel: checkbox,
    delivery: checkbox,
    pickup: checkbox,
    pickupAddress: optionalText("Pickup address", 300),
    pickupHours: optionalText("Pickup hours", 200),
    pickupHoldDays: wholeNumber("Days an order is held", "days", HOLD_DAYS),
  })
  .superRefine((value, ctx) => {
    if (value.pickup && !value.pickupAddress)
      ctx.addIssue({
        code: "custom",
        path: ["pickupAddress"],
        message: "Pickup address is required to offer pickup",
      });
  });

const NotificationsFormSchema = z.object({
  intent: z.literal("notifications"),
  newOrderEmails: emailList("New orders"),
  dailySummaryEmails: emailList("Daily summary"),
  lowStockEmails: emailList("Low stock"),
  // Not sent (a form from before the setting): the default; sent empty, it is asked for.
  lotExpiryWarningDays: z.preprocess(
    (value) => value ?? String(DEFAULT_EXPIRY_WARNING_DAYS),
    wholeNumber("Lot expiry warning", "days", EXPIRY_WARNING_DAYS),
  ),
});

const SecurityFormSchema = z.object({
  intent: z.literal("security"),
  requireTwoFactor: checkbox,
});

const EmailFormSchema = z.object({
  intent: z.literal("email"),
  // Blank: the server's default (MAIL_FROM).
  fromAddress: optionalEmail("Sender address"),
});

const RemoveSampleDataSchema = z.object({
  intent: z.literal("remove-sample-data"),
  confirm: z.literal("REMOVE", { error: "Type REMOVE to confirm" }),
});

export const storeForm = formRules(StoreFormSchema);
export const paymentsForm = formRules(PaymentsFormSchema);
export const shippingForm = formRules(ShippingFormSchema);
export const notificationsForm = formRules(NotificationsFormSchema);
export const fulfilmentForm = formRules(FulfilmentFormSchema);
export const removeSampleDataForm = formRules(RemoveSampleDataSchema);
export const securityForm = formRules(SecurityFormSchema);
export const emailForm = formRules(EmailFormSchema);
