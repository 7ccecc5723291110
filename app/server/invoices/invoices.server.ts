import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import {
  dayRange,
  type DayKey,
  type InvoiceDocument,
  type InvoiceIssuer,
  type InvoiceRow,
  type InvoiceStatus,
  MAX_DAILY_INVOICES,
} from "~/lib/invoices";
import { isLocale, type Locale } from "~/lib/i18n/locale";
import { addressLines } from "~/lib/store-settings";
import { storeSettingsNow } from "../settings/store-settings.server";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import { INVOICE_SEARCH_EMPTY, invoiceNotFoundMessage } from "~/schemas/invoices";
import { listOrderTaxLines } from "../taxes/taxes.server";
import { listCreditNoteRefs } from "./credit-notes.server";
import { formatLongDate } from "~/lib/dates";
import { config } from "../config.server";
import { db } from "../db.server";
import { invoices, orderItems, orders } from "../db-tables";
import { orderPaymentAddress } from "~/lib/store-settings";

const rowColumns = {
  orderNumber: orders.orderNumber,
  customerName: orders.shippingName,
  email: orders.email,
  invoiceDate: invoices.invoiceDate,
  totalCents: invoices.totalAmountCents,
  status: invoices.status,
};

function toRow(row: {
  orderNumber: string;
  customerName: string;
  email: string;
  invoiceDate: Date;
  totalCents: number;
  status: string;
}): InvoiceRow {
  return {
    ...row,
    invoiceDate: row.invoiceDate.toISOString(),
    status: row.status as InvoiceStatus,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The order-number search: a case-insensitive partial match ("12", "bbs-0000001"); "BBS 12" is
 * read as "BBS-12".
 */
function orderNumberMatches(q: string): SQL {
  const typed = q.trim().replace(/^bbs\s+/i, "BBS-");
  return ilike(orders.orderNumber, `%${escapeLike(typed)}%`);
}

/** Invoices newest first, a page at a time, optionally only those whose number matches q. */
export async function listInvoices(
  options: { q?: string; page?: number; pageSize?: number } = {},
): Promise<ListResult<InvoiceRow>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const where = options.q ? orderNumberMatches(options.q) : undefined;
  const [{ total }] = (await db()
    .select({ total: count() })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)) as [{ total: number }];
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page ?? 1, pages);
  const rows = await db()
    .select(rowColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows.map(toRow), total, page, pageCount: pages, pageSize };
}

/**
 * The Recent Invoices table with its search (docs/product/orders-and-money.md#invoices): a box
 * submitted empty says 'Please enter an Order ID' (and lists everything), a search that finds
 * nothing 'Invoice not found for Order ID: {what was typed}'.
 */
export async function searchInvoices(options: {
  q: string | undefined;
  page?: number;
}): Promise<{ list: ListResult<InvoiceRow>; message?: string }> {
  const q = options.q?.trim();
  const list = await listInvoices({ q: q || undefined, page: options.page });
  if (q === "") return { list, message: INVOICE_SEARCH_EMPTY };
  if (q && list.total === 0) return { list, message: invoiceNotFoundMessage(q) };
  return { list };
}

const onDay = (date: DayKey) => {
  const { start, end } = dayRange(date, config().STORE_TIMEZONE);
  return and(gte(invoices.invoiceDate, start), lt(invoices.invoiceDate, end))!;
};

/** The invoices dated on one calendar day of STORE_TIMEZONE, in the order they were issued. */
export async function listDailyInvoices(date: DayKey): Promise<InvoiceRow[]> {
  const rows = await db()
    .select(rowColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(onDay(date))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id))
    .limit(MAX_DAILY_INVOICES);
  return rows.map(toRow);
}

/** The number of the newest invoice (the "sample" the screen previews), if there is one. */
export async function getNewestInvoiceNumber(): Promise<string | undefined> {
  const [row] = await db()
    .select({ orderNumber: orders.orderNumber })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(1);
  return row?.orderNumber;
}

/**
 * Whole invoices (with their items: one query for all of them) matching `where`, their dates
 * written in `locale` (English: the admin's), or each in its order's language ("order").
 */
