import { PROVINCES, provincePhrase, type ProvinceCode } from "./address";
import { dayOfInstant, zonedParts, zonedTime } from "./dates";
import { addDays } from "./report-period";
import { formatMoney } from "./money";
import type { Locale } from "./i18n/locale";
import { fulfilmentMessages } from "~/lib/i18n/messages/fulfilment";
import { translator } from "./i18n/translate";

/**
 * How an order reaches the shopper, and what each province's law allows
 * (docs/product/fulfilment.md). Pure: the checkout, the settings screens and the server use the
 * same rules, and the server is the authority.
 */
export const FULFILMENT_METHODS = ["parcel", "delivery", "pickup"] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

export function isFulfilmentMethod(value: unknown): value is FulfilmentMethod {
  return FULFILMENT_METHODS.includes(value as FulfilmentMethod);
}

export const METHOD_NAMES: Record<FulfilmentMethod, string> = {
  parcel: "Canada Post parcel",
  delivery: "Local delivery",
  pickup: "Pickup at the store",
};

/** A method's name as the shopper reads it ("Canada Post parcel", "Colis Postes Canada"). */
export function methodName(method: FulfilmentMethod, locale: Locale = "en"): string {
  const t = translator(fulfilmentMessages, locale);
  if (method === "delivery") return t("methodDelivery");
  if (method === "pickup") return t("methodPickup");
  return t("methodParcel");
}

/** Checkout's message for an address no method reaches. */
export const NO_FULFILMENT_METHOD =
  "Sorry, we have no way to get an order to this address. Please check the postal code, or choose another address.";

/** NO_FULFILMENT_METHOD in a language. */
export function noFulfilmentMethod(locale: Locale = "en"): string {
  return translator(fulfilmentMessages, locale)("noFulfilmentMethod");
}

/**
 * Checkout's message when nothing can reach the province at all, whatever the address: its law
 * allows a private store none (Quebec), or the store offers none of what it allows.
 */
export function noMethodInProvince(province: ProvinceCode, locale: Locale = "en"): string {
  const t = translator(fulfilmentMessages, locale);
  return PROVINCE_LAW[province].methods.length === 0
    ? t("noMethodByLaw", { province: provincePhrase(province, "of", locale) })
    : t("noMethodOffered", { province: provincePhrase(province, "to", locale) });
}

export interface ProvinceLaw {
  /** The ways a licensed private retailer may get an order to a shopper there. */
  methods: readonly FulfilmentMethod[];
  /** Years the store keeps its delivery and pickup records for orders there. */
  recordYears: number;
}

/** Where a province names no period, records are kept as long as the longest one (Alberta's). */
export const LONGEST_RECORD_YEARS = 6;

const EVERY_METHOD = FULFILMENT_METHODS;
const NONE: readonly FulfilmentMethod[] = [];

/** The published rules as defaults; each one's source is in docs/product/fulfilment.md. */
export const PROVINCE_LAW: Record<ProvinceCode, ProvinceLaw> = {
  AB: { methods: EVERY_METHOD, recordYears: 6 },
  BC: { methods: EVERY_METHOD, recordYears: LONGEST_RECORD_YEARS },
  MB: { methods: EVERY_METHOD, recordYears: LONGEST_RECORD_YEARS },
  NB: { methods: NONE, recordYears: LONGEST_RECORD_YEARS },
  NL: { methods: EVERY_METHOD, recordYears: LONGEST_RECORD_YEARS },
  NS: { methods: NONE, recordYears: LONGEST_RECORD_YEARS },
  NT: { methods: NONE, recordYears: LONGEST_RECORD_YEARS },
  NU: { methods: NONE, recordYears: LONGEST_RECORD_YEARS },
  ON: { methods: ["delivery", "pickup"], recordYears: 3 },
  PE: { methods: NONE, recordYears: LONGEST_RECORD_YEARS },
  QC: { methods: NONE, recordYears: LONGEST_RECORD_YEARS },
  SK: { methods: EVERY_METHOD, recordYears: LONGEST_RECORD_YEARS },
  YT: { methods: ["delivery", "pickup"], recordYears: LONGEST_RECORD_YEARS },
};

/**
 * The methods a province offers: what its law allows, narrowed by the owner's choice (null: all the
 * law allows). The owner can never add a method the law does not allow.
 */
