import { provinceName } from "./address";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_AREA_LABELS,
  isAuditAction,
  isAuditArea,
  REDACTED,
} from "./audit";
import { AUDIENCE_LABELS, type AudienceKind } from "./campaigns";
import { CANNABIS_KIND_LABELS } from "./cannabis-limit";
import { CATEGORIES } from "./categories";
import { formatCalendarDay, formatDate, formatDateTime, type Zone } from "./dates";
import { formatMoney } from "./money";
import { statusName } from "./order-status";
import { isAdminRole, ROLE_LABELS } from "./permissions";
import { STOCK_REASON_LABELS } from "./stock";
import { monthLabel, quarterLabel } from "./report-period";
import { formatRate } from "./taxes";
import { countText, formatBytes, formatCount } from "./text";

/**
 * The fields the audit log records, in words (app/lib/activity-text.ts writes the lines): each
 * field's label and how its values read in the store's units. A field not named here still reads
 * well: its name made into words, cents as money, booleans as Yes/No, instants in the store's time
 * zone, calendar days as days, long texts cut.
 */

/** Where a value is read: the store's zone (or the texts sent), the entry's area and changes. */
interface FieldContext {
  zone: Zone;
  area: string;
  changes: Record<string, unknown>;
}

type Format = (value: unknown, context: FieldContext) => string;

export const NONE = "none";

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const afterOf = (value: unknown) =>
  Array.isArray(value) && value.length === 2 ? (value[1] as unknown) : value;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 160;

/** Any value in words: the fallback of every field (and what the named formats build on). */
export function plain(value: unknown, zone: Zone, key = ""): string {
  if (value === null || value === undefined || value === "") return NONE;
  if (value === REDACTED) return "secret, not recorded";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number")
    return /Cents$/.test(key) ? formatMoney(value) : formatCount(value);
  if (typeof value === "string") {
    if (ISO_INSTANT.test(value)) return formatDateTime(value, zone);
    if (CALENDAR_DAY.test(value)) return formatCalendarDay(value);
    const flat = value.replace(/\s*\n\s*/g, " / ");
    return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
  }
  if (Array.isArray(value))
    return value.length === 0 ? NONE : value.map((item) => plain(item, zone, key)).join(", ");
  if (typeof value === "object")
    return (
      Object.entries(value)
        .map(([k, v]) => `${fieldLabel(k)}: ${formatField(k, v, { zone, area: "", changes: {} })}`)
        .join(", ") || NONE
    );
  return String(value);
}

/** A field name in words: a named field's label, else "depositCents" → "Deposit", "isActive" → "Active". */
export function fieldLabel(key: string, area = ""): string {
  const known = fieldSpec(key, area)?.label;
  if (known) return known;
  if (!/^[a-z][a-zA-Z0-9_-]*$/.test(key)) return key; // not a field name: a tax line's "GST 5%"
  const words = key
    .replace(/^is(?=[A-Z])/, "")
    .replace(/(Cents|Milli|Per100k)$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return capitalised(words || key);
}

const fromLabels =
  (labels: Record<string, string>): Format =>
  (value, { zone }) =>
    typeof value === "string" ? (labels[value] ?? capitalised(value)) : plain(value, zone);
const money: Format = (value, { zone }) =>
  typeof value === "number" ? formatMoney(value) : plain(value, zone);
const day: Format = (value, { zone }) =>
  typeof value === "string" && ISO_INSTANT.test(value)
    ? formatDate(value, zone)
    : plain(value, zone);
const status: Format = (value, { zone }) =>
  typeof value === "string" ? statusName(value) : plain(value, zone);
const unit =
  (noun: string): Format =>
  (value, { zone }) =>
    typeof value === "number" ? countText(value, noun) : plain(value, zone);
const orNoLimit: Format = (value, { zone }) => (value === null ? "No limit" : plain(value, zone));
const characters: Format = (value, { zone }) =>
  typeof value === "string" ? countText(value.length, "character") : plain(value, zone);
const role: Format = (value, { zone }) =>
  typeof value === "string" && isAdminRole(value) ? ROLE_LABELS[value] : plain(value, zone);
const categoryNames = Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.name]));

/** A coupon's value: a percentage, or cents off (its type said beside it, or changed with it). */
const couponValue: Format = (value, { zone, changes }) => {
  if (typeof value !== "number") return plain(value, zone);
  const type = afterOf(changes.type);
  return type === "percentage"
    ? `${value}%`
    : type === "fixed"
      ? formatMoney(value)
      : String(value);
};

