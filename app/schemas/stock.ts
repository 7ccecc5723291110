import { z } from "zod";
import { formRules, textValues } from "~/lib/form";
import {
  coaUrlProblem,
  lotDatesProblem,
  lotNumberProblem,
  normalizeLotNumber,
  SUPPLIER_MAX,
  type LotDetails,
} from "~/lib/lots";
import { ADJUST_REASONS, STOCK_REASON_LABELS, type AdjustMode } from "~/lib/stock";

const MAX_ADJUSTMENT = 1_000_000;

export const COA_MAX_BYTES = 10 * 1024 * 1024;
export const COA_TOO_LARGE = "The certificate's PDF must be 10 MB or smaller.";
export const COA_LINK_OR_FILE = "Give the certificate as a link or a PDF, not both.";
export const CHOOSE_COUNTED_LOT = "Choose the lot you counted";

/** A day as the browser and the server both know it (the rule allows a day ahead for time zones). */
const today = () => new Date().toISOString().slice(0, 10);

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null);

/** Adjust stock (the product form and the product's page): one size's, or a sizeless product's. */
const StockAdjustSchema = z
  .object({
    variationId: z
      .uuid({ error: "Choose a size" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    mode: z.enum(["add", "remove", "set"], { error: "Choose to add, remove or set the count" }),
    quantity: z
      .string({ error: "Quantity is required" })
      .trim()
      .min(1, { error: "Quantity is required" })
      .regex(/^\d{1,7}$/, { error: "Quantity must be a whole number of 0 or more" })
      .transform(Number)
      .refine((n) => n <= MAX_ADJUSTMENT, { error: "Quantity must be at most 1,000,000" }),
    reason: z.string({ error: "Choose a reason" }).min(1, { error: "Choose a reason" }),
    note: z
      .string()
      .trim()
      .max(500, { error: "Note must be at most 500 characters" })
      .optional()
      .transform((v) => v || null),
    /** A named lot (remove, set count, returned, count correction); empty: the automatic one. */
    lotId: z
      .uuid({ error: "Choose a lot from the list" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** How many lots the dialog offered (set count must name one when there are several). */
    lotCount: z.string().optional(),
    // A delivery received: its lot.
    lotNumber: optionalText,
    packagedOn: optionalText,
    expiresOn: optionalText,
    supplier: optionalText,
    coaUrl: optionalText,
    coaFile: z.custom<File | undefined>((v) => v === undefined || v instanceof Blob).optional(),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (value.mode !== "set" && value.quantity === 0)
      issue("quantity", "Quantity must be at least 1");
    const allowed: readonly string[] = ADJUST_REASONS[value.mode as AdjustMode];
    if (!allowed.includes(value.reason))
      issue(
        "reason",
        `Choose a reason: ${allowed.map((r) => STOCK_REASON_LABELS[r as keyof typeof STOCK_REASON_LABELS]).join(", ")}`,
      );
    if (value.mode === "add" && value.reason === "received") {
      const lotProblem = lotNumberProblem(value.lotNumber ?? "");
      if (lotProblem) issue("lotNumber", lotProblem);
      const dates = lotDatesProblem(value.packagedOn, value.expiresOn, today());
      if (dates) issue(dates.field, dates.message);
      if ((value.supplier?.length ?? 0) > SUPPLIER_MAX)
        issue("supplier", `Supplier must be at most ${SUPPLIER_MAX} characters`);
      const linkProblem = coaUrlProblem(value.coaUrl ?? "");
      if (linkProblem) issue("coaUrl", linkProblem);
      if (value.coaFile && value.coaFile.size > COA_MAX_BYTES) issue("coaFile", COA_TOO_LARGE);
      else if (value.coaFile && value.coaUrl) issue("coaFile", COA_LINK_OR_FILE);
    } else if (value.mode === "set" && !value.lotId && Number(value.lotCount ?? 0) > 1) {
      issue("lotId", CHOOSE_COUNTED_LOT);
    }
  })
  .transform(
    ({
      lotId,
      lotCount: _,
      lotNumber,
      packagedOn,
      expiresOn,
      supplier,
      coaUrl,
      coaFile,
      ...value
    }) => {
      const received = value.mode === "add" && value.reason === "received";
      const receive: LotDetails | null = received
        ? {
            lotNumber: normalizeLotNumber(lotNumber ?? ""),
            packagedOn,
            expiresOn,
            supplier,
            coaUrl,
          }
        : null;
      return {
        ...value,
        reason: value.reason as (typeof ADJUST_REASONS)[AdjustMode][number],
        receive,
        /** The certificate's PDF, checked (its first bytes) and stored by the action. */
        coaFile: received ? (coaFile ?? null) : null,
        lotId: received ? null : (lotId ?? null),
      };
    },
  );

/** The posted form's text values, and the certificate's file when one was chosen. */
function stockValues(form: FormData) {
  const file = form.get("coaFile");
  return {
    ...textValues(form),
    coaFile: file instanceof Blob && file.size > 0 ? (file as File) : undefined,
  };
}

export const stockAdjustForm = formRules(StockAdjustSchema, stockValues);
