import { z } from "zod";
import { formRules, textValues } from "~/lib/form";
import { MAX_RATE_BANDS, MAX_RATE_ZONES, type ParcelRateTable } from "~/lib/parcel-rates";
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
import { HOLD_DAYS, parseFsaPrefixes } from "~/lib/fulfilment";
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

const BANDS_ERROR = `Weight bands must be up to ${MAX_RATE_BANDS - 1} limits in whole grams from 1 to 30000, increasing, like 500, 1000, 2000`;

/** "500, 1000, 2000" → [500, 1000, 2000]; null when it is not such a list. */
function parseBandLimits(text: string): number[] | null {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  if (parts.length > MAX_RATE_BANDS - 1 || parts.some((part) => !/^\d{1,5}$/.test(part)))
    return null;
  const limits = parts.map(Number);
  const ordered = limits.every(
    (limit, i) => limit >= 1 && limit <= 30_000 && (i === 0 || limit > limits[i - 1]!),
  );
  return ordered ? limits : null;
}

/** "9.50, 12, 16" → cents, one per band; a message when it is not that. */
function parseFees(text: string, bands: number, label: string): number[] | string {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const cents = parts.map((part) => parseAmountToCents(part));
  const example = Array.from({ length: bands }, (_, i) => (9.5 + 2.5 * i).toFixed(2)).join(", ");
  if (parts.length !== bands || cents.some((c) => c === null || c > MAX_SETTING_CENTS))
    return `${label}: give ${bands === 1 ? "one fee" : `${bands} fees, one per weight band,`} in dollars, like ${example}`;
  return cents as number[];
}

const rateZoneRow = z.object({
  name: z.string().optional(),
  prefixes: z.string().optional(),
  fees: z.string().optional(),
});

export const ShippingFormSchema = z
  .object({
    intent: z.literal("shipping"),
    flatFeeCents: amount("Shipping fee"),
    freeThresholdCents: amount("Free shipping from"),
    // Not sent (a form without the choice): the flat fee.
    parcelPricing: z.preprocess(
      (value) => value ?? "flat",
      z.enum(["flat", "table"], { error: "Choose how parcels are priced" }),
    ),
    bandLimits: z.string().optional(),
    elsewhereFees: z.string().optional(),
    zones: z.array(rateZoneRow.optional()).max(MAX_RATE_ZONES).optional(),
  })
  .transform(({ bandLimits, elsewhereFees, zones, ...value }, ctx) => {
    const rows = (zones ?? []).map((row, index) => ({ ...row, index }));
    const filled = rows.filter(
      (row) => row.name?.trim() || row.prefixes?.trim() || row.fees?.trim(),
    );
    const typed = bandLimits?.trim() || elsewhereFees?.trim() || filled.length > 0;
    if (!typed && value.parcelPricing === "flat") return { ...value, rateTable: null };
    const limits = parseBandLimits(bandLimits ?? "");
    if (!limits) {
      ctx.addIssue({ code: "custom", path: ["bandLimits"], message: BANDS_ERROR });
      return z.NEVER;
    }
    const bands = limits.length + 1;
    const elsewhere = parseFees(elsewhereFees ?? "", bands, "Everywhere else");
    if (typeof elsewhere === "string")
      ctx.addIssue({ code: "custom", path: ["elsewhereFees"], message: elsewhere });
    const table: ParcelRateTable = {
      bandLimitsGrams: limits,
      zones: [],
      elsewhereFeesCents: typeof elsewhere === "string" ? [] : elsewhere,
    };
    for (const row of filled) {
      const name = row.name?.trim() ?? "";
      const at = (field: string) => ["zones", row.index, field];
      if (!name || name.length > 60)
        ctx.addIssue({
          code: "custom",
          path: at("name"),
          message: "Zone name must be 1 to 60 characters",
        });
      const { prefixes, malformed } = parseFsaPrefixes(row.prefixes ?? "");
      if (malformed.length > 0 || prefixes.length === 0)
        ctx.addIssue({
          code: "custom",
          path: at("prefixes"),
          message: `${name || "Zone"}: postal-code prefixes are the first one to three characters of postal codes, like V, T2 or M5V`,
        });
      const fees = parseFees(row.fees ?? "", bands, name || "Zone");
      if (typeof fees === "string")
        ctx.addIssue({ code: "custom", path: at("fees"), message: fees });
      else table.zones.push({ name, prefixes, feesCents: fees });
    }
    return { ...value, rateTable: table };
  });

/** The shipping form's values: its rate table's zone rows ("zones.0.name") as an array. */
function shippingFormValues(form: FormData) {
  const values: Record<string, unknown> = textValues(form);
  const zones: Record<string, string>[] = [];
  for (const [name, value] of Object.entries(values)) {
    const match = /^zones\.(\d+)\.(name|prefixes|fees)$/.exec(name);
    if (!match || Number(match[1]) >= MAX_RATE_ZONES) continue;
    (zones[Number(match[1])] ??= {})[match[2]!] = value as string;
    delete values[name];
  }
  return { ...values, zones: Array.from(zones, (row) => row ?? {}) };
}

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
export const shippingForm = formRules(ShippingFormSchema, shippingFormValues);
export const notificationsForm = formRules(NotificationsFormSchema);
export const fulfilmentForm = formRules(FulfilmentFormSchema);
export const removeSampleDataForm = formRules(RemoveSampleDataSchema);
export const securityForm = formRules(SecurityFormSchema);
export const emailForm = formRules(EmailFormSchema);
