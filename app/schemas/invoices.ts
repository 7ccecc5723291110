import { z } from "zod";
import { dayKey, formatDayKey, isDayKey, type DayKey } from "~/lib/invoices";
import { normalizeOrderNumber } from "~/lib/order-status";
import { stripControlCharacters } from "./text";

/**
 * The messages of the invoice search and the daily section
 * (docs/product/orders-and-money.md#invoices).
 */
export const INVOICE_SEARCH_EMPTY = "Please enter an Order ID";
export const invoiceNotFoundMessage = (typed: string) => `Invoice not found for Order ID: ${typed}`;
export const NO_INVOICES_TODAY = "No invoices found for today";
export const noInvoicesOn = (key: DayKey) => `No invoices found for ${formatDayKey(key)}`;
const badDateMessage = (typed: string) =>
  `"${typed}" is not a date (use YYYY-MM-DD): showing today's invoices instead.`;

/** What a search keeps of what was typed (order numbers are 12 characters). */
const INVOICE_SEARCH_MAX = 40;

const InvoiceListQuerySchema = z.object({
  // A search box submitted empty is a search (it gets its message); no ?q= is none.
  q: z
    .string()
    .overwrite(stripControlCharacters)
    .trim()
    .transform((q) => q.slice(0, INVOICE_SEARCH_MAX))
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  date: z.string().max(40).optional().catch(undefined),
});

interface InvoiceListQuery {
  /** undefined when no search was made, "" when the box was submitted empty. */
  q: string | undefined;
  page: number;
  /** The day of the Daily Invoices section; today when ?date= is missing or not a date. */
  date: DayKey;
  isToday: boolean;
  dateMessage?: string;
}

/** Reads the Invoices screen's URL; anything malformed falls back to its default, never a 4xx. */
export function parseInvoiceListQuery(
  url: string | URL,
  timeZone: string,
  now = new Date(),
): InvoiceListQuery {
  const params = new URL(url).searchParams;
  const raw = InvoiceListQuerySchema.parse({
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
    date: params.get("date") ?? undefined,
  });
  const today = dayKey(now, timeZone);
  const typedDate = raw.date?.trim();
  const valid = typedDate && isDayKey(typedDate) ? typedDate : undefined;
  return {
    q: raw.q,
    page: raw.page,
    date: valid ?? today,
    isToday: (valid ?? today) === today,
    dateMessage: typedDate && !valid ? badDateMessage(typedDate) : undefined,
  };
}

/** "bbs-00000012" → "BBS-00000012"; null for anything that cannot be an order number. */
export function parseOrderNumberParam(value: string | undefined): string | null {
  return value ? normalizeOrderNumber(value) : null;
}

/**
 * The PDF routes' file names: `BBS-00000012.pdf` for one invoice, `invoices-2026-11-21.pdf` for a
 * day's batch. Anything else is null (a 404).
 */
export function parseInvoicePdfName(
  fileName: string | undefined,
): { kind: "invoice"; orderNumber: string } | { kind: "daily"; date: DayKey } | null {
  const single = /^(BBS-\d{8})\.pdf$/i.exec(fileName ?? "");
  if (single) return { kind: "invoice", orderNumber: single[1]!.toUpperCase() };
  const daily = /^invoices-(\d{4}-\d{2}-\d{2})\.pdf$/.exec(fileName ?? "");
  if (daily && isDayKey(daily[1]!)) return { kind: "daily", date: daily[1]! };
  return null;
}