export function provinceMethods(
  province: ProvinceCode,
  ownerChoice: readonly FulfilmentMethod[] | null,
): FulfilmentMethod[] {
  const allowed = PROVINCE_LAW[province].methods;
  return allowed.filter((method) => ownerChoice === null || ownerChoice.includes(method));
}

/** Canada Post's Proof of Age option for a parcel: PA18 where the legal age is 18, else PA19. */
export type ProofOfAge = "PA18" | "PA19";
export function proofOfAge(legalAge: number): ProofOfAge {
  return legalAge <= 18 ? "PA18" : "PA19";
}

/** Canada Post's smallest recreational cannabis parcel: a lighter one is packed up to it. */
export const MINIMUM_PARCEL_GRAMS = 50;

// ── delivery zones ──

/** A prefix of a postal code's first three characters (its FSA): "M", "M5" or "M5V". */
const FSA_PREFIX = /^[ABCEGHJ-NPRSTVXY](\d[ABCEGHJ-NPRSTV-Z]?)?$/;

/** "m5v, M6 ,k1p" → ["M5V", "M6", "K1P"]; the malformed ones apart, to be named in a message. */
export function parseFsaPrefixes(text: string): { prefixes: string[]; malformed: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  const prefixes = [...new Set(parts.filter((part) => FSA_PREFIX.test(part)))];
  return { prefixes, malformed: parts.filter((part) => !FSA_PREFIX.test(part)) };
}

/** The province whose postal codes a prefix belongs to, or null (X is two territories' letter). */
export function prefixProvinces(prefix: string): ProvinceCode[] {
  return PROVINCES.filter((p) => p.postalPrefixes.includes(prefix.charAt(0))).map((p) => p.code);
}

export interface DeliveryZone {
  id: string;
  name: string;
  prefixes: string[];
  feeCents: number;
  minimumOrderCents: number;
}

/**
 * The zone a (normalised) postal code is in: the one with the longest matching prefix, the lower
 * fee on a tie; null outside every zone.
 */
export function zoneFor<Z extends DeliveryZone>(postalCode: string, zones: readonly Z[]): Z | null {
  let best: { zone: Z; length: number } | null = null;
  for (const zone of zones) {
    for (const prefix of zone.prefixes) {
      if (!postalCode.startsWith(prefix)) continue;
      const better =
        !best ||
        prefix.length > best.length ||
        (prefix.length === best.length && zone.feeCents < best.zone.feeCents);
      if (better) best = { zone, length: prefix.length };
    }
  }
  return best?.zone ?? null;
}

// ── delivery windows ──

/** A weekly delivery window: ISO weekday (1 Monday … 7 Sunday), wall-clock times, places. */
export interface DeliveryWindow {
  id: string;
  weekday: number;
  /** "16:00" */
  starts: string;
  /** "18:00" */
  ends: string;
  capacity: number;
}

