import { typedDollarsToCents } from "~/lib/money";
import { z } from "zod";
import { formRules, textValues } from "~/lib/form";
import { NOTHING_CHOSEN, type RefundRequest } from "~/lib/refund-math";
import { REFUND_METHODS } from "~/lib/refunds";
import { plainText } from "./text";

/**
 * The order page's Refund dialog (intent "refund") and Cancel order of a paid order (intent
 * "cancel", which refunds everything left). Both post to …/orders/:orderNumber/refund. The
 * browser checks these rules before sending; the service checks the rest against the order as it
 * is (units left, shipping left, what remains, the version).
 */

/** Order lines a form may list (an order has far fewer). */
const MAX_LINES = 200;

/** Dollars typed by staff ("12.50", "$1,234.5") to cents; never negative. */
function dollars(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => typedDollarsToCents(value) !== null, message)
    .transform((value) => typedDollarsToCents(value)!);
}

const version = z
  .string({ error: "This form is out of date. Reload the page and try again." })
  .regex(/^\d{1,9}$/, "This form is out of date. Reload the page and try again.")
  .transform(Number);

const line = z.object({
  id: z.uuid({ error: "An item of this refund is not on this order. Reload the page." }),
  quantity: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "0")
    .pipe(z.string().regex(/^\d{1,5}$/, "Enter a whole number of units, 0 or more."))
    .transform(Number),
  restock: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

const common = {
  version,
  lines: z.array(line).max(MAX_LINES),
  method: z.enum(REFUND_METHODS, { error: "Choose how the money goes back." }),
  reference: plainText(64)
    .optional()
    .transform((v) => v || null),
  note: plainText(500)
    .optional()
    .transform((v) => v || null),
};

/** `lines.0.id`, `lines.0.quantity`, `lines.0.restock` … as an array, the rest as text. */
function refundFormValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = textValues(form);
  const lines: Record<string, string>[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^lines\.(\d{1,3})\.(id|quantity|restock)$/.exec(name);
    if (!match || typeof value !== "string") continue;
    delete values[name];
    (lines[Number(match[1])] ??= {})[match[2]!] = value;
  }
  values.lines = lines.filter(Boolean);
  return values;
}

const RefundFormSchema = z
  .object({
    ...common,
    mode: z.enum(["items", "amount"], { error: "Choose items and shipping, or an amount." }),
    shipping: z
      .string()
      .optional()
      .transform((v) => v ?? "")
      .pipe(
        z
          .string()
          .trim()
          .transform((v) => v || "0")
          .pipe(dollars("Enter the shipping to refund, $0.00 or more, e.g. 20.00.")),
      ),
    amount: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === "amount") {
      const amount = dollars("Enter the amount to refund, e.g. 12.50.").safeParse(
        value.amount ?? "",
      );
      if (!amount.success)
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: amount.error.issues[0]!.message,
        });
      else if (amount.data <= 0)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount above $0.00." });
    } else if (value.lines.every((l) => l.quantity === 0) && value.shipping === 0)
      ctx.addIssue({ code: "custom", path: [], message: NOTHING_CHOSEN });
  })
  .transform(({ mode, lines, shipping, amount, ...rest }) => {
    const request: RefundRequest =
      mode === "amount"
        ? { kind: "amount", amountCents: dollars("").parse(amount ?? "") }
        : {
            kind: "items",
            // Every line as posted (0 units included), so a message names the field it was for.
            lines,
            shippingCents: shipping,
          };
    return { ...rest, request };
  });

export const refundForm = formRules(RefundFormSchema, refundFormValues);

/** Cancel a paid order: everything left is refunded; each line says whether it goes back to stock. */
const CancelRefundFormSchema = z
  .object({
    ...common,
    from: z.string().max(20),
    reason: plainText(500, "Give a reason for cancelling."),
  })
  .transform(({ lines, ...rest }) => ({
    ...rest,
    request: {
      kind: "items",
      lines: lines.map((l) => ({ id: l.id, quantity: l.quantity, restock: l.restock })),
      shippingCents: 0,
    } satisfies RefundRequest,
  }));

export const cancelRefundForm = formRules(CancelRefundFormSchema, refundFormValues);

/** The rules of the dialog's intent. */
export function refundRules(intent: "refund" | "cancel") {
  return intent === "cancel" ? cancelRefundForm : refundForm;
}
