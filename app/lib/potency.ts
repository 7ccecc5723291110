/**
 * Potency as a cannabis package states it (docs/product/catalogue-and-stock.md#potency): THC,
 * total THC, CBD and total CBD, each in milligrams per gram for the weighed kinds (dried, fresh,
 * concentrates) or in milligrams per unit (a piece of an edible, a can of a beverage). Pure rules,
 * shared by the product form, the CSV import, the storefront and the migration's legacy parser.
 *
 * Values are kept in tenths of a milligram (integers): one decimal stays exact and the arithmetic
 * stays in integers, like the net amounts in thousandths (app/lib/cannabis-limit.ts).
 */
import type { CannabisKind } from "./cannabis-limit";
import type { Locale } from "./i18n/locale";
import { productCardMessages } from "~/lib/i18n/messages/product-card";
import { translator } from "./i18n/translate";

/** What a kind's potency is measured against; null: the kind has no potency (seeds, not cannabis). */
export type PotencyBasis = "gram" | "unit";

export function potencyBasis(kind: CannabisKind): PotencyBasis | null {
  switch (kind) {
    case "dried":
    case "fresh":
    case "concentrate":
      return "gram";
    case "edible":
    case "liquid":
      return "unit";
    default:
      return null;
  }
}

/** The unit a basis' values are written in, as form labels and CSV notes name it. */
export function potencyUnit(basis: PotencyBasis, locale: Locale = "en"): string {
  return basis === "gram" ? "mg/g" : translator(productCardMessages, locale)("mgPerUnit");
}

/** The four values, in tenths of a milligram (per gram or per unit); null when not given. */
export interface PotencyValues {
  thcTenths: number | null;
  totalThcTenths: number | null;
  cbdTenths: number | null;
  totalCbdTenths: number | null;
}

export const POTENCY_KEYS = ["thc", "totalThc", "cbd", "totalCbd"] as const;
export type PotencyKey = (typeof POTENCY_KEYS)[number];

/** The column of each key in PotencyValues. */
export const POTENCY_COLUMN: Record<PotencyKey, keyof PotencyValues> = {
  thc: "thcTenths",
  totalThc: "totalThcTenths",
  cbd: "cbdTenths",
  totalCbd: "totalCbdTenths",
};

export const POTENCY_NAMES: Record<PotencyKey, string> = {
  thc: "THC",
  totalThc: "Total THC",
  cbd: "CBD",
  totalCbd: "Total CBD",
};

export const NO_POTENCY: PotencyValues = {
  thcTenths: null,
  totalThcTenths: null,
  cbdTenths: null,
  totalCbdTenths: null,
};

/** The highest value, in mg (per gram: all of a gram; per unit: far above any legal package). */
export const MAX_POTENCY_MG = 1000;

/** "220", "0.5" from tenths; "" when not given. */
export function formatPotency(tenths: number | null): string {
  return tenths === null ? "" : String(tenths / 10);
}

/** The message for a value that is not a number of mg from 0 to 1,000 with at most one decimal. */
export function potencyMessage(name: string, basis: PotencyBasis | null): string {
  const unit = basis === "unit" ? "mg per unit" : "mg/g";
  return `${name} must be a number of ${unit} from 0 to 1,000, like 220 or 0.5`;
}

/**
 * A typed value in tenths: "220" → 2200, "0.5" → 5, "" → null; undefined when it is not a number
 * from 0 to 1,000 with at most one decimal.
 */
export function parsePotency(text: string | null | undefined): number | null | undefined {
  const value = (text ?? "").trim();
  if (value === "") return null;
  const match = /^(\d{1,4})(?:\.(\d))?$/.exec(value);
  if (!match) return undefined;
  const tenths = Number(match[1]) * 10 + Number(match[2] ?? "0");
  return tenths <= MAX_POTENCY_MG * 10 ? tenths : undefined;
}

/** A value as a label shows it: "220", "22.5" ("22,5" in French); under 1 mg per gram reads "<1". */
function amount(tenths: number, basis: PotencyBasis, locale: Locale = "en"): string {
  if (basis === "gram" && tenths > 0 && tenths < 10) return "<1";
  const text = String(tenths / 10);
  return locale === "fr" ? text.replace(".", ",") : text;
}

/** The size a label may name, for the pieces in a package. */
export interface PotencySize {
  size: string;
  sizeUnit: string;
}

/** The pieces in a package of this size: "5" pieces → 5; null when the size is not counted. */
function piecesOf(size: PotencySize | null | undefined): number | null {
  if (!size || size.sizeUnit !== "pieces" || !/^\d{1,4}$/.test(size.size.trim())) return null;
  const count = Number(size.size.trim());
  return count > 0 ? count : null;
}

/**
 * Potency the way a package reads it, for cards and pages; "" when there is nothing to show.
 * Total THC stands for THC when given (and total CBD for CBD); a value not given is left out.
 * Per gram: "THC 220 mg/g · CBD <1 mg/g". Per unit: "10 mg THC · 0 mg CBD per piece", and for a
 * size counted in pieces the package's THC: "2 mg THC · 0 mg CBD per piece (10 mg THC in 5 pieces)".
 */