export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** Checkout offers windows from this far ahead (orders are packed and paid first) … */
export const DELIVERY_LEAD_MINUTES = 120;
/** … up to this many days ahead. */
export const DELIVERY_DAYS_AHEAD = 7;
export const MAX_WINDOW_CAPACITY = 500;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of "HH:MM", or null. */
export function minutesOfDay(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function clock(time: string, locale: Locale, withHalf: boolean): string {
  const t = translator(fulfilmentMessages, locale);
  const minutes = minutesOfDay(time) ?? 0;
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const half = withHalf ? t(hour < 12 ? "clockMorning" : "clockAfternoon") : "";
  // French writes the 24-hour clock ("16 h"), English the 12-hour one with a.m. and p.m.
  const shown = String(locale === "fr" ? hour : hour % 12 === 0 ? 12 : hour % 12);
  const text =
    minute === 0
      ? t("clockHour", { hour: shown, half })
      : t("clockHourMinute", { hour: shown, minute: String(minute).padStart(2, "0"), half });
  return text.trim();
}

/** "16:00" → "4 p.m.", "9:30" → "9:30 a.m." (in French "16 h", "9 h 30"). */
export function formatClock(time: string, locale: Locale = "en"): string {
  return clock(time, locale, true);
}

/** "Monday 4 p.m. to 6 p.m.": a weekly window as staff read it. */
export function windowName(window: Pick<DeliveryWindow, "weekday" | "starts" | "ends">): string {
  return `${WEEKDAY_NAMES[window.weekday - 1]} ${formatClock(window.starts)} to ${formatClock(window.ends)}`;
}

/** One dated window a shopper can book: "window id@YYYY-MM-DD" is its key in forms. */
export interface DatedWindow {
  key: string;
  windowId: string;
  /** YYYY-MM-DD in the store's time zone. */
  date: string;
  starts: string;
  ends: string;
  capacity: number;
}

export function windowKey(windowId: string, date: string): string {
  return `${windowId}@${date}`;
}

export function parseWindowKey(key: string): { windowId: string; date: string } | null {
  const match = /^([A-Za-z0-9_-]{1,80})@(\d{4}-\d{2}-\d{2})$/.exec(key);
  return match ? { windowId: match[1]!, date: match[2]! } : null;
}

/**
 * The dated windows a shopper may book from `now`: each weekly window on the coming days (the store's
 * time zone) that starts at least DELIVERY_LEAD_MINUTES from now, soonest first. Server only (zone
 * arithmetic).
 */
export function upcomingWindows(
  windows: readonly DeliveryWindow[],
  now: Date,
  timeZone: string,
): DatedWindow[] {
  const today = zonedParts(now, timeZone);
  const dated: (DatedWindow & { at: number })[] = [];
  for (let offset = 0; offset <= DELIVERY_DAYS_AHEAD; offset++) {
    const calendar = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = ((calendar.getUTCDay() + 6) % 7) + 1;
    const date = calendar.toISOString().slice(0, 10);
    for (const window of windows) {
      if (window.weekday !== weekday) continue;
      const minutes = minutesOfDay(window.starts) ?? 0;
      const at = zonedTime(
        timeZone,
        calendar.getUTCFullYear(),
        calendar.getUTCMonth() + 1,
        calendar.getUTCDate(),
        Math.floor(minutes / 60),
        minutes % 60,
      ).getTime();
      if (at - now.getTime() < DELIVERY_LEAD_MINUTES * 60_000) continue;
      const { id, starts, ends, capacity } = window;
      dated.push({ key: windowKey(id, date), windowId: id, date, starts, ends, capacity, at });
    }
  }
  return dated.sort((a, b) => a.at - b.at).map(({ at: _at, ...window }) => window);
}

/** A calendar day's weekday (0 Monday … 6 Sunday), day and month (1-12). */
function calendarDay(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { weekday, month, day };
}

/** The words of a day in a window's label: weekday, day ("1er" in French) and short month. */
function dayWords(date: string, locale: Locale, weekdays: "weekdays" | "weekdaysShort") {
  const t = translator(fulfilmentMessages, locale);
  const { weekday, month, day } = calendarDay(date);
  return {
    weekday: t(weekdays).split(" ")[weekday]!,
    month: t("monthsShort").split(" ")[month - 1]!,
    day: locale === "fr" && day === 1 ? "1er" : String(day),
  };
}

/**
 * "Tuesday, Dec 1, 4 p.m. to 6 p.m." ("mardi 1er déc., de 16 h à 18 h") from a calendar day and the
 * window's times.
 */
export function windowLabel(
  window: Pick<DatedWindow, "date" | "starts" | "ends">,
  locale: Locale = "en",
): string {
  return translator(fulfilmentMessages, locale)("windowLabel", {
    ...dayWords(window.date, locale, "weekdays"),
    starts: formatClock(window.starts, locale),
    ends: formatClock(window.ends, locale),
  });
}

/**
 * "Mon, Nov 30, 4–6 p.m." ("lun. 30 nov., 16 h–18 h"): a dated window where room is short (a
 * select on a phone).
 */
export function windowShortLabel(
  window: Pick<DatedWindow, "date" | "starts" | "ends">,
  locale: Locale = "en",
): string {
  const t = translator(fulfilmentMessages, locale);
  const [start, end] = [formatClock(window.starts, locale), formatClock(window.ends, locale)];
  // "4–6 p.m.": the half of the day written once when both times are in it.
  const halfOf = (time: string) => ((minutesOfDay(time) ?? 0) < 720 ? "am" : "pm");
  const sameHalf = t("clockMorning") !== "" && halfOf(window.starts) === halfOf(window.ends);
  const starts = sameHalf ? clock(window.starts, locale, false) : start;
  return t("windowShortLabel", {
    ...dayWords(window.date, locale, "weekdaysShort"),
    times: t("windowShortTimes", { starts, ends: end }),
  });
}

/** A fee line for a method: "Free" or "$8.00" ("Gratuit" or "8,00 $"). */
export function feeText(cents: number, locale: Locale = "en"): string {
  return cents === 0
    ? translator(fulfilmentMessages, locale)("feeFree")
    : formatMoney(cents, locale);
}

// ── pickup ──

/** Six characters without the look-alikes (0/O, 1/I/L): read aloud at the counter. */
export const PICKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PICKUP_CODE_LENGTH = 6;
export const HOLD_DAYS = { min: 1, max: 30 } as const;

/** A pickup code from random bytes (one character per byte). */
export function pickupCodeFrom(bytes: Uint8Array): string {
  return [...bytes.slice(0, PICKUP_CODE_LENGTH)]
    .map((b) => PICKUP_CODE_ALPHABET[b % PICKUP_CODE_ALPHABET.length])
    .join("");
}

/**
 * The last day an order made ready for pickup at `readyAt` is held: `holdDays` whole days after
 * that day in the store's time zone. The day after it, the order is cancelled and refunded.
 */
export function pickupLastDay(readyAt: Date, holdDays: number, timeZone: string): string {
  return addDays(dayOfInstant(readyAt, timeZone), holdDays);
}

export function normalizePickupCode(value: string): string | null {
  const code = value.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== PICKUP_CODE_LENGTH) return null;
  return [...code].every((c) => PICKUP_CODE_ALPHABET.includes(c)) ? code : null;
}

