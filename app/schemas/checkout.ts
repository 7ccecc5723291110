import { z } from "zod";
import { formRules } from "~/lib/form";
import { stripControlCharacters } from "./text";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { CANADA_POST_SERVICE_CODES, type CanadaPostServiceCode } from "~/lib/canada-post";
import { FULFILMENT_METHODS, type FulfilmentMethod } from "~/lib/fulfilment";
import {
  normalizePhone,
  normalizePostalCode,
  PROVINCE_CODES,
  postalCodeMatchesProvince,
} from "~/lib/address";

export const MAX_CART_LINES = 50;

/** What the checkout sends about the cart: ids and quantities only; the server prices everything. */
export const CartLinesSchema = z
  .array(
    z.object({
      id: z
        .string()
        .min(1)
        .max(80)
        .regex(/^[A-Za-z0-9_-]+$/, { error: "This cart holds an unknown product" }),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    }),
  )
  .min(1, { error: "Your cart is empty" })
  .max(MAX_CART_LINES, { error: `A cart can hold at most ${MAX_CART_LINES} different items` });

export type CartLineInput = z.infer<typeof CartLinesSchema>[number];

/** The cart's lines as one field of the checkout: any problem with them is the `items` message. */
const checkoutItems = z.unknown().transform((value, ctx): CartLineInput[] => {
  const parsed = CartLinesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
  return z.NEVER;
});

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * A Canadian shipping address as checkout takes it (name, street, city, province or territory,
 * postal code): the checkout form's fields, and the admin's edit of a pending order's address.
 */
export const shippingAddressShape = {
  name: text("Full name", 120),
  street: text("Street address", 200),
  city: text("City", 100),
  province: z.enum(PROVINCE_CODES, { error: "Please choose a province or territory" }),
  postalCode: z
    .string({ error: "Postal code is required" })
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, { error: "Postal code is required" })
    .transform((v, ctx) => {
      const code = normalizePostalCode(v);
      if (!code) {
        ctx.addIssue({
          code: "custom",
          message: "Please enter a Canadian postal code like A1A 1A1",
        });
        return z.NEVER;
      }
      return code;
    }),
};

/** The postal code must be one of the province's (its first letter), on the postalCode field. */
export function checkPostalCodeProvince(
  value: { postalCode: string; province: (typeof PROVINCE_CODES)[number] },
  ctx: z.RefinementCtx,
) {
  if (!postalCodeMatchesProvince(value.postalCode, value.province)) {
    ctx.addIssue({
      code: "custom",
      path: ["postalCode"],
      message: "This postal code is not in the chosen province or territory",
    });
  }
}

/** The checkout form: the client uses it for instant feedback, the action as the authority. */
export const CheckoutSchema = z
  .object({
    email: z
      .string({ error: "Email is required" })
      .overwrite(stripControlCharacters)
      .trim()
      .min(1, { error: "Email is required" })
      .max(254, { error: "Email must be at most 254 characters" })
      .pipe(z.email({ error: "Please enter a valid email address" }))
      .transform((v) => v.toLowerCase()),
    phone: z
      .string({ error: "Phone is required" })
      .overwrite(stripControlCharacters)
      .trim()
      .min(1, { error: "Phone is required" })
      .transform((v, ctx) => {
        const phone = normalizePhone(v);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: "Please enter a 10-digit phone number" });
          return z.NEVER;
        }
        return phone;
      }),
    ...shippingAddressShape,
    ageConfirmed: z.literal(true, {
      error: "Please confirm you are 19 or older to place an order",
    }),
    /** The age the ticked box named (the shipping province's); the server checks it. */
    confirmedAge: z.number().int().min(0).max(99).optional(),
    /** The newsletter box: ticked is express consent, else the purchase gives implied consent. */
    newsletter: z.boolean().optional(),
    couponCode: z
      .string()
      .overwrite(stripControlCharacters)
      .trim()
      .max(50)
      .optional()
      .transform((v) => v || undefined),
    /** How the order reaches the shopper; the server checks the province and address allow it. */
    fulfilmentMethod: z
      .enum(FULFILMENT_METHODS, { error: "Please choose how to receive your order" })
      .default("parcel"),
    /** The Canada Post service chosen from live rates ("DOM.EP"), and the quote it was shown in. */
    parcelService: z.enum(CANADA_POST_SERVICE_CODES).optional(),
    parcelQuote: z.uuid().optional().catch(undefined),
    /** A delivery's window, "window id@YYYY-MM-DD". */
    deliveryWindow: z.string().max(100).optional(),
    idempotencyKey: z
      .string({ error: "Please reload the page and try again" })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "Please reload the page and try again" }),
    items: checkoutItems,
  })
  .superRefine(checkPostalCodeProvince);

/** A checkout as placeOrder takes it: without a method, a Canada Post parcel is asked for. */
export type CheckoutInput = Omit<
  z.infer<typeof CheckoutSchema>,
  "fulfilmentMethod" | "parcelService" | "parcelQuote"
> & {
  fulfilmentMethod?: FulfilmentMethod;
  parcelService?: CanadaPostServiceCode;
  parcelQuote?: string;
};

const AGE_VALUE = /^\d{2}$/;

/** Turns the posted form into the schema's input (checkbox → boolean, items JSON → array). */
export function checkoutFormValues(form: FormData) {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const age = get("ageConfirmed");
  let items: unknown;
  try {
    items = JSON.parse(get("items") ?? "[]");
  } catch {
    items = [];
  }
  return {
    email: get("email"),
    phone: get("phone"),
    name: get("name"),
    street: get("street"),
    city: get("city"),
    province: get("province"),
    postalCode: get("postalCode"),
    // The box's value is the age its label names ("21"); "on"/"true" confirm the store's 19+.
    ageConfirmed: ["on", "true"].includes(age ?? "") || AGE_VALUE.test(age ?? ""),
    confirmedAge: age && AGE_VALUE.test(age) ? Number(age) : undefined,
    newsletter: form.get("newsletter") === "on",
    couponCode: get("couponCode"),
    // "parcel:DOM.EP": the parcel method with a live Canada Post service.
    fulfilmentMethod: get("fulfilmentMethod")?.split(":")[0],
    parcelService: get("fulfilmentMethod")?.split(":")[1] || undefined,
    parcelQuote: get("parcelQuote") || undefined,
    deliveryWindow: get("deliveryWindow") || undefined,
    idempotencyKey: get("idempotencyKey"),
    items,
  };
}

/** The checkout form's rules: the page loads them lazily (zod stays off its first load). */
export const checkoutForm = formRules(CheckoutSchema, checkoutFormValues);
