import { normalizePhone } from "./phone";
import type { Locale } from "./i18n/locale";
import { shippingMessages } from "./i18n/messages/shipping";
import { translator } from "./i18n/translate";
import { formatMoneyInText } from "./money";
import type { ParcelRateTable } from "./parcel-rates";

/**
 * The store's own settings (docs/decisions/store-settings.md): its identity, how shoppers pay, what
 * shipping costs and who gets the staff emails. Read on the server through `storeSettings()`
 * (app/server/settings/store-settings.server.ts); pages get what they show from loader data.
 * A detail the owner has not set is null and is left out wherever it would be printed.
 */
export interface StoreIdentity {
  name: string;
  email: string | null;
  /** Written xxx-xxx-xxxx. */
  phone: string | null;
  hours: string | null;
  /** The postal address, one line per line; required before a newsletter or campaign is sent. */
  address: string | null;
  /** "123456789 RT 0001", printed on invoices once set. */
  gstNumber: string | null;
  /** An Image Library URL. */
  logoUrl: string | null;
}

interface PaymentSettings {
  /** Shoppers pay here (seeded from ETRANSFER_EMAIL); null until set, and checkout is closed. */
  etransferEmail: string | null;
  /** Extra words shown with the e-Transfer instructions (checkout, confirmation, email). */
  etransferInstructions: string | null;
  unpaidReminderHours: number;
  unpaidCancelDays: number;
}

export interface ShippingSettings {
  flatFeeCents: number;
  freeThresholdCents: number;
  /** What a parcel costs: the flat fee, or the rate table by weight and zone. */
  parcelPricing: "flat" | "table";
  /** The owner's table (kept when pricing goes back to flat); required for "table". */
  rateTable: ParcelRateTable | null;
}

/** The lowest a parcel costs before the free threshold: the flat fee, or the table's cheapest. */
export function parcelFeeFromCents(shipping: ShippingSettings): number {
  if (shipping.parcelPricing !== "table" || !shipping.rateTable) return shipping.flatFeeCents;
  const { zones, elsewhereFeesCents } = shipping.rateTable;
  return Math.min(...elsewhereFeesCents, ...zones.flatMap((zone) => zone.feesCents));
}

/**
 * The ways the store gets orders to shoppers (docs/product/fulfilment.md); each province offers
 * those its law allows. Parcels cost what Shipping says; delivery what its zone says; pickup nothing.
 */
export interface FulfilmentSettings {
  parcel: boolean;
  delivery: boolean;
  pickup: boolean;
  /** Where and when orders are picked up; required to offer pickup. */
  pickupAddress: string | null;
  pickupHours: string | null;
  /** Days an order ready for pickup is held for the shopper (said at checkout). */
  pickupHoldDays: number;
}

export const DEFAULT_FULFILMENT: FulfilmentSettings = {
  parcel: true,
  delivery: false,
  pickup: false,
  pickupAddress: null,
  pickupHours: null,
  pickupHoldDays: 7,
};

interface NotificationSettings {
  newOrderEmails: string[];
  dailySummaryEmails: string[];
  lowStockEmails: string[];
  /**
   * The daily lot expiry warning (to the low-stock addresses) lists lots with stock expiring within
   * this many days, and those expired; 0 turns it off.
   */
  lotExpiryWarningDays: number;
}

interface SecuritySettings {
  /** Every admin must sign in with two-factor (app/server/auth/two-factor.server.ts). */
  requireTwoFactor: boolean;
}

interface EmailSettings {
  /**
   * The address every email is sent from (its name is the store's name); null: the server's
   * default (MAIL_FROM, else orders@ the domain of PUBLIC_URL).
   */
  fromAddress: string | null;
}

export interface StoreSettings {
  store: StoreIdentity;
  payments: PaymentSettings;
  shipping: ShippingSettings;
  fulfilment: FulfilmentSettings;
  notifications: NotificationSettings;
  security: SecuritySettings;
  email: EmailSettings;
}

export type SettingsSection = keyof StoreSettings;

/** The home page's badge, from Settings → Shipping: "Free shipping from $150". */
export function freeShippingBadge(shipping: ShippingSettings, locale: Locale = "en"): string {
  const t = translator(shippingMessages, locale);
  if (parcelFeeFromCents(shipping) === 0 || shipping.freeThresholdCents === 0)
    return t("freeShipping");
  return t("freeShippingFrom", { amount: formatMoneyInText(shipping.freeThresholdCents, locale) });
}

