import type { Locale } from "./i18n/locale";
import { provinceMessages } from "~/lib/i18n/messages/provinces";
import { translator } from "./i18n/translate";

/** The 13 provinces and territories, with the first letters Canada Post uses for their postal codes. */
export const PROVINCES = [
  { code: "AB", name: "Alberta", postalPrefixes: "T" },
  { code: "BC", name: "British Columbia", postalPrefixes: "V" },
  { code: "MB", name: "Manitoba", postalPrefixes: "R" },
  { code: "NB", name: "New Brunswick", postalPrefixes: "E" },
  { code: "NL", name: "Newfoundland and Labrador", postalPrefixes: "A" },
  { code: "NS", name: "Nova Scotia", postalPrefixes: "B" },
  { code: "NT", name: "Northwest Territories", postalPrefixes: "X" },
  { code: "NU", name: "Nunavut", postalPrefixes: "X" },
  { code: "ON", name: "Ontario", postalPrefixes: "KLMNP" },
  { code: "PE", name: "Prince Edward Island", postalPrefixes: "C" },
  { code: "QC", name: "Quebec", postalPrefixes: "GHJ" },
  { code: "SK", name: "Saskatchewan", postalPrefixes: "S" },
  { code: "YT", name: "Yukon", postalPrefixes: "Y" },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]["code"];

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];

export function isProvinceCode(value: string): value is ProvinceCode {
  return (PROVINCE_CODES as readonly string[]).includes(value);
}

/** A province's or territory's name ("Quebec", "Québec" in French); an unknown code as it is. */
export function provinceName(code: string, locale: Locale = "en"): string {
  if (locale === "en" || !isProvinceCode(code))
    return PROVINCES.find((p) => p.code === code)?.name ?? code;
  return translator(provinceMessages, locale)(`province${code}`);
}

/**
 * A province's name in a sentence, with the words that go before it in the language: "in Quebec" /
 * "au Québec", "to Ontario" / "en Ontario", "Quebec's" / "du Québec" (French writes "la loi du
 * Québec", "l'âge légal en Alberta").
 */
export function provincePhrase(
  code: ProvinceCode,
  form: "in" | "to" | "of",
  locale: Locale = "en",
) {
  const t = translator(provinceMessages, locale);
  if (form === "in") return t(`provinceIn${code}`);
  if (form === "to") return t(`provinceTo${code}`);
  return t(`provinceOf${code}`);
}

// Canada Post never uses D, F, I, O, Q or U, and W or Z as a first letter.
const POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/** "k1a0b1", "K1A-0B1", " k1a 0b1 " → "K1A 0B1"; null when it is not a Canadian postal code. */
export function normalizePostalCode(value: string): string | null {
  const match = POSTAL_CODE.exec(value.toUpperCase().replace(/[\s-]/g, ""));
  return match ? `${match[1]} ${match[2]}` : null;
}

/** Whether a (normalised) postal code belongs to the province, by its first letter. */
export function postalCodeMatchesProvince(postalCode: string, province: string): boolean {
  const entry = PROVINCES.find((p) => p.code === province);
  return !!entry && entry.postalPrefixes.includes(postalCode.charAt(0));
}