// ── on an order ──

/** What an order records of how it reaches the shopper. */
export interface OrderFulfilment {
  fulfilmentMethod: string;
  deliveryDate: string | null;
  deliveryStarts: string | null;
  deliveryEnds: string | null;
  pickupCode: string | null;
  proofOfAge: string | null;
  /** The Canada Post service chosen from live rates ("Expedited Parcel"), if any. */
  parcelServiceName?: string | null;
}

/** The totals' line for the method's fee. */
export function feeLabel(method: string, locale: Locale = "en"): string {
  const t = translator(fulfilmentMessages, locale);
  if (method === "delivery") return t("feeLabelDelivery");
  if (method === "pickup") return t("feeLabelPickup");
  return t("feeLabelParcel");
}

/**
 * A parcel sent with a Canada Post service, as the shopper reads it: "Canada Post Expedited Parcel"
 * ("Postes Canada, Colis accélérés").
 */
export function parcelServiceName(service: string, locale: Locale = "en"): string {
  return translator(fulfilmentMessages, locale)("lineParcelService", {
    service: serviceName(service, locale),
  });
}

/** A Canada Post service's name in a language ("Expedited Parcel", "Colis accélérés"). */
function serviceName(name: string, locale: Locale): string {
  const t = translator(fulfilmentMessages, locale);
  if (name === "Regular Parcel") return t("serviceRegularParcel");
  if (name === "Expedited Parcel") return t("serviceExpeditedParcel");
  if (name === "Xpresspost") return t("serviceXpresspost");
  if (name === "Priority") return t("servicePriority");
  return name;
}

/**
 * How the order reaches the shopper, in one line: "Canada Post parcel, Proof of Age PA19" (or
 * "Canada Post Expedited Parcel, …" with a live rate's service),
 * "Local delivery, Tuesday, Dec 1, 4 p.m. to 6 p.m.", "Pickup at the store, code AB3K7M".
 */
export function fulfilmentLine(order: OrderFulfilment, locale: Locale = "en"): string {
  const t = translator(fulfilmentMessages, locale);
  const method = isFulfilmentMethod(order.fulfilmentMethod) ? order.fulfilmentMethod : "parcel";
  const { deliveryDate, deliveryStarts, deliveryEnds } = order;
  if (method === "delivery" && deliveryDate && deliveryStarts && deliveryEnds) {
    const window = windowLabel(
      { date: deliveryDate, starts: deliveryStarts, ends: deliveryEnds },
      locale,
    );
    return t("lineDelivery", { method: methodName("delivery", locale), window });
  }
  if (method === "pickup" && order.pickupCode)
    return t("linePickup", { method: methodName("pickup", locale), code: order.pickupCode });
  const parcel = order.parcelServiceName
    ? parcelServiceName(order.parcelServiceName, locale)
    : methodName("parcel", locale);
  if (method === "parcel" && order.proofOfAge)
    return t("lineProofOfAge", { parcel, proofOfAge: order.proofOfAge });
  if (method === "parcel") return parcel;
  return methodName(method, locale);
}

/** What checkout posts as the way to receive an order: a method, or "parcel:DOM.EP". */
export const FULFILMENT_CHOICE = /^(parcel(:DOM\.(RP|EP|XP|PC))?|delivery|pickup)$/;
