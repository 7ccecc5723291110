import { href } from "react-router";
import type { CreditNoteRef } from "./credit-notes";
import { zonedParts, zonedTime } from "./dates";
import { feeLabel } from "./fulfilment";
import { formatMoney } from "./money";
import type { TaxKind } from "./taxes";

/** An invoice as printed, shown in the preview and written to the PDF (one per order). */
export interface InvoiceDocument {
  /** The order's number, which is also the invoice's: BBS-00000001. */
  orderNumber: string;
  status: InvoiceStatus;
  /** The invoice date as an instant, and as the store's calendar date ("November 21, 2026"). */
  invoiceDate: string;
  issuedOn: string;
  customer: { name: string; email: string; phone: string | null };
  shipping: { name: string; street: string; city: string; province: string; postalCode: string };
  items: InvoiceItem[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCostCents: number;
  /** The fulfilment method, which names the fee's line (docs/product/fulfilment.md). */
  fulfilmentMethod?: string;
  /** Sales tax lines (GST 5%, PST 7% …); empty for orders placed before taxes. */
  taxLines: { label: string; amountCents: number; kind?: TaxKind; ratePer100k?: number }[];
  totalCents: number;
  /** The refunds made on the order, each a credit note (BBS-00000012-R1), oldest first. */
  creditNotes: CreditNoteRef[];
}

/** A row of the Recent Invoices table and of the Daily Invoices section. */
export interface InvoiceRow {
  orderNumber: string;
  customerName: string;
  email: string;
  invoiceDate: string;
  totalCents: number;
  status: InvoiceStatus;
}

interface InvoiceItem {
  name: string;
  sizeLabel: string | null;
  quantity: number;
  priceCents: number;
  lineTotalCents: number;
}

/** Who issues the invoice and where the shopper pays it. */
export interface InvoiceIssuer {
  name: string;
  /** The store's contact details and address as set in Settings (null: not printed). */
  email: string | null;
  phone: string | null;
  addressLines: string[];
  /** "123456789 RT 0001", printed once set. */
  gstNumber: string | null;
  /** The store's address on the web (PUBLIC_URL), when one is configured. */
  website?: string;
  /** The store's logo (Settings → Store), printed above its name. */
  logoUrl: string | null;
  etransferEmail: string;
}

export const INVOICE_STATUS_VALUES = ["pending", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];

const LABELS: Record<InvoiceStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** "Paid", "Pending" or "Cancelled": the invoice follows its order. */
export function invoiceStatusLabel(status: string): string {
  return LABELS[status as InvoiceStatus] ?? status;
}

/** The e-Transfer instructions are printed only while the invoice waits for its money. */
export function awaitsPayment(invoice: Pick<InvoiceDocument, "status">): boolean {
  return invoice.status === "pending";
}

/** The line printed instead of the e-Transfer instructions once nothing is owed. */
export function settledNote(invoice: Pick<InvoiceDocument, "status">): string {
  return invoice.status === "cancelled"
    ? "This order was cancelled: nothing is owed on this invoice."
    : "Paid in full by Interac e-Transfer. Thank you!";
}

/**
 * The totals block, in order: subtotal, the discount only when above 0 (with its coupon code),
 * shipping ('FREE' when 0), each sales tax line and the total. The preview, the print page and the PDF all use it.
 */
export function invoiceTotals(
  invoice: Pick<
    InvoiceDocument,
    | "subtotalCents"
    | "discountCents"
    | "couponCode"
    | "shippingCostCents"
    | "fulfilmentMethod"
    | "totalCents"
  > & { taxLines?: InvoiceDocument["taxLines"] },
): { label: string; value: string; total?: boolean }[] {
  const lines: { label: string; value: string; total?: boolean }[] = [
    { label: "Subtotal", value: formatMoney(invoice.subtotalCents) },
  ];
  if (invoice.discountCents > 0) {
    lines.push({
      label: invoice.couponCode ? `Discount (${invoice.couponCode})` : "Discount",
      value: `-${formatMoney(invoice.discountCents)}`,
    });
  }
  lines.push({
    label: feeLabel(invoice.fulfilmentMethod ?? "parcel"),
    value: invoice.shippingCostCents === 0 ? "FREE" : formatMoney(invoice.shippingCostCents),
  });
  for (const tax of invoice.taxLines ?? [])
    lines.push({ label: tax.label, value: formatMoney(tax.amountCents) });
  lines.push({ label: "Total", value: formatMoney(invoice.totalCents), total: true });
  return lines;
}

/**
 * Under the totals, once the order has refunds: each credit note with its date and amount, and the
 * total after them. The preview, the print page and the PDF all use it.
 */
export function invoiceCredits(
  invoice: Pick<InvoiceDocument, "creditNotes" | "totalCents">,
): { lines: { label: string; value: string }[]; net: { label: string; value: string } } | null {
  if (invoice.creditNotes.length === 0) return null;
  const refunded = invoice.creditNotes.reduce((sum, note) => sum + note.amountCents, 0);
  return {
    lines: invoice.creditNotes.map((note) => ({
      label: `Credit note ${note.number} (${note.issuedOn})`,
      value: `-${formatMoney(note.amountCents)}`,
    })),
    net: { label: "Total after refunds", value: formatMoney(invoice.totalCents - refunded) },
  };
}

export function itemDescription(item: Pick<InvoiceItem, "name" | "sizeLabel">): string {
  return item.sizeLabel ? `${item.name} (${item.sizeLabel})` : item.name;
}

/** A calendar day written YYYY-MM-DD (the daily invoices' ?date=). */
export type DayKey = string;

/** The calendar day an instant falls on in timeZone, as YYYY-MM-DD. */
export function dayKey(date: Date, timeZone: string): DayKey {
  const { year, month, day } = zonedParts(date, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** True for a real calendar date written YYYY-MM-DD between the years 2000 and 2100. */
export function isDayKey(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instants a calendar day of timeZone starts and ends at (end exclusive; DST-safe). */
export function dayRange(key: DayKey, timeZone: string): { start: Date; end: Date } {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return {
    start: zonedTime(timeZone, year, month, day),
    end: zonedTime(timeZone, year, month, day + 1),
  };
}

/** "Friday, November 21, 2026" for a day key (its noon UTC keeps the weekday right). */
export function formatDayKey(key: DayKey): string {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, 12)).toLocaleDateString("en-CA", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** A day's batch is printed in one go: more than this is cut (and the screen says so). */
export const MAX_DAILY_INVOICES = 500;

/** Where an invoice's preview and its printable and downloadable forms live (typed routes). */
export const invoicePaths = {
  view: (orderNumber: string) =>
    href("/budzadmin/dashboard/invoices/:orderNumber", { orderNumber }),
  print: (orderNumber: string) =>
    href("/budzadmin/dashboard/invoices/print/:orderNumber", { orderNumber }),
  pdf: (orderNumber: string) =>
    href("/budzadmin/dashboard/invoices/pdf/:fileName", { fileName: `${orderNumber}.pdf` }),
  printDaily: (date: DayKey) =>
    `${href("/budzadmin/dashboard/invoices/print/daily")}?${new URLSearchParams({ date })}`,
  pdfDaily: (date: DayKey) =>
    href("/budzadmin/dashboard/invoices/pdf/:fileName", { fileName: `invoices-${date}.pdf` }),
};
