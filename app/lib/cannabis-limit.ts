/**
 * The public possession limit, applied per order: at most 30 g of dried cannabis or its
 * equivalent (Cannabis Act, Schedule 3). Pure rules, used by the browser (meter, refusing an
 * addition) and by the server (the cart quote and placing an order, the authority).
 *
 * Every product has a kind; every unit sold (a size, or the product itself without sizes) has a
 * net amount: grams of product for the weighed kinds, a count of seeds for seeds. The amount is
 * kept in thousandths (milligrams, or thousandths of a seed) so all the arithmetic is integers.
 */
import type { Locale } from "./i18n/locale";
import { cannabisLimitMessages } from "~/lib/i18n/messages/cannabis-limit";
import { translator } from "./i18n/translate";

export const CANNABIS_KINDS = [
  "dried",
  "fresh",
  "edible",
  "liquid",
  "concentrate",
  "seeds",
  "none",
] as const;
export type CannabisKind = (typeof CANNABIS_KINDS)[number];

export const CANNABIS_KIND_LABELS: Record<CannabisKind, string> = {
  dried: "Dried cannabis",
  fresh: "Fresh cannabis",
  edible: "Edible (solid)",
  liquid: "Liquid (beverage)",
  concentrate: "Concentrate or extract",
  seeds: "Seeds",
  none: "Not cannabis",
};

/** 30 g of dried cannabis, in milligrams. */
export const CANNABIS_LIMIT_MG = 30_000;

/**
 * How much of a kind equals 1 g of dried cannabis: dried 1 g, fresh 5 g, edibles 15 g, liquids
 * 70 g, concentrates 0.25 g, seeds 1 seed; not cannabis never counts. As a fraction
 * (dried mg per thousandth of the kind's measure) so the result stays an integer.
 */
const EQUIVALENCE: Record<CannabisKind, { num: number; den: number }> = {
  dried: { num: 1, den: 1 },
  fresh: { num: 1, den: 5 },
  edible: { num: 1, den: 15 },
  liquid: { num: 1, den: 70 },
  concentrate: { num: 4, den: 1 },
  seeds: { num: 1, den: 1 },
  none: { num: 0, den: 1 },
};

/** The kind a product of a category starts with in the product form (and when none is saved). */
export const CATEGORY_CANNABIS_KIND: Record<string, CannabisKind> = {
  flowers: "dried",
  "bulk-buy": "dried",
  concentrates: "concentrate",
  vapes: "concentrate",
  hash: "concentrate",
  edibles: "edible",
  mushrooms: "none",
};

function isCannabisKind(value: unknown): value is CannabisKind {
  return typeof value === "string" && (CANNABIS_KINDS as readonly string[]).includes(value);
}

/** The product's own kind, else its category's default (products saved before kinds existed). */
export function resolveKind(product: { category: string; cannabisKind: string | null }) {
  if (isCannabisKind(product.cannabisKind)) return product.cannabisKind;
  return CATEGORY_CANNABIS_KIND[product.category] ?? "dried";
}

/** What a kind's amount is measured in: grams of product, or seeds. */
export function amountUnit(kind: CannabisKind): "g" | "seeds" {
  return kind === "seeds" ? "seeds" : "g";
}

/** Grams in an ounce (rounded up to the milligram, so the limit is never under-counted). */
const MG_PER_OUNCE = 28_350;

/**
 * The net amount a size states by itself, in thousandths: "3.5g" is 3,500 mg, "1oz" 28,350 mg,
 * "250ml" 250 g (a millilitre weighs about a gram), "10 pieces" of seeds 10 seeds. Pieces and
 * packs of anything else say nothing about their weight: null (the form asks for it).
 */
export function sizeAmountMilli(
  kind: CannabisKind,
  size: { size: string; sizeUnit: string },
): number | null {
  const text = size.size.trim();
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
  if (kind === "seeds") return size.sizeUnit === "pieces" ? milli : null;
  if (size.sizeUnit === "g" || size.sizeUnit === "ml") return milli;
  if (size.sizeUnit === "oz") return Math.ceil((milli * MG_PER_OUNCE) / 1000);
  return null;
}

/** Dried-cannabis milligrams for a net amount of a kind, rounded up (never under the law). */
export function driedEquivalentMg(kind: CannabisKind, amountMilli: number): number {
  const { num, den } = EQUIVALENCE[kind];
  return Math.ceil((amountMilli * num) / den);
}

