import { capitalised, FIELDS, fieldLabel, formatField, NONE, plain } from "./activity-fields";
import type { Zone } from "./dates";
import { STOCK_REASON_LABELS, type StockReason } from "./stock";

/**
 * The Activity log in words (the screen, a record's Activity panel and the CSV): each change of an
 * audit entry as a line a shop owner reads ("Minimum order: $50.00 → $60.00"), in the store's own
 * units (money, Yes/No, dates in the store's time zone, labels instead of codes), from the entry's
 * raw `changes` (field → value, or field → [before, after] for edits); each field's label and units
 * are in app/lib/activity-fields.ts, and a field not named there still reads well. Pure: the
 * browser writes instants from the texts its loader sent.
 */

/** What an entry is, as the log holds it. */
export interface AuditEntryText {
  area: string;
  action: string;
  recordType: string | null;
  recordLabel: string | null;
  changes: Record<string, unknown> | null;
}

/** One line: "Label: value", or a change "Label: before → after", with an optional "(note)". */
interface ChangeLine {
  label: string;
  /** Set for a change: the value it had. */
  before?: string;
  /** The value (after the change, for a change). */
  value: string;
  /** Said after the line in brackets: a stock change's reason. */
  note?: string;
}

/**
 * Whether a field's value is a change, [before, after]: an edit stores each changed field so
 * (changedFields). Two fields hold lists instead, which may have two items: a refund's `items`
 * and a bulk change's product `ids`.
 */
function isChange(entry: AuditEntryText, key: string, value: unknown): value is [unknown, unknown] {
  if (!Array.isArray(value) || value.length !== 2) return false;
  return !(key === "ids" || (key === "items" && entry.area === "refunds"));
}

/** A stock adjustment: "Stock of Pink Kush — 28g: 10 → 12 (received)". */
function stockLine(
  entry: AuditEntryText,
  changes: Record<string, unknown>,
  zone: Zone,
): ChangeLine | null {
  const pair = changes.stock;
  if (!Array.isArray(pair) || pair.length !== 2 || typeof changes.reason !== "string") return null;
  const name = entry.recordLabel ?? "the product";
  const size = typeof changes.size === "string" && changes.size ? ` — ${changes.size}` : "";
  const reason = STOCK_REASON_LABELS[changes.reason as StockReason] ?? changes.reason;
  const note = typeof changes.note === "string" && changes.note ? `: ${changes.note}` : "";
  return {
    label: `Stock of ${name}${size}`,
    before: plain(pair[0], zone),
    value: plain(pair[1], zone),
    note: `${reason.charAt(0).toLowerCase()}${reason.slice(1)}${note}`,
  };
}

/**
 * The order lines are read in (the database keeps a JSON object's keys in an order of its own):
 * these fields first, then the others the log knows in FIELDS' order, then any other by name.
 */
const FIRST = [
  "status",
  "shipment",
  "role",
  "twoFactor",
  "name",
  "code",
  "action",
  "percent",
  "creditNote",
  "amount",
  "items",
  "shippingAddress",
  "subtotal",
  "goods",
  "discount",
  "shipping",
  "tax",
  "taxes",
  "total",
  "refunded",
  "method",
  "reference",
  "type",
  "value",
  "price",
  "sizes",
  "note",
];
const KNOWN = Object.keys(FIELDS);
const rank = (key: string) => {
  const first = FIRST.indexOf(key);
  if (first !== -1) return first;
  const known = KNOWN.indexOf(key);
  return known === -1 ? FIRST.length + KNOWN.length : FIRST.length + known;
};

/** Every change of an entry as lines: see FIRST for their order. */
export function describeChanges(entry: AuditEntryText, zone: Zone): ChangeLine[] {
  const changes = entry.changes;
  if (!changes) return [];
  const context = { zone, area: entry.area, changes };
  const stock = stockLine(entry, changes, zone);
  const skip = new Set(stock ? ["stock", "size", "reason", "note"] : []);
  const lines: ChangeLine[] = stock ? [stock] : [];
  const keys = Object.keys(changes)
    .filter((key) => !skip.has(key))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const pairs = keys.filter((key) => isChange(entry, key, changes[key]));
  // A new record ([null, value] for each field, as changedFields writes one): its values, not
  // changes from nothing.
  const created =
    entry.action === "create" ||
    (pairs.length > 1 && pairs.every((key) => (changes[key] as unknown[])[0] == null));
  for (const key of keys) {
    const raw = changes[key];
    const label = fieldLabel(key, entry.area);
    if (isChange(entry, key, raw) && !(created && raw[0] == null)) {
      lines.push({
        label,
        before: formatField(key, raw[0], context),
        value: formatField(key, raw[1], context),
      });
      continue;
    }
    // A value (or a new record's): one left empty says nothing.
    const value = formatField(key, isChange(entry, key, raw) ? raw[1] : raw, context);
    if (value !== NONE) lines.push({ label, value });
  }
  return lines;
}

/** A line as one text (the CSV, a screen reader): "Minimum order: $50.00 → $60.00". */
export function changeLineText(line: ChangeLine): string {
  const value = line.before === undefined ? line.value : `${line.before} → ${line.value}`;
  return `${line.label}: ${value}${line.note ? ` (${line.note})` : ""}`;
}

/** The record types the log names, in words ("email-template" → "Email template"). */
const RECORD_TYPE_LABELS: Record<string, string> = {
  admin: "Staff member",
  settings: "Settings",
  products: "Products",
  "sample-data": "Sample data",
  "campaign-test": "Campaign test",
  "newsletter-test": "Newsletter test",
};

export function recordTypeLabel(type: string): string {
  return RECORD_TYPE_LABELS[type] ?? capitalised(type.replace(/[-_]+/g, " "));
}