async function loadDocuments(
  where: SQL,
  limit: number,
  locale: Locale | "order" = "en",
): Promise<(InvoiceDocument & { locale: Locale })[]> {
  const heads = await db()
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id))
    .limit(limit);
  if (heads.length === 0) return [];
  const items = await db()
    .select({
      orderId: orderItems.orderId,
      name: orderItems.productName,
      sizeLabel: orderItems.sizeLabel,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceAtPurchaseCents,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        heads.map((h) => h.order.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.sizeLabel), asc(orderItems.id));
  const itemsByOrder = new Map<string, InvoiceDocument["items"]>();
  for (const { orderId, ...item } of items) {
    const list = itemsByOrder.get(orderId) ?? [];
    list.push({ ...item, lineTotalCents: item.priceCents * item.quantity });
    itemsByOrder.set(orderId, list);
  }
  const taxesByOrder = await listOrderTaxLines(heads.map((h) => h.order.id));
  const languageOf = (order: (typeof heads)[number]["order"]): Locale =>
    locale !== "order" ? locale : isLocale(order.locale) ? order.locale : "en";
  const languages = [...new Set(heads.map((h) => languageOf(h.order)))];
  const creditNotes = new Map(
    await Promise.all(
      languages.map(
        async (language) =>
          [
            language,
            await listCreditNoteRefs(
              heads.map((h) => h.order.id),
              language,
            ),
          ] as const,
      ),
    ),
  );
  const timeZone = config().STORE_TIMEZONE;
  return heads.map(({ invoice, order }) => ({
    locale: languageOf(order),
    orderNumber: order.orderNumber,
    status: invoice.status as InvoiceStatus,
    invoiceDate: invoice.invoiceDate.toISOString(),
    issuedOn: formatLongDate(invoice.invoiceDate, timeZone, languageOf(order)),
    customer: { name: order.shippingName, email: order.email, phone: order.phone },
    shipping: {
      name: order.shippingName,
      street: order.shippingStreet,
      city: order.shippingCity,
      province: order.shippingProvince,
      postalCode: order.shippingPostalCode,
    },
    items: itemsByOrder.get(order.id) ?? [],
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingCostCents: order.shippingCostCents,
    fulfilmentMethod: order.fulfilmentMethod,
    taxLines: taxesByOrder.get(order.id) ?? [],
    totalCents: invoice.totalAmountCents,
    creditNotes: creditNotes.get(languageOf(order))!.get(order.id) ?? [],
  }));
}

/** One invoice by its order number (exact, already normalised); null when there is none. */
export async function getInvoice(orderNumber: string): Promise<InvoiceDocument | null> {
  const [document] = await loadDocuments(eq(orders.orderNumber, orderNumber), 1);
  if (!document) return null;
  const { locale: _locale, ...invoice } = document;
  return invoice;
}

/**
 * One invoice as its shopper downloads it: in the order's language (orders.locale), its dates
 * written in it; null when there is none. The caller checks the order is the shopper's.
 */
export async function getShopperInvoice(
  orderNumber: string,
): Promise<{ document: InvoiceDocument; locale: Locale } | null> {
  const [loaded] = await loadDocuments(eq(orders.orderNumber, orderNumber), 1, "order");
  if (!loaded) return null;
  const { locale, ...document } = loaded;
  return { document, locale };
}

/** A day's invoices, whole, for the printed batch and the batch PDF. */
export async function getDailyInvoices(date: DayKey): Promise<InvoiceDocument[]> {
  const documents = await loadDocuments(onDay(date), MAX_DAILY_INVOICES);
  return documents.map(({ locale: _locale, ...invoice }) => invoice);
}

/**
 * The store as it appears at the top of every invoice, and where e-Transfers go: Settings as last
 * read by `storeSettings()` (warmed at start, refreshed by every storefront and admin page).
 */
export function invoiceIssuer(): InvoiceIssuer {
  const settings = config();
  const { store, payments } = storeSettingsNow();
  return {
    name: store.name,
    email: store.email,
    phone: store.phone,
    addressLines: addressLines(store.address),
    gstNumber: store.gstNumber,
    logoUrl: store.logoUrl,
    website: settings.PUBLIC_URL
      ? settings.publicUrl.replace(/^https?:\/\//, "").replace(/\/$/, "")
      : undefined,
    etransferEmail: orderPaymentAddress(payments),
  };
}

/** Everything the Invoices screen shows for one URL: the search and table, the day, the sample. */
export async function getInvoicesScreen(query: {
  q: string | undefined;
  page: number;
  date: DayKey;
}) {
  const [search, daily, newest] = await Promise.all([
    searchInvoices({ q: query.q, page: query.page }),
    listDailyInvoices(query.date),
    getNewestInvoiceNumber(),
  ]);
  return { ...search, daily, newest };
}
