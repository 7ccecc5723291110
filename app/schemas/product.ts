import { z } from "zod";
import {
  amountUnit,
  CANNABIS_KINDS,
  CATEGORY_CANNABIS_KIND,
  sizeAmountMilli,
} from "~/lib/cannabis-limit";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { parseMoneyToCents } from "~/lib/money";
import {
  missingPotency,
  NO_POTENCY,
  parsePotency,
  POTENCY_COLUMN,
  POTENCY_KEYS,
  POTENCY_NAMES,
  potencyBasis,
  potencyMessage,
  type PotencyValues,
} from "~/lib/potency";
import {
  lotDatesProblem,
  lotNumberProblem,
  normalizeLotNumber,
  SUPPLIER_MAX,
  type LotDetails,
} from "~/lib/lots";
import { DEFAULT_RATING } from "~/lib/product";
import { formRules } from "~/lib/form";
import {
  MAX_PACKED_GRAMS,
  MAX_VARIATIONS,
  PRODUCT_STATUSES,
  productFormValues,
  SIZE_UNITS,
  STRAINS,
  THUMBNAIL_SLOTS,
} from "~/lib/product-fields";

const MAX_PRICE_CENTS = 10_000_000;

/** Optional text: trimmed, blank → null. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null);

/**
 * An optional French version of an English text (docs/product/catalogue-and-stock.md#product-form):
 * trimmed, at most `max` characters like the English one. Empty means "not translated" (the French
 * storefront shows the English). Left out of the post (a caller that does not know the field): undefined,
 * and the saved French is kept.
 */
const frenchText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional();

/** A day as the browser and the server both know it (the rule allows a day ahead for time zones). */
const today = () => new Date().toISOString().slice(0, 10);

