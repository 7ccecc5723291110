import { z } from "zod";
import { formRules } from "~/lib/form";
import {
  MAX_WINDOW_CAPACITY,
  minutesOfDay,
  parseFsaPrefixes,
  WEEKDAY_NAMES,
} from "~/lib/fulfilment";
import { amount, wholeNumber } from "./settings";

const id = z.uuid({ error: "This item no longer exists: reload the page" });

const time = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => minutesOfDay(v) !== null, {
      error: `${label} must be a time like 16:00 (24-hour clock)`,
    });

const DeliveryZoneFormSchema = z.object({
  intent: z.literal("save-zone"),
  id: id.optional().or(z.literal("").transform(() => undefined)),
  name: z
    .string({ error: "Zone name is required" })
    .trim()
    .min(1, { error: "Zone name is required" })
    .max(80, { error: "Zone name must be at most 80 characters" }),
  prefixes: z
    .string({ error: "Postal-code prefixes are required" })
    .max(2000, { error: "At most 2,000 characters of prefixes" })
    .transform((text, ctx) => {
      const { prefixes, malformed } = parseFsaPrefixes(text);
      if (malformed.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `"${malformed[0]}" is not a postal-code prefix: use the first one to three characters of postal codes, like M5V, M6 or K`,
        });
        return z.NEVER;
      }
      if (prefixes.length === 0) {
        ctx.addIssue({ code: "custom", message: "Postal-code prefixes are required" });
        return z.NEVER;
      }
      return prefixes;
    }),
  feeCents: amount("Delivery fee"),
  minimumOrderCents: amount("Minimum order"),
});

const DeliveryWindowFormSchema = z
  .object({
    intent: z.literal("save-window"),
    weekday: z.coerce
      .number({ error: "Choose a day" })
      .int()
      .min(1, { error: "Choose a day" })
      .max(WEEKDAY_NAMES.length, { error: "Choose a day" }),
    starts: time("Start"),
    ends: time("End"),
    capacity: wholeNumber("Orders per window", "orders", { min: 1, max: MAX_WINDOW_CAPACITY }),
  })
  .superRefine((value, ctx) => {
    if (value.starts >= value.ends)
      ctx.addIssue({ code: "custom", path: ["ends"], message: "End must be after the start" });
  });

const DeleteSchema = z.object({
  intent: z.enum(["delete-zone", "delete-window"]),
  id,
});

export const deliveryZoneForm = formRules(DeliveryZoneFormSchema);
export const deliveryWindowForm = formRules(DeliveryWindowFormSchema);
export const deleteDeliveryItemForm = formRules(DeleteSchema);
