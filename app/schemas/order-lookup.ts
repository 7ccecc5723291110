import { z } from "zod";
import { formRules } from "~/lib/form";
import { plainText, stripControlCharacters } from "./text";

/** The order look-up: an order number and the email it was placed with. */
export const orderLookupForm = formRules(
  z.object({
    orderNumber: plainText(40, "Please enter your order number"),
    email: z
      .string()
      .overwrite(stripControlCharacters)
      .trim()
      .min(1, { error: "Please enter the email you ordered with" })
      .max(254)
      .pipe(z.email({ error: "Please enter a valid email address" })),
  }),
);