export interface MeasuredProduct {
  category: string;
  cannabisKind: string | null;
  /** For a product sold without sizes: the net amount of one unit. */
  netAmountMilli: number | null;
}

export interface MeasuredSize {
  size: string;
  sizeUnit: string;
  /** Entered in the form; null: what the size states (sizeAmountMilli). */
  netAmountMilli: number | null;
}

/**
 * Dried-cannabis milligrams in one unit sold (a size, or the product without sizes); 0 for what
 * is not cannabis; null when the amount is not known (a cannabis product whose pieces or pack
 * were never weighed): such a unit cannot be sold, the limit could not be checked.
 */
export function unitDriedMg(product: MeasuredProduct, size?: MeasuredSize | null): number | null {
  const kind = resolveKind(product);
  if (kind === "none") return 0;
  const amount = size
    ? (size.netAmountMilli ?? sizeAmountMilli(kind, size))
    : product.netAmountMilli;
  return amount === null ? null : driedEquivalentMg(kind, amount);
}

/**
 * "12.5 g" ("12,5 g" in French): milligrams as grams, rounded up to the hundredth (30.001 g is
 * over, so 30.01 g).
 */
export function formatGrams(mg: number, locale: Locale = "en"): string {
  const hundredths = Math.ceil(mg / 10);
  const grams = (hundredths / 100).toFixed(2).replace(/\.?0+$/, "");
  return translator(cannabisLimitMessages, locale)("grams", {
    grams: locale === "fr" ? grams.replace(".", ",") : grams,
  });
}

/** The meter's words: "12.5 g of 30 g" ("12,5 g sur 30 g"). */
export function meterText(
  totalMg: number,
  limitMg = CANNABIS_LIMIT_MG,
  locale: Locale = "en",
): string {
  return translator(cannabisLimitMessages, locale)("meterText", {
    total: formatGrams(totalMg, locale),
    limit: formatGrams(limitMg, locale),
  });
}

/** The message for an order over the limit (the quote and placing the order). */
function overLimitMessage(totalMg: number, limitMg: number, locale: Locale): string {
  return translator(cannabisLimitMessages, locale)("overLimit", {
    total: formatGrams(totalMg, locale),
    limit: formatGrams(limitMg, locale),
  });
}

/** The message when an addition is refused in the browser. */
function refusedAdditionMessage(
  name: string,
  totalMg: number,
  limitMg: number,
  locale: Locale,
): string {
  return translator(cannabisLimitMessages, locale)("refusedAddition", {
    name,
    total: formatGrams(totalMg, locale),
    limit: formatGrams(limitMg, locale),
  });
}

function unmeasuredMessage(name: string, locale: Locale): string {
  return translator(cannabisLimitMessages, locale)("unmeasured", { name });
}

interface LimitLine {
  name: string;
  quantity: number;
  /** Dried mg per unit; null when unknown. */
  driedMg: number | null;
}

export interface CannabisSummary {
  totalMg: number;
  limitMg: number;
  /** Why the cart cannot be ordered as it is (over the limit, or an unmeasured item); or null. */
  message: string | null;
}

/** The dried-cannabis equivalent of cart lines and whether they can be ordered together. */
export function summarizeCannabis(
  lines: LimitLine[],
  limitMg = CANNABIS_LIMIT_MG,
  locale: Locale = "en",
): CannabisSummary {
  const totalMg = lines.reduce((sum, l) => sum + (l.driedMg ?? 0) * l.quantity, 0);
  const unmeasured = lines.find((l) => l.driedMg === null);
  const message = unmeasured
    ? unmeasuredMessage(unmeasured.name, locale)
    : totalMg > limitMg
      ? overLimitMessage(totalMg, limitMg, locale)
      : null;
  return { totalMg, limitMg, message };
}

/**
 * In the browser, before an item is added or a quantity raised: the refusal message when the cart
 * would go over the limit, else null. Items whose amount the browser does not know yet count 0
 * (the server's quote and the order still check them).
 */
export function refuseAddition(
  cart: { id: string; quantity: number; driedMg?: number | null }[],
  addition: { id: string; name: string; quantity: number; driedMg: number | null | undefined },
  limitMg = CANNABIS_LIMIT_MG,
  locale: Locale = "en",
): string | null {
  const current = cart.reduce((sum, item) => sum + (item.driedMg ?? 0) * item.quantity, 0);
  const added = (addition.driedMg ?? 0) * addition.quantity;
  if (added === 0) return null;
  const total = current + added;
  return total > limitMg ? refusedAdditionMessage(addition.name, total, limitMg, locale) : null;
}