/** The product page's shipping line: "Canada Post shipping $15, free on orders of $150 or more". */
export function shippingTermsLine(shipping: ShippingSettings, locale: Locale = "en"): string {
  const t = translator(shippingMessages, locale);
  const fee = parcelFeeFromCents(shipping);
  if (fee === 0 || shipping.freeThresholdCents === 0) return t("freeCanadaPost");
  const amounts = {
    fee: formatMoneyInText(fee, locale),
    threshold: formatMoneyInText(shipping.freeThresholdCents, locale),
  };
  return shipping.parcelPricing === "table"
    ? t("canadaPostShippingFrom", amounts)
    : t("canadaPostShipping", amounts);
}
export const SETTINGS_SECTIONS = [
  "store",
  "payments",
  "shipping",
  "fulfilment",
  "notifications",
  "security",
  "email",
] as const;

/** $20 shipping, free from $200 after discount (docs/product/cart-and-checkout.md#shipping). */
export const DEFAULT_SHIPPING: ShippingSettings = {
  flatFeeCents: 2000,
  freeThresholdCents: 20000,
  parcelPricing: "flat",
  rateTable: null,
};
export const SAMPLE_SUPPORT_HOURS = "Mon-Fri 9AM-6PM PST";

export const REMINDER_HOURS = { min: 1, max: 720 } as const;
export const CANCEL_DAYS = { min: 1, max: 60 } as const;
/** Warn about lots expiring within 1-365 days; 0 turns the warning off. */
export const EXPIRY_WARNING_DAYS = { min: 0, max: 365 } as const;
/** Shipping fee and threshold: up to $10,000. */
export const MAX_SETTING_CENTS = 1_000_000;

// ── formats (pure rules, shared by the form and the server) ──

const GST_NUMBER = /^(\d{9})\s*RT\s*(\d{4})$/i;

/** "123456789rt0001", "123456789 RT 0001" → "123456789 RT 0001"; null when it is not one. */
export function normalizeGstNumber(value: string): string | null {
  const match = GST_NUMBER.exec(value.trim());
  return match ? `${match[1]} RT ${match[2]}` : null;
}

/** Canadian postal code anywhere in an address ("… Vancouver BC V6B 1A1"). */
const POSTAL_CODE_IN_TEXT =
  /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;

export function addressHasPostalCode(address: string): boolean {
  return POSTAL_CODE_IN_TEXT.test(address);
}

/** A phone number as xxx-xxx-xxxx, or null. */
export function normalizeStorePhone(value: string): string | null {
  return normalizePhone(value);
}

/** "604-555-0199" → "+16045550199" for tel: links. */
export function phoneE164(phone: string): string {
  return `+1${phone.replace(/\D/g, "")}`;
}

/** "20", "$20.00", "1,250.5" → cents; null when it is not an amount with at most 2 decimals. */
export function parseAmountToCents(value: string): number | null {
  const text = value.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** Comma-, semicolon- or line-separated addresses to a list (blank entries dropped). */
export function splitEmailList(value: string): string[] {
  return value
    .split(/[,;\n]/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** The address as lines (for invoices and footers). */
export function addressLines(address: string | null): string[] {
  return (address ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Whether the store has no way for a shopper to reach it yet (the admin shows a banner). */
export function missingContactDetails(store: StoreIdentity): boolean {
  return !store.email && !store.phone && !store.address;
}

/**
 * Where a placed order is paid. Placing it needed the address, and only removing the sample data
 * (which removes every order) clears it, so an order's page or email always has one.
 */
export function orderPaymentAddress(payments: PaymentSettings): string {
  return payments.etransferEmail ?? "";
}

/** Checkout's refusal while the store has no e-Transfer address (the admin says so too). */
export const CHECKOUT_CLOSED = "This store is not taking orders yet. Please come back soon.";

/** What the storefront shows of the store's contact details (footer, Contact page). */
export type StoreContact = Pick<StoreIdentity, "email" | "phone" | "hours" | "address">;

/**
 * Fields a page or the announcement may name, filled from Settings when shown, so the text follows
 * a change of fee or threshold: "Free shipping from {{free_shipping_from}}".
 */
export const STORE_FIELDS = ["store_name", "shipping_fee", "free_shipping_from"] as const;
export const STORE_FIELDS_HINT =
  "{{shipping_fee}}, {{free_shipping_from}} and {{store_name}} show what Settings says.";

const ESCAPED: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Fills the store fields in a text (HTML-escaped when `html`), amounts written as the text's
 * language writes them ("$20", "20 $"); unknown names are left alone.
 */
export function fillStoreFields(
  text: string,
  settings: Pick<StoreSettings, "store" | "shipping">,
  options: { html: boolean },
  locale: Locale = "en",
): string {
  const values: Record<(typeof STORE_FIELDS)[number], string> = {
    store_name: settings.store.name,
    shipping_fee: formatMoneyInText(settings.shipping.flatFeeCents, locale),
    free_shipping_from: formatMoneyInText(settings.shipping.freeThresholdCents, locale),
  };
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name as keyof typeof values];
    if (value === undefined) return whole;
    return options.html ? value.replace(/[&<>"]/g, (c) => ESCAPED[c]!) : value;
  });
}
