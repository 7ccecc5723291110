import { typedDollarsToCents } from "~/lib/money";
import { z } from "zod";
import { COUPON_STATUSES, parseDay } from "~/lib/coupons";
import { formRules } from "~/lib/form";
import { filterEnum, ListQuerySchema } from "./admin-list";
import { plainText } from "./text";

/** The Coupons list's URL: search, page and the status filter (scheduled included). */
export const CouponListQuerySchema = ListQuerySchema.extend({
  status: filterEnum(["all", ...COUPON_STATUSES]),
});
export type CouponListQuery = z.output<typeof CouponListQuerySchema>;

/** A coupon page's URL: which page of its orders. */
export const CouponOrdersQuerySchema = ListQuerySchema.pick({ page: true });

const MAX_CENTS = 10_000_000;
const MAX_COUNT = 1_000_000;

export const COUPON_MESSAGES = {
  codeRequired: "Enter a coupon code",
  codeFormat: "Use 3 to 30 letters, digits, dashes or underscores (no spaces)",
  type: "Choose Percentage or Dollar amount",
  percent: "A percentage must be a whole number from 1 to 100",
  dollars: "Enter a dollar amount greater than $0.00, e.g. 20 or 12.50",
  minOrder: "Enter a dollar amount of 0 or more, e.g. 50 (leave empty for no minimum)",
  maxUses: "Enter a whole number of 1 or more (leave empty for no limit)",
  startRequired: "Choose a start date",
  date: "Enter a real date (YYYY-MM-DD)",
  endBeforeStart: "The end date must be on or after the start date",
} as const;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function percentValue(raw: unknown): number | null {
  const value = /^\d{1,3}$/.test(text(raw)) ? Number(text(raw)) : 0;
  return value >= 1 && value <= 100 ? value : null;
}

function fixedValue(raw: unknown): number | null {
  const cents = typedDollarsToCents(text(raw));
  return cents !== null && cents > 0 && cents <= MAX_CENTS ? cents : null;
}

const optionalCount = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const raw = text(value);
    if (!raw) return null;
    if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_COUNT) {
      ctx.addIssue({ code: "custom", message: COUPON_MESSAGES.maxUses });
      return z.NEVER;
    }
    return Number(raw);
  });

const day = (required: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const raw = text(value);
      if (!raw) {
        if (required) ctx.addIssue({ code: "custom", message: COUPON_MESSAGES.startRequired });
        return null;
      }
      if (!parseDay(raw)) {
        ctx.addIssue({ code: "custom", message: COUPON_MESSAGES.date });
        return z.NEVER;
      }
      return raw;
    });

/**
 * The coupon form (code, description, type, value, min order, max uses, start and end dates,
 * active, per-customer limit), read from the posted fields. The browser runs it for instant
 * feedback; the action runs it again as the authority. Value is whole percent or cents by type;
 * dates stay calendar days (the server turns them into instants in STORE_TIMEZONE). What needs the
 * database (a unique code, a used coupon's locked fields) is checked by the domain functions.
 */
export const CouponFormSchema = z
  .object({
    code: z
      .unknown()
      .optional()
      .transform(text)
      .pipe(
        z
          .string()
          .min(1, COUPON_MESSAGES.codeRequired)
          .regex(/^[A-Za-z0-9_-]{3,30}$/, COUPON_MESSAGES.codeFormat)
          .transform((code) => code.toUpperCase()),
      ),
    description: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === "string" ? v : ""))
      .pipe(plainText(200)),
    type: z.enum(["percentage", "fixed"], COUPON_MESSAGES.type),
    value: z.unknown().optional().transform(text),
    minOrder: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        const raw = text(value);
        if (!raw) return 0;
        const cents = typedDollarsToCents(raw);
        if (cents === null || cents > MAX_CENTS) {
          ctx.addIssue({ code: "custom", message: COUPON_MESSAGES.minOrder });
          return z.NEVER;
        }
        return cents;
      }),
    maxUses: optionalCount,
    perCustomerLimit: optionalCount,
    startDate: day(true),
    endDate: day(false),
    isActive: z
      .unknown()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    revision: z
      .unknown()
      .optional()
      .transform(text)
      .pipe(z.string().regex(/^\d{0,9}$/))
      .transform((v) => (v ? Number(v) : null))
      .catch(null),
  })
  // Runs even when another field failed, so every problem is shown at once.
  .superRefine(
    (form, ctx) => {
      if (form.type === "percentage" && percentValue(form.value) === null)
        ctx.addIssue({ code: "custom", path: ["value"], message: COUPON_MESSAGES.percent });
      if (form.type === "fixed" && fixedValue(form.value) === null)
        ctx.addIssue({ code: "custom", path: ["value"], message: COUPON_MESSAGES.dollars });
      const { startDate, endDate } = form;
      if (typeof startDate === "string" && typeof endDate === "string" && endDate < startDate)
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: COUPON_MESSAGES.endBeforeStart,
        });
    },
    { when: () => true },
  )
  .transform((form) => ({
    code: form.code,
    description: form.description,
    type: form.type,
    value: (form.type === "percentage" ? percentValue(form.value) : fixedValue(form.value)) ?? 0,
    minOrderCents: form.minOrder,
    maxUses: form.maxUses,
    perCustomerLimit: form.perCustomerLimit,
    startDate: form.startDate ?? "",
    endDate: form.endDate,
    isActive: form.isActive,
    revision: form.revision,
  }));
export type CouponInput = z.output<typeof CouponFormSchema>;

/** The coupon form (new and edit): the browser and the action run these same rules. */
export const couponForm = formRules(CouponFormSchema);

/** The list's row actions: switch on or off, delete (an unused coupon only). */
/** The coupon a row's button acts on. */
export const CouponIdSchema = z.uuid();