/** The fields the log records, by name: their label, and how their values read when not plain. */
export const FIELDS: Record<string, { label?: string; format?: Format }> = {
  // Products (the form, bulk changes, imports)
  sku: { label: "SKU" },
  // The French versions of products, pages and the announcement (empty: not translated).
  nameFr: { label: "Name (French)" },
  descriptionFr: { label: "Description (French)" },
  titleFr: { label: "Title (French)" },
  contentFr: { label: "Content (French)" },
  messageFr: { label: "Message (French)" },
  translation: {
    label: "Translation",
    format: fromLabels({ all: "Any", missing: "Not translated" }),
  },
  category: { format: fromLabels(categoryNames) },
  costPrice: { label: "Cost price" },
  image: { label: "Main image" },
  thumbnails: {
    label: "More images",
    format: (v, { zone }) =>
      Array.isArray(v) && v.length > 0 ? countText(v.length, "image") : plain(v, zone),
  },
  stockAlertLevel: { label: "Low-stock alert at", format: unit("unit") },
  // Potency in tenths of a mg (per gram or per unit, by the cannabis class).
  thcTenths: {
    label: "THC",
    format: (v, { zone }) => (typeof v === "number" ? `${v / 10} mg` : plain(v, zone)),
  },
  totalThcTenths: {
    label: "Total THC",
    format: (v, { zone }) => (typeof v === "number" ? `${v / 10} mg` : plain(v, zone)),
  },
  cbdTenths: {
    label: "CBD",
    format: (v, { zone }) => (typeof v === "number" ? `${v / 10} mg` : plain(v, zone)),
  },
  totalCbdTenths: {
    label: "Total CBD",
    format: (v, { zone }) => (typeof v === "number" ? `${v / 10} mg` : plain(v, zone)),
  },
  cannabisKind: { label: "Cannabis class", format: fromLabels(CANNABIS_KIND_LABELS) },
  netAmountMilli: {
    label: "Net amount per unit",
    format: (v, { zone }) => (typeof v === "number" ? String(v / 1000) : plain(v, zone)),
  },
  packedGrams: {
    label: "Packed weight",
    format: (v, { zone }) => (typeof v === "number" ? `${v} g` : plain(v, zone)),
  },
  matched: { label: "Products chosen" },
  changed: { label: "Products changed" },
  ids: {
    label: "Products",
    format: (v, { zone }) => (Array.isArray(v) ? countText(v.length, "product") : plain(v, zone)),
  },
  percent: {
    label: "Price change",
    format: (v, { zone }) => (typeof v === "number" ? `${v > 0 ? "+" : ""}${v}%` : plain(v, zone)),
  },
  stockReason: { label: "Stock reason", format: fromLabels(STOCK_REASON_LABELS) },
  reason: { format: fromLabels(STOCK_REASON_LABELS) },
  // Orders, shipments and refunds
  status: { format: status },
  shipment: { format: status },
  shippingAddress: { label: "Shipping address" },
  creditNote: { label: "Credit note" },
  goods: { label: "Goods" },
  refunded: { label: "Refunded to date" },
  cancelled: { label: "Cancelled, reason" },
  // Coupons and the announcement
  type: {
    format: fromLabels({ percentage: "Percentage", fixed: "Dollar amount" }),
  },
  value: { format: couponValue },
  minOrderCents: { label: "Minimum order", format: money },
  maxUses: { label: "Maximum uses", format: orNoLimit },
  perCustomerLimit: { label: "Uses per customer", format: orNoLimit },
  startDate: { label: "Starts", format: day },
  endDate: { label: "Ends", format: (v, c) => (v === null ? "No end date" : day(v, c)) },
  couponCode: { label: "Coupon" },
  backgroundColor: { label: "Background colour" },
  // Customers, staff and sign-in
  postcode: { label: "Postal code" },
  province: {
    format: (v, { zone }) => (typeof v === "string" ? provinceName(v) : plain(v, zone)),
  },
  displayName: { label: "Display name" },
  role: { format: role },
  twoFactor: {
    label: "Two-factor",
    format: (v, { zone }) => (typeof v === "string" ? capitalised(v) : plain(v, zone)),
  },
  recoveryCodes: { label: "Recovery codes" },
  otherSessionsEnded: { label: "Other sessions ended" },
  everywhere: { label: "Everywhere" },
  // Settings
  gstNumber: { label: "GST/HST number" },
  logoUrl: { label: "Logo" },
  etransferEmail: { label: "e-Transfer address" },
  etransferInstructions: { label: "Payment instructions" },
  unpaidReminderHours: { label: "Payment reminder after", format: unit("hour") },
  unpaidCancelDays: { label: "Cancel unpaid orders after", format: unit("day") },
  flatFeeCents: { label: "Shipping fee", format: money },
  freeThresholdCents: { label: "Free shipping from", format: money },
  newOrderEmails: { label: "New order emails" },
  dailySummaryEmails: { label: "Daily summary emails" },
  lowStockEmails: { label: "Low stock emails" },
  lotExpiryWarningDays: { label: "Warn about lots expiring within", format: unit("day") },
  requireTwoFactor: { label: "Two-factor required for every admin" },
  // Provinces and taxes
  ships: { label: "Ships there" },
  minimumAge: { label: "Minimum age" },
  kind: { label: "Tax" },
  ratePer100k: {
    label: "Rate",
    format: (v, { zone }) => (typeof v === "number" ? formatRate(v) : plain(v, zone)),
  },
  appliesToShipping: { label: "Applies to shipping" },
  effectiveFrom: { label: "Effective from" },
  // Images, backups, exports
  size: {
    format: (v, { zone }) => (typeof v === "number" ? formatBytes(v) : plain(v, zone)),
  },
  width: { format: unit("pixel") },
  height: { format: unit("pixel") },
  bytes: {
    label: "Size",
    format: (v, { zone }) => (typeof v === "number" ? formatBytes(v) : plain(v, zone)),
  },
  q: { label: "Search" },
  area: {
    format: (v, c) =>
      typeof v === "string" && isAuditArea(v) ? AUDIT_AREA_LABELS[v] : plain(v, c.zone),
  },
  action: {
    label: "Action",
    format: (v, c) => {
      if (typeof v !== "string") return plain(v, c.zone);
      const bulk: Record<string, string> = {
        archive: "Archive",
        unarchive: "Unarchive",
        category: "Set the category",
        price: "Change the prices",
      };
      return bulk[v] ?? (isAuditAction(v) ? AUDIT_ACTION_LABELS[v] : capitalised(v));
    },
  },
  from: {},
  to: {},
  slips: { label: "Packing slips" },
  // Mailings
  subject: {},
  bodyHtml: { label: "Content", format: characters },
  recipients: {
    format: (v, { zone }) =>
      typeof v === "string" ? (AUDIENCE_LABELS[v as AudienceKind] ?? v) : plain(v, zone),
  },
  audienceDays: { label: "Ordered within", format: unit("day") },
  scheduledAt: { label: "Scheduled for" },
  restoredFrom: { label: "Restored from revision" },
};

