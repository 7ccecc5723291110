import { z } from "zod";
import { formRules } from "~/lib/form";
import { PAYMENT_TABS } from "~/lib/payments";

/**
 * The Payments screen's URL: the tab, the page, and the dialog open on a payment (`act` and
 * `payment`), so each dialog is a link that works without JavaScript. A value the screen never
 * writes is refused (400) with what was wrong.
 */
export const PAYMENT_ACTS = ["assign", "return", "ignore", "settle"] as const;
export type PaymentAct = (typeof PAYMENT_ACTS)[number];

export const PaymentsQuerySchema = z.object({
  tab: z
    .enum(PAYMENT_TABS, { error: `tab must be one of: ${PAYMENT_TABS.join(", ")}.` })
    .default("waiting"),
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, { error: "page must be a page number from 1 to 99999." })
    .transform(Number)
    .default(1),
  act: z.enum(PAYMENT_ACTS, { error: "This action is not known." }).optional(),
  payment: z.uuid({ error: "payment must be a payment's id." }).optional(),
});
export type PaymentsQuery = z.output<typeof PaymentsQuerySchema>;

const paymentId = z.uuid({ error: "This payment is not known. Reload the page and try again." });
const note = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(500, { error: "The note must be at most 500 characters" });

export const PaymentActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("accept"), id: paymentId }),
    z.object({
      intent: z.literal("assign"),
      id: paymentId,
      orderNumber: z
        .string({ error: "Enter the order number this payment is for" })
        .trim()
        .toUpperCase()
        .regex(/^BBS-\d{1,11}$/, { error: "Order number must look like BBS-00001042" }),
    }),
    z.object({
      intent: z.literal("return"),
      id: paymentId,
      note: note("Say how the money was sent back (its e-Transfer reference, say)"),
    }),
    z.object({
      intent: z.literal("ignore"),
      id: paymentId,
      note: note("Give a reason for ignoring this payment"),
    }),
    z.object({
      intent: z.literal("settle"),
      id: paymentId,
      note: note("Say how the difference was sent back (its e-Transfer reference, say)"),
    }),
  ],
  { error: "This action is not valid. Reload the page and try again." },
);
export const paymentActionForm = formRules(PaymentActionSchema);
