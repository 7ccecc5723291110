import { href } from "react-router";
import { formatMoney } from "./money";

/**
 * A credit note as printed and written to its PDF: one per refund, numbered from its order
 * (BBS-00000012-R1, -R2…), saying what was refunded, the tax given back per tax line, how the
 * money went back, and what the order's refunds come to so far.
 */
export interface CreditNoteDocument {
  /** BBS-00000012-R1. */
  number: string;
  orderNumber: string;
  /** When the refund was made, as an instant and as the store's calendar date. */
  issuedAt: string;
  issuedOn: string;
  /** The invoice it credits (same number as the order) and its date. */
  invoiceIssuedOn: string;
  customer: { name: string; email: string; phone: string | null };
  lines: { description: string; quantity: number; amountCents: number; restocked: boolean }[];
  /** Goods refunded as an amount (no items): printed as its own line. */
  amountOnlyCents: number;
  goodsCents: number;
  shippingCents: number;
  taxLines: { label: string; amountCents: number }[];
  taxCents: number;
  totalCents: number;
  /** "Interac e-Transfer" or "Other", where an e-Transfer went, its reference. */
  method: string;
  sentTo: string | null;
  reference: string | null;
  orderTotalCents: number;
  /** The order's refunds up to and including this one. */
  refundedToDateCents: number;
}

/** A credit note as the invoice lists it. */
export interface CreditNoteRef {
  number: string;
  issuedAt: string;
  issuedOn: string;
  amountCents: number;
}

/** The totals block: goods (items or an amount), shipping, each tax line, the total refunded. */
export function creditNoteTotals(
  note: Pick<CreditNoteDocument, "goodsCents" | "shippingCents" | "taxLines" | "totalCents">,
): { label: string; value: string; total?: boolean }[] {
  const lines: { label: string; value: string; total?: boolean }[] = [
    { label: "Goods", value: formatMoney(note.goodsCents) },
  ];
  if (note.shippingCents > 0)
    lines.push({ label: "Shipping (Canada Post)", value: formatMoney(note.shippingCents) });
  for (const tax of note.taxLines)
    lines.push({ label: tax.label, value: formatMoney(tax.amountCents) });
  lines.push({ label: "Total refunded", value: formatMoney(note.totalCents), total: true });
  return lines;
}

/** "Refunded by Interac e-Transfer to jane@example.com (reference CA77)." */
export function creditNoteMethodText(
  note: Pick<CreditNoteDocument, "method" | "sentTo" | "reference">,
): string {
  const to = note.sentTo ? ` to ${note.sentTo}` : "";
  const reference = note.reference ? ` (reference ${note.reference})` : "";
  return `Refunded by ${note.method}${to}${reference}.`;
}

/** "This refund and earlier ones: $12.34 of $67.20." */
export function creditNoteToDateText(
  note: Pick<CreditNoteDocument, "orderNumber" | "refundedToDateCents" | "orderTotalCents">,
): string {
  return `Refunded on order ${note.orderNumber} so far: ${formatMoney(note.refundedToDateCents)} of ${formatMoney(note.orderTotalCents)}.`;
}

/** A credit note's number, or null (BBS-00000012-R1, any case). */
export function normalizeCreditNoteNumber(value: string | undefined): string | null {
  const match = /^(BBS-\d{8})-R(\d{1,4})$/i.exec((value ?? "").trim());
  return match ? `${match[1]!.toUpperCase()}-R${Number(match[2])}` : null;
}

export const creditNoteNotFound = (typed: string) => `Credit note not found: ${typed}`;

/** Where a credit note prints and downloads, beside its invoice's (typed routes). */
export const creditNotePaths = {
  print: (number: string) =>
    href("/budzadmin/dashboard/invoices/print/credit-notes/:creditNoteNumber", {
      creditNoteNumber: number,
    }),
  pdf: (number: string) =>
    href("/budzadmin/dashboard/invoices/pdf/credit-notes/:fileName", {
      fileName: `${number}.pdf`,
    }),
};
