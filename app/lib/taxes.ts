import { PROVINCES, provincePhrase, type ProvinceCode } from "./address";
import type { Locale } from "./i18n/locale";
import { taxMessages } from "~/lib/i18n/messages/taxes";
import { translator } from "./i18n/translate";
import type { FulfilmentMethod } from "./fulfilment";
import type { Totals } from "./pricing";

/**
 * Canadian sales taxes and province rules as data, and the arithmetic on them. Pure: the browser
 * and the server use the same functions, and the server is the authority.
 *
 * Rates are kept in parts per 100,000 (5 % = 5000, 9.975 % = 9975), so every rate in force is an
 * integer. One rounding rule: each tax line is rounded half-up to the cent on its own taxable base.
 */
export const TAX_KINDS = ["GST", "HST", "PST", "QST", "RST"] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export const TAX_KIND_NAMES: Record<TaxKind, string> = {
  GST: "Goods and Services Tax",
  HST: "Harmonized Sales Tax",
  PST: "Provincial Sales Tax",
  QST: "Quebec Sales Tax",
  RST: "Retail Sales Tax",
};

/** 100,000 parts: a rate of 5000 is 5 %. */
const RATE_SCALE = 100_000;

export interface TaxRate {
  province: string;
  kind: TaxKind;
  ratePer100k: number;
  appliesToShipping: boolean;
  /** YYYY-MM-DD: the first day (in the store's time zone) the rate applies to an order. */
  effectiveFrom: string;
}

export interface TaxLine {
  kind: TaxKind;
  /** "GST 5%", "QST 9.975%". */
  label: string;
  ratePer100k: number;
  taxableCents: number;
  amountCents: number;
}

export interface ProvinceRule {
  province: ProvinceCode;
  ships: boolean;
  minimumAge: number;
  /** The methods the owner offers there, within the law's (null: all the law allows). */
  methods: FulfilmentMethod[] | null;
}

/**
 * The store's age, 19+ (docs/product/canadian-rules.md#minimum-age); a province may set its own
 * legal age for buying cannabis.
 */
export const STORE_MINIMUM_AGE = 19;
export const MIN_PROVINCE_AGE = 18;
export const MAX_PROVINCE_AGE = 25;

/** The legal age to buy cannabis: 19, except Alberta (18) and Quebec (21). */
const LEGAL_AGES: Partial<Record<ProvinceCode, number>> = { AB: 18, QC: 21 };

export const DEFAULT_PROVINCE_RULES: ProvinceRule[] = PROVINCES.map((p) => ({
  province: p.code,
  ships: true,
  minimumAge: LEGAL_AGES[p.code] ?? STORE_MINIMUM_AGE,
  methods: null,
}));

const GST = (province: ProvinceCode): TaxRate => ({
  province,
  kind: "GST",
  ratePer100k: 5000,
  appliesToShipping: true,
  effectiveFrom: "2008-01-01",
});

/**
 * Current Canadian rates with the date each took effect. Shipping charged by the seller follows the
 * goods for GST/HST, QST and the PSTs of British Columbia and Saskatchewan; Manitoba's RST does not
 * apply to delivery charges shown separately on the invoice.
 */
export const DEFAULT_TAX_RATES: TaxRate[] = [
  GST("AB"),
  GST("BC"),
  {
    province: "BC",
    kind: "PST",
    ratePer100k: 7000,
    appliesToShipping: true,
    effectiveFrom: "2013-04-01",
  },
  GST("MB"),
  {
    province: "MB",
    kind: "RST",
    ratePer100k: 7000,
    appliesToShipping: false,
    effectiveFrom: "2019-07-01",
  },
  {
    province: "NB",
    kind: "HST",
    ratePer100k: 15000,
    appliesToShipping: true,
    effectiveFrom: "2016-07-01",
  },
  {
    province: "NL",
    kind: "HST",
    ratePer100k: 15000,
    appliesToShipping: true,
    effectiveFrom: "2016-07-01",
  },
  {
    province: "NS",
    kind: "HST",
    ratePer100k: 15000,
    appliesToShipping: true,
    effectiveFrom: "2010-07-01",
  },
  {
    province: "NS",
    kind: "HST",
    ratePer100k: 14000,
    appliesToShipping: true,
    effectiveFrom: "2025-04-01",
  },
  GST("NT"),
  GST("NU"),
  {
    province: "ON",
    kind: "HST",
    ratePer100k: 13000,
    appliesToShipping: true,
    effectiveFrom: "2010-07-01",
  },
  {
    province: "PE",
    kind: "HST",
    ratePer100k: 15000,
    appliesToShipping: true,
    effectiveFrom: "2016-10-01",
  },
  GST("QC"),
  {
    province: "QC",
    kind: "QST",
    ratePer100k: 9975,
    appliesToShipping: true,
    effectiveFrom: "2013-01-01",
  },
  GST("SK"),
  {
    province: "SK",
    kind: "PST",
    ratePer100k: 6000,
    appliesToShipping: true,
    effectiveFrom: "2017-03-23",
  },
  GST("YT"),
];

