import { z } from "zod";
import { formRules } from "~/lib/form";
import { RECALL_NOTICE_NUMBER_MAX, RECALL_NOTICE_TEXT_MAX } from "~/lib/lot-recall";
import { plainText } from "./text";

/** Recall a lot (the lot page's dialog): the regulator's or producer's notice, number and text. */
export const RecallLotSchema = z.object({
  noticeNumber: plainText(RECALL_NOTICE_NUMBER_MAX, "Enter the recall notice number."),
  noticeText: plainText(RECALL_NOTICE_TEXT_MAX, "Enter what the recall notice says."),
});
export const recallLotForm = formRules(RecallLotSchema);

/** Record return: units of a recalled lot an affected order gave back (they stay quarantined). */
export const RecallReturnSchema = z.object({
  orderId: z.uuid({ error: "Choose the order the units came back from." }),
  quantity: z
    .string({ error: "Enter how many units came back." })
    .trim()
    .min(1, { error: "Enter how many units came back." })
    .regex(/^\d{1,6}$/, { error: "Enter a whole number of 1 or more." })
    .transform(Number)
    .refine((n) => n >= 1, { error: "Enter a whole number of 1 or more." }),
});
export const recallReturnForm = formRules(RecallReturnSchema);

/** A keyset cursor as the page wrote it; the server decodes it or ignores it. */
const cursor = z.string().max(120).optional().catch(undefined);

/** The lot page's URL: the affected orders' page (keyset cursors). */
export const LotOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  after: cursor,
  before: cursor,
});
export type LotOrdersQuery = z.output<typeof LotOrdersQuerySchema>;
