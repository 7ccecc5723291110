import { z } from "zod";
import { formRules } from "~/lib/form";
import { EARLIEST_BIRTH_YEAR, ID_KINDS, REFUSAL_REASONS } from "~/lib/handover";

/**
 * The handover page's two forms (docs/product/fulfilment.md#handing-over): handed over after the
 * ID check, or refused with its reason. `from` is the order's status the person saw. The server
 * checks the year against the province's age (ageCheck) with the order in hand.
 */
const from = z.string().max(20);

const HandOverSchema = z.object({
  intent: z.literal("hand-over"),
  from,
  idKind: z.enum(ID_KINDS, { error: "Choose the kind of photo ID you checked." }),
  birthYear: z
    .string({ error: "Enter the year of birth on the ID." })
    .trim()
    .regex(/^\d{4}$/, `Enter the year of birth on the ID, like 1990 (from ${EARLIEST_BIRTH_YEAR}).`)
    .transform(Number),
  birthdayPassed: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

const RefuseSchema = z.object({
  intent: z.literal("refuse"),
  from,
  reason: z.enum(REFUSAL_REASONS, { error: "Choose why the order was not handed over." }),
});

export const handOverForm = formRules(HandOverSchema);
export const refuseHandoverForm = formRules(RefuseSchema);