/** A field's value in words: its own format (which may say what nothing means), else plain. */
/**
 * Fields whose name means something else in one area: an export's filters (the sales report's
 * period) and an import's choices.
 */
const AREA_FIELDS: Record<string, Record<string, { label?: string; format?: Format }>> = {
  exports: {
    kind: {
      label: "Period",
      format: fromLabels({
        days: "Last days",
        month: "Calendar month",
        quarter: "Calendar quarter",
        custom: "Custom range",
      }),
    },
    month: {
      format: (v, { zone }) =>
        typeof v === "string" && /^\d{4}-\d{2}$/.test(v) ? monthLabel(v) : plain(v, zone),
    },
    quarter: {
      format: (v, { zone }) =>
        typeof v === "string" && /^\d{4}-Q[1-4]$/.test(v) ? quarterLabel(v) : plain(v, zone),
    },
  },
  customers: {
    existing: {
      label: "Customers already on file",
      format: fromLabels({ skip: "Left as they were", update: "Updated" }),
    },
    consenting: { label: "Subscribed to the newsletter" },
  },
};

function fieldSpec(key: string, area: string) {
  return AREA_FIELDS[area]?.[key] ?? FIELDS[key];
}

export function formatField(key: string, value: unknown, context: FieldContext): string {
  const format = fieldSpec(key, context.area)?.format;
  return format ? format(value, context) : plain(value, context.zone, key);
}