export function potencyLabel(
  kind: CannabisKind,
  values: PotencyValues,
  size?: PotencySize | null,
  locale: Locale = "en",
): string {
  const basis = potencyBasis(kind);
  if (!basis) return "";
  const thc = values.totalThcTenths ?? values.thcTenths;
  const cbd = values.totalCbdTenths ?? values.cbdTenths;
  if (thc === null && cbd === null) return "";
  if (basis === "gram")
    return [
      thc === null ? null : `THC ${amount(thc, basis, locale)} mg/g`,
      cbd === null ? null : `CBD ${amount(cbd, basis, locale)} mg/g`,
    ]
      .filter(Boolean)
      .join(" · ");
  const t = translator(productCardMessages, locale);
  const pieces = piecesOf(size);
  const each = [
    thc === null ? null : t("mgThc", { amount: amount(thc, basis, locale) }),
    cbd === null ? null : t("mgCbd", { amount: amount(cbd, basis, locale) }),
  ]
    .filter(Boolean)
    .join(" · ");
  const per = pieces === null ? t("perUnit") : t("perPiece");
  const pack =
    pieces !== null && pieces > 1 && thc !== null
      ? t("packThc", { amount: amount(thc * pieces, basis, locale), pieces: String(pieces) })
      : "";
  return `${each} ${per}${pack}`;
}

/**
 * The old free text ("22%", "THC: 22 %", "22.5%", "220 mg/g") in tenths of mg/g: a percent is
 * tenths of a gram, so 22% is 220 mg/g. Anything else (a range such as "18-24%", words) is null:
 * not guessed. The migration 0037_potency applies the same rule in SQL.
 */
export function parseLegacyPotency(text: string | null | undefined): number | null {
  const value = (text ?? "").trim();
  const label = String.raw`(?:(?:total\s+)?(?:thc|cbd)\s*:?\s*)?`;
  const percent = new RegExp(String.raw`^${label}(\d{1,3}(?:\.\d{1,2})?)\s*%$`, "i").exec(value);
  if (percent) {
    const tenths = Math.round(Number(percent[1]) * 100);
    return tenths <= MAX_POTENCY_MG * 10 ? tenths : null;
  }
  const perGram = new RegExp(String.raw`^${label}(\d{1,4}(?:\.\d)?)\s*mg\s*/\s*g$`, "i").exec(
    value,
  );
  if (perGram) {
    const tenths = Math.round(Number(perGram[1]) * 10);
    return tenths <= MAX_POTENCY_MG * 10 ? tenths : null;
  }
  return null;
}

/** The values given, by name, without a unit: "THC 220 · CBD 0.5" (activity and import notes); "" for none. */
export function potencyValuesText(values: PotencyValues): string {
  return POTENCY_KEYS.filter((key) => values[POTENCY_COLUMN[key]] !== null)
    .map((key) => `${POTENCY_NAMES[key]} ${formatPotency(values[POTENCY_COLUMN[key]])}`)
    .join(" · ");
}

/** Only the four potency columns of a row that has them (and more). */
export function potencyOf(row: PotencyValues): PotencyValues {
  return {
    thcTenths: row.thcTenths,
    totalThcTenths: row.totalThcTenths,
    cbdTenths: row.cbdTenths,
    totalCbdTenths: row.totalCbdTenths,
  };
}

/**
 * The values given as schema.org PropertyValues (a product page's structured data): name, value
 * in mg and the unit ("MGM" per unit; mg/g as unitText). Empty for a kind without potency.
 */
export function potencyProperties(
  kind: CannabisKind,
  values: PotencyValues,
  locale: Locale = "en",
) {
  const basis = potencyBasis(kind);
  if (!basis) return [];
  const t = translator(productCardMessages, locale);
  const names: Record<PotencyKey, string> = {
    ...POTENCY_NAMES,
    totalThc: t("totalThc"),
    totalCbd: t("totalCbd"),
  };
  return POTENCY_KEYS.filter((key) => values[POTENCY_COLUMN[key]] !== null).map((key) => ({
    "@type": "PropertyValue",
    name: names[key],
    value: values[POTENCY_COLUMN[key]]! / 10,
    unitText: potencyUnit(basis, locale),
  }));
}

/** The two values an active product needs (docs/product/catalogue-and-stock.md#potency). */
export const REQUIRED_POTENCY = ["thc", "cbd"] as const;
export type RequiredPotency = (typeof REQUIRED_POTENCY)[number];

/** What is missing, and where: `size` is the index of a live size, null for the product itself. */
export interface MissingPotency {
  size: number | null;
  field: RequiredPotency;
  message: string;
}

/** "Enter THC or Total THC (mg/g) to make this product active, or save it as a draft." */
export function missingPotencyMessage(field: RequiredPotency, basis: PotencyBasis): string {
  const name = field === "thc" ? "THC or Total THC" : "CBD or Total CBD";
  return `Enter ${name} (${potencyUnit(basis)}) to make this product active, or save it as a draft.`;
}

/** Whether these values have THC (or total THC) and CBD (or total CBD). */
function lacking(values: PotencyValues): RequiredPotency[] {
  return REQUIRED_POTENCY.filter((field) =>
    field === "thc"
      ? values.thcTenths === null && values.totalThcTenths === null
      : values.cbdTenths === null && values.totalCbdTenths === null,
  );
}

/**
 * What keeps a product from being active: a kind with potency needs THC or total THC, and CBD or
 * total CBD, on the product when it has no sizes, else on every live size (the product's own
 * values are not read then). Empty: nothing missing, or a kind without potency (seeds, not
 * cannabis). Drafts and archived products may miss them.
 */
export function missingPotency(
  kind: CannabisKind,
  product: PotencyValues,
  sizes: readonly PotencyValues[],
): MissingPotency[] {
  const basis = potencyBasis(kind);
  if (!basis) return [];
  const each =
    sizes.length > 0 ? sizes.map((values, i) => [i, values] as const) : [[null, product] as const];
  return each.flatMap(([size, values]) =>
    lacking(values).map((field) => ({ size, field, message: missingPotencyMessage(field, basis) })),
  );
}