/** 9975 → "9.975%", 5000 → "5%" (in French "9,975 %", "5 %"). */
export function formatRate(ratePer100k: number, locale: Locale = "en"): string {
  const whole = Math.floor(ratePer100k / 1000);
  const fraction = String(ratePer100k % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  const point = locale === "fr" ? "," : ".";
  const rate = `${whole}${fraction ? `${point}${fraction}` : ""}`;
  return translator(taxMessages, locale)("rate", { rate });
}

/**
 * A tax line's label as the shopper reads it: "GST 5%", "QST 9.975%" (in French "TPS 5 %",
 * "TVQ 9,975 %"). Orders store the English label; pages in French write it again from the kind and
 * the rate.
 */
export function taxLineLabel(
  line: Pick<TaxLine, "kind" | "ratePer100k">,
  locale: Locale = "en",
): string {
  const t = translator(taxMessages, locale);
  return t("taxLineLabel", {
    tax: t(`tax${line.kind}`),
    rate: formatRate(line.ratePer100k, locale),
  });
}

/**
 * A stored tax line's label in a language: as stored in English; in French written again from its
 * kind and rate when the line has them (documents made from stored lines).
 */
export function taxLabelIn(
  line: { label: string; kind?: TaxKind; ratePer100k?: number },
  locale: Locale,
): string {
  return locale !== "en" && line.kind && line.ratePer100k !== undefined
    ? taxLineLabel({ kind: line.kind, ratePer100k: line.ratePer100k }, locale)
    : line.label;
}

/** "9.975" or "9.975%" → 9975; null when it is not a percentage with at most 3 decimals in 0-100. */
export function parseRate(value: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,3}))?\s*%?\s*$/.exec(value);
  if (!match) return null;
  const rate = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return rate <= RATE_SCALE ? rate : null;
}

/** The tax on a base at a rate, in cents, rounded half-up (bases are never negative). */
export function taxOn(baseCents: number, ratePer100k: number): number {
  if (baseCents <= 0 || ratePer100k <= 0) return 0;
  return Math.floor((baseCents * ratePer100k + RATE_SCALE / 2) / RATE_SCALE);
}

/**
 * The rates in force on a day for one province: for each kind, the newest rate whose effective date
 * is on or before the day. A rate of 0 ends a tax. Ordered GST first, then the provincial tax.
 */
export function ratesInForce(rates: TaxRate[], province: string, day: string): TaxRate[] {
  const newest = new Map<TaxKind, TaxRate>();
  for (const rate of rates) {
    if (rate.province !== province || rate.effectiveFrom > day) continue;
    const current = newest.get(rate.kind);
    if (!current || rate.effectiveFrom > current.effectiveFrom) newest.set(rate.kind, rate);
  }
  return TAX_KINDS.flatMap((kind) => {
    const rate = newest.get(kind);
    return rate && rate.ratePer100k > 0 ? [rate] : [];
  });
}

/**
 * The tax lines of an order: the goods after discount are taxed by every rate in force, shipping
 * only by the rates that apply to it. Each line is rounded on its own base.
 */
export function computeTaxLines(options: {
  rates: TaxRate[];
  province: string;
  day: string;
  goodsCents: number;
  shippingCents: number;
}): TaxLine[] {
  return ratesInForce(options.rates, options.province, options.day).map((rate) => {
    const taxableCents =
      Math.max(0, options.goodsCents) + (rate.appliesToShipping ? options.shippingCents : 0);
    return {
      kind: rate.kind,
      label: `${rate.kind} ${formatRate(rate.ratePer100k)}`,
      ratePer100k: rate.ratePer100k,
      taxableCents,
      amountCents: taxOn(taxableCents, rate.ratePer100k),
    };
  });
}

function taxTotalCents(lines: Pick<TaxLine, "amountCents">[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** Totals with the tax lines added to the total. */
export function withTaxes(totals: Totals, lines: TaxLine[]): Totals & { taxCents: number } {
  const taxCents = taxTotalCents(lines);
  return { ...totals, taxCents, totalCents: totals.totalCents + taxCents };
}

/** What checkout tells the shopper about the province: served or not, and the age to confirm. */
export function provinceRefusal(rule: ProvinceRule, locale: Locale = "en"): string | null {
  return rule.ships
    ? null
    : translator(taxMessages, locale)("provinceRefusal", {
        province: provincePhrase(rule.province, "to", locale),
      });
}

/** The age a checkout must confirm: the province's, never below the store's 19+. */
export function ageToConfirm(rule: ProvinceRule | null): number {
  return Math.max(STORE_MINIMUM_AGE, rule?.minimumAge ?? STORE_MINIMUM_AGE);
}

/** The checkout's age checkbox, naming the age for the shipping province once it is chosen. */
export function ageConfirmationLabel(rule: ProvinceRule | null, locale: Locale = "en"): string {
  const t = translator(taxMessages, locale);
  const age = ageToConfirm(rule);
  if (!rule) return t("ageConfirmation", { age });
  const province = provincePhrase(rule.province, "in", locale);
  return rule.minimumAge === age
    ? t("ageConfirmationLegal", { age, province })
    : t("ageConfirmationStore", { age, province, legalAge: rule.minimumAge });
}

/** The server's answer when the age confirmed is not the shipping province's. */
export function ageConfirmationMissing(rule: ProvinceRule, locale: Locale = "en"): string {
  const t = translator(taxMessages, locale);
  const age = ageToConfirm(rule);
  return rule.minimumAge === age
    ? t("ageMissingLegal", { age, province: provincePhrase(rule.province, "in", locale) })
    : t("ageMissing", { age });
}

/** A rate's effective day ("2025-04-01") as "Apr 1, 2025" (a calendar day, no time zone). */
export function formatEffectiveDate(day: string): string {
  return new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
