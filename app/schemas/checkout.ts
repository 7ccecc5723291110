import { z } from "zod";
import { formRules } from "~/lib/form";
import { stripControlCharacters } from "./text";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { CANADA_POST_SERVICE_CODES, type CanadaPostServiceCode } from "~/lib/canada-post";
import { FULFILMENT_METHODS, type FulfilmentMethod } from "~/lib/fulfilment";
import { normalizePostalCode, PROVINCE_CODES, postalCodeMatchesProvince } from "~/lib/address";
import { normalizePhone } from "~/lib/phone";
import type { Locale } from "~/lib/i18n/locale";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { taxMessages } from "~/lib/i18n/messages/taxes";
import { translator } from "~/lib/i18n/translate";
import { STORE_MINIMUM_AGE } from "~/lib/taxes";

export const MAX_CART_LINES = 50;

/**
 * The checkout's rules with their messages in a language (the page's): the English ones are the
 * exports below, used by the admin too.
 */
function checkoutSchemas(locale: Locale) {
  const t = translator(checkoutPageMessages, locale);

  /** What the checkout sends about the cart: ids and quantities only; the server prices everything. */
  const CartLinesSchema = z
    .array(
      z.object({
        id: z
          .string()
          .min(1)
          .max(80)
          .regex(/^[A-Za-z0-9_-]+$/, { error: t("unknownProduct") }),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      }),
    )
    .min(1, { error: t("cartEmpty") })
    .max(MAX_CART_LINES, { error: t("tooManyLines", { max: MAX_CART_LINES }) });

  /** The cart's lines as one field of the checkout: any problem with them is the `items` message. */
  const checkoutItems = z.unknown().transform((value, ctx): CartLineInput[] => {
    const parsed = CartLinesSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
    return z.NEVER;
  });

  const text = (required: string, tooLong: string, max: number) =>
    z
      .string({ error: required })
      .overwrite(stripControlCharacters)
      .trim()
      .min(1, { error: required })
      .max(max, { error: tooLong });

  /**
   * A Canadian shipping address as checkout takes it (name, street, city, province or territory,
   * postal code): the checkout form's fields, and the admin's edit of a pending order's address.
   */
  const shippingAddressShape = {
    name: text(t("nameRequired"), t("nameTooLong", { max: 120 }), 120),
    street: text(t("streetRequired"), t("streetTooLong", { max: 200 }), 200),
    city: text(t("cityRequired"), t("cityTooLong", { max: 100 }), 100),
    province: z.enum(PROVINCE_CODES, { error: t("provinceRequired") }),
    postalCode: z
      .string({ error: t("postalCodeRequired") })
      .overwrite(stripControlCharacters)
      .trim()
      .min(1, { error: t("postalCodeRequired") })
      .transform((v, ctx) => {
        const code = normalizePostalCode(v);
        if (!code) {
          ctx.addIssue({ code: "custom", message: t("postalCodeInvalid") });
          return z.NEVER;
        }
        return code;
      }),
  };

  /** The postal code must be one of the province's (its first letter), on the postalCode field. */
  function checkPostalCodeProvince(
    value: { postalCode: string; province: (typeof PROVINCE_CODES)[number] },
    ctx: z.RefinementCtx,
  ) {
    if (!postalCodeMatchesProvince(value.postalCode, value.province)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: t("postalCodeProvince") });
    }
  }

  /** The checkout form: the client uses it for instant feedback, the action as the authority. */
  const CheckoutSchema = z
    .object({
      email: z
        .string({ error: t("emailRequired") })
        .overwrite(stripControlCharacters)
        .trim()
        .min(1, { error: t("emailRequired") })
        .max(254, { error: t("emailTooLong", { max: 254 }) })
        .pipe(z.email({ error: t("emailInvalid") }))
        .transform((v) => v.toLowerCase()),
      phone: z
        .string({ error: t("phoneRequired") })
        .overwrite(stripControlCharacters)
        .trim()
        .min(1, { error: t("phoneRequired") })
        .transform((v, ctx) => {
          const phone = normalizePhone(v);
          if (!phone) {
            ctx.addIssue({ code: "custom", message: t("phoneInvalid") });
            return z.NEVER;
          }
          return phone;
        }),
      ...shippingAddressShape,
      ageConfirmed: z.literal(true, {
        error: translator(taxMessages, locale)("ageMissing", { age: STORE_MINIMUM_AGE }),
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
        .enum(FULFILMENT_METHODS, { error: t("methodRequired") })
        .default("parcel"),
      /** The Canada Post service chosen from live rates ("DOM.EP"), and the quote it was shown in. */
      parcelService: z.enum(CANADA_POST_SERVICE_CODES).optional(),
      parcelQuote: z.uuid().optional().catch(undefined),
      /** A delivery's window, "window id@YYYY-MM-DD". */
      deliveryWindow: z.string().max(100).optional(),
      idempotencyKey: z
        .string({ error: t("reloadPage") })
        .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: t("reloadPage") }),
      items: checkoutItems,
    })
    .superRefine(checkPostalCodeProvince);

  return {
    CartLinesSchema,
    shippingAddressShape,
    checkPostalCodeProvince,
    CheckoutSchema,
    checkoutForm: formRules(CheckoutSchema, checkoutFormValues),
  };
}

const english = checkoutSchemas("en");
const french = checkoutSchemas("fr");

/** The checkout's rules in a language (the page's). */
export function checkoutSchemasIn(locale: Locale) {
  return locale === "fr" ? french : english;
}

/** The checkout form's rules in the page's language (the action and the browser alike). */
export function checkoutFormIn(locale: Locale) {
  return checkoutSchemasIn(locale).checkoutForm;
}

export const { CartLinesSchema, shippingAddressShape, checkPostalCodeProvince, CheckoutSchema } =
  english;

export type CartLineInput = { id: string; quantity: number };

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

/** The checkout form's rules (English): the page loads them lazily (zod stays off its first load). */
export const checkoutForm = english.checkoutForm;