/** A file of the image library, as stored by image-store.server.ts. */
export const STORED_IMAGE_URL = /^\/images\/[\w-]+\.(jpg|png|webp|gif)$/;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * An amount in dollars typed in the form ("24", "$1,234.50"), to cents rounded to two decimals
 * (docs/product/catalogue-and-stock.md#product-form); empty → null. Refused with a message: a
 * negative amount, text that is not an amount, more than $100,000.00.
 */
const amount = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? "").replace(/[$,\s]/g, "");
      if (!text) return null;
      if (/^-/.test(text)) {
        ctx.addIssue({ code: "custom", message: `${label} cannot be negative` });
        return z.NEVER;
      }
      if (!/^\d*\.?\d+$/.test(text)) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount such as 24.00` });
        return z.NEVER;
      }
      return Math.round(Number(text) * 100);
    })
    .refine((cents) => cents === null || cents <= MAX_PRICE_CENTS, {
      error: `${label} must be at most $100,000.00`,
    });

/**
 * A price shoppers pay: anything that is not a positive amount ("abc", "0", "-5") is refused, so
 * nothing can be sold for $0.00 (text counts as 0). Empty → null (required or not by the caller).
 */
const sellingPrice = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? parseMoneyToCents(v) : null))
    .refine((cents) => cents === null || cents > 0, {
      error: `${label} must be greater than $0.00`,
    })
    .refine((cents) => cents === null || cents <= MAX_PRICE_CENTS, {
      error: `${label} must be at most $100,000.00`,
    });

const wholeNumber = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .regex(/^\d{1,7}$/, { error: `${label} must be a whole number of 0 or more` })
    .transform(Number);

const imageUrl = z.string().regex(STORED_IMAGE_URL, {
  error: "Choose an image from the Image Library or upload one",
});

/** A net amount typed in grams (or seeds), kept in thousandths: "3.5" → 3500; empty → null. */
const netAmount = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^\d{1,6}(\.\d{1,3})?$/.test(v), {
    error: "Net amount must be a number such as 3.5 (up to 3 decimals)",
  })
  .transform((v) => (v === null ? null : Math.round(Number(v) * 1000)));

/**
 * One unit as it goes in a Canada Post parcel, package and all, in whole grams (1 to 5000): what a
 * parcel's weight adds up. Optional: empty → null (not weighed yet; the packing slip says so).
 */
const packedGrams = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine(
    (v) => v === null || (/^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_PACKED_GRAMS),
    {
      error: `Packed weight must be a whole number of grams from 1 to ${MAX_PACKED_GRAMS}`,
    },
  )
  .transform((v) => (v === null ? null : Number(v)));

/**
 * Potency as typed: THC, total THC, CBD, total CBD. Read against the cannabis kind once it is known
 * (per gram or per unit, app/lib/potency.ts), so the message can name the unit.
 */
const potencyText = z.string().trim().optional();
const potencyFields = {
  thc: potencyText,
  totalThc: potencyText,
  cbd: potencyText,
  totalCbd: potencyText,
};

type PotencyText = Partial<Record<(typeof POTENCY_KEYS)[number], string>>;

/**
 * The four values in tenths of a mg; a kind without potency (seeds, not cannabis) keeps none.
 * A value that is not a number of mg from 0 to 1,000 is refused on its own path.
 */
function readPotency(
  typed: PotencyText,
  kind: (typeof CANNABIS_KINDS)[number],
  path: (string | number)[],
  ctx: z.RefinementCtx,
): PotencyValues | undefined {
  const basis = potencyBasis(kind);
  if (!basis) return NO_POTENCY;
  const values = { ...NO_POTENCY };
  let refused = false;
  for (const key of POTENCY_KEYS) {
    const tenths = parsePotency(typed[key]);
    if (tenths === undefined) {
      refused = true;
      ctx.addIssue({
        code: "custom",
        path: [...path, key],
        message: potencyMessage(POTENCY_NAMES[key], basis),
      });
    } else values[POTENCY_COLUMN[key]] = tenths;
  }
  return refused ? undefined : values;
}

/** The typed potency fields left out of a parsed product or size (their values replace them). */
function withoutPotencyText<T extends PotencyText>(value: T) {
  const { thc: _thc, totalThc: _totalThc, cbd: _cbd, totalCbd: _totalCbd, ...rest } = value;
  return rest;
}

export const VariationSchema = z.object({
  id: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  size: requiredText("Size", 20),
  unit: z.enum(SIZE_UNITS, { error: "Unit must be g, oz, ml, pieces or pack" }).catch("g"),
  price: sellingPrice("Price")
    .transform((cents) => cents ?? 0)
    .refine((cents) => cents > 0, { error: "Price must be greater than $0.00" }),
  stock: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "0")
    .pipe(z.string().regex(/^\d{1,7}$/, { error: "Stock must be a whole number of 0 or more" }))
    .transform(Number),
  netAmount,
  packedGrams,
  ...potencyFields,
});

export const ProductFormSchema = z
  .object({
    name: requiredText("Product Name", 120),
    nameFr: frenchText("Product Name (French)", 120),
    sku: requiredText("SKU", 60).regex(/^[A-Za-z0-9._-]+$/, {
      error: "SKU may only contain letters, digits, dots, dashes and underscores",
    }),
    /** With sizes each size has its own price: the product's are asked for only without sizes. */
    price: sellingPrice("Selling Price"),
    costPrice: amount("Cost Price"),
    category: z.enum(CATEGORY_SLUGS, { error: "Category is required" }),
    ...potencyFields,
    strain: z
      .enum(["", ...STRAINS], { error: "Strain must be Hybrid, Indica or Sativa" })
      .optional()
      .transform((v) => (v ? v : null)),
    currentStock: z.string().trim().optional(),
    stockAlertLevel: wholeNumber("Stock Alert Level"),
    description: requiredText("Description", 5000),
    descriptionFr: frenchText("Description (French)", 5000),
    image: z
      .string({ error: "Main Product Image is required" })
      .trim()
      .min(1, { error: "Main Product Image is required" })
      .pipe(imageUrl),
    thumbnails: z
      .array(z.union([z.literal(""), imageUrl]))
      .max(THUMBNAIL_SLOTS)
      .default([])
      .transform((urls) => urls.filter(Boolean)),
    rating: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : DEFAULT_RATING))
      .pipe(
        z
          .number({ error: "Rating must be a number between 0 and 5" })
          .min(0, { error: "Rating must be between 0 and 5" })
          .max(5, { error: "Rating must be between 0 and 5" }),
      ),
    status: z.enum(PRODUCT_STATUSES).catch("active").default("active"),
    /** The 30 g limit: the kind of cannabis (the category's default when not sent). */
    cannabisKind: z
      .enum(CANNABIS_KINDS, { error: "Choose what kind of cannabis this is" })
      .optional(),
    netAmount,
    packedGrams,
    variations: z
      .array(VariationSchema)
      .max(MAX_VARIATIONS, { error: `A product can have at most ${MAX_VARIATIONS} variations` })
      .default([]),
    // The lot the opening stock (a new product's, or new sizes') is received into: optional.
    openingLotNumber: optionalText,
    openingPackagedOn: optionalText,
    openingExpiresOn: optionalText,
    openingSupplier: optionalText,
  })
  .superRefine(
    (value, ctx) => {
      // The opening stock's lot: a lot number with any of its details, each checked as a
      // delivery's lot is. Checked while other fields are refused too.
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      const text = (v: unknown) => (typeof v === "string" ? v : null);
      const lotNumber = text(value.openingLotNumber);
      const packagedOn = text(value.openingPackagedOn);
      const expiresOn = text(value.openingExpiresOn);
      const supplier = text(value.openingSupplier);
      if (!lotNumber && !packagedOn && !expiresOn && !supplier) return;
      const lotProblem = lotNumberProblem(lotNumber ?? "");
      if (lotProblem) issue("openingLotNumber", lotProblem);
      const dates = lotDatesProblem(packagedOn, expiresOn, today());
      if (dates)
        issue(
          dates.field === "packagedOn" ? "openingPackagedOn" : "openingExpiresOn",
          dates.message,
        );
      if ((supplier?.length ?? 0) > SUPPLIER_MAX)
        issue("openingSupplier", `Supplier must be at most ${SUPPLIER_MAX} characters`);
    },
    { when: () => true },
  )
  .superRefine(
    (value, ctx) => {
      // Product-level prices are required only without sizes (each size has its own price).
      // Checked even while other fields are refused, so every missing field is named at once.
      if (Array.isArray(value.variations) && value.variations.length > 0) return;
      if (value.price === null)
        ctx.addIssue({ code: "custom", path: ["price"], message: "Selling Price is required" });
      if (value.costPrice === null)
        ctx.addIssue({ code: "custom", path: ["costPrice"], message: "Cost Price is required" });
    },
    { when: () => true },
  )
  .transform((value, ctx) => {
    // With variations the stock is their sum; without, the Current Stock field.
    let stock = value.variations.reduce((sum, v) => sum + v.stock, 0);
    if (value.variations.length === 0) {
      const parsed = wholeNumber("Current Stock").safeParse(value.currentStock ?? "");
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          path: ["currentStock"],
          message: parsed.error.issues[0]!.message,
        });
        return z.NEVER;
      }
      stock = parsed.data;
    }
    // The 30 g limit needs the net amount of every unit sold, unless it is not cannabis.
    const cannabisKind = value.cannabisKind ?? CATEGORY_CANNABIS_KIND[value.category] ?? "dried";
    const unit = amountUnit(cannabisKind) === "seeds" ? "seeds" : "grams";
    let missing = false;
    if (cannabisKind !== "none") {
      value.variations.forEach((v, i) => {
        if (
          v.netAmount !== null ||
          sizeAmountMilli(cannabisKind, { size: v.size, sizeUnit: v.unit }) !== null
        )
          return;
        missing = true;
        ctx.addIssue({
          code: "custom",
          path: ["variations", i, "netAmount"],
          message: `Net amount is required: enter how many ${unit} one ${v.size} ${v.unit} holds`,
        });
      });
      if (value.variations.length === 0 && value.netAmount === null) {
        missing = true;
        ctx.addIssue({
          code: "custom",
          path: ["netAmount"],
          message: `Net amount is required: enter how many ${unit} one unit holds`,
        });
      }
    }
    // Potency: each size's with sizes, else the product's.
    const sizePotency = value.variations.map((v, i) =>
      readPotency(v, cannabisKind, ["variations", i], ctx),
    );
    const ownPotency =
      value.variations.length === 0 ? readPotency(value, cannabisKind, [], ctx) : NO_POTENCY;
    if (!ownPotency || sizePotency.some((p) => !p)) missing = true;
    // Active needs THC and CBD (or their totals) on the product or every size; a draft may wait.
    else if (value.status === "active") {
      for (const gap of missingPotency(cannabisKind, ownPotency, sizePotency as PotencyValues[])) {
        missing = true;
        ctx.addIssue({
          code: "custom",
          path: gap.size === null ? [gap.field] : ["variations", gap.size, gap.field],
          message: gap.message,
        });
      }
    }
    if (missing) return z.NEVER;
    const {
      currentStock: _currentStock,
      openingLotNumber,
      openingPackagedOn,
      openingExpiresOn,
      openingSupplier,
      ...rest
    } = withoutPotencyText(value);
    const openingLot: LotDetails | null = openingLotNumber
      ? {
          lotNumber: normalizeLotNumber(openingLotNumber),
          packagedOn: openingPackagedOn,
          expiresOn: openingExpiresOn,
          supplier: openingSupplier,
          coaUrl: null,
        }
      : null;
    return {
      ...rest,
      /** The lot new sizes' (or a new product's) opening units are received into; null: unrecorded. */
      openingLot,
      ...ownPotency!,
      variations: value.variations.map((v, i) => ({
        ...withoutPotencyText(v),
        ...sizePotency[i]!,
      })),
      // Left empty with sizes: the first size's price (what a card shows before one is picked),
      // and no cost price known.
      price: value.price ?? value.variations[0]!.price,
      costPrice: value.costPrice ?? 0,
      cannabisKind,
      netAmount: value.variations.length === 0 && cannabisKind !== "none" ? value.netAmount : null,
      // With sizes each size has its own packed weight.
      packedGrams: value.variations.length === 0 ? value.packedGrams : null,
      stock,
    };
  });

export type ProductInput = z.output<typeof ProductFormSchema>;

/**
 * The product form (new and edit): the browser and the action run these same rules. The product
 * pages load them lazily (`lazyModule`), so zod stays off their first load.
 */
export const productForm = formRules(ProductFormSchema, productFormValues);
