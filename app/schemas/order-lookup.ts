import { z } from "zod";
import { formRules } from "~/lib/form";
import type { Locale } from "~/lib/i18n/locale";
import { orderPageMessages } from "~/lib/i18n/messages/orders";
import { translator } from "~/lib/i18n/translate";
import { stripControlCharacters } from "./text";

/** The order look-up: an order number and the email it was placed with, in the page's language. */
function orderLookupRules(locale: Locale) {
  const t = translator(orderPageMessages, locale);
  return formRules(
    z.object({
      orderNumber: z
        .string()
        .transform((value) => stripControlCharacters(value).trim())
        .pipe(
          z
            .string()
            .max(40, t("atMost", { max: 40 }))
            .min(1, t("orderNumberRequired")),
        ),
      email: z
        .string()
        .overwrite(stripControlCharacters)
        .trim()
        .min(1, { error: t("orderEmailRequired") })
        .max(254)
        .pipe(z.email({ error: t("emailInvalid") })),
    }),
  );
}

export const orderLookupForm = orderLookupRules("en");
const frenchLookupForm = orderLookupRules("fr");

/** The look-up form's rules in a language. */
export function orderLookupFormIn(locale: Locale) {
  return locale === "fr" ? frenchLookupForm : orderLookupForm;
}
