import { and, count, desc, eq, sql } from "drizzle-orm";
import { formatLongDate } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";
import { documentsMessages } from "~/lib/i18n/messages/documents";
import { translator } from "~/lib/i18n/translate";
import { config } from "../config.server";
import { db } from "../db.server";
import { renderInvoicesPdf } from "../invoices/invoice-pdf.server";
import { getShopperInvoice, invoiceIssuer } from "../invoices/invoices.server";
import { getOrderForEmail, type OrderView } from "../orders/order-view.server";
import { invoices, orders } from "../db-tables";
import type { Shopper } from "./session.server";

/**
 * A shopper's orders: every order placed with the account's email (guest orders included), shown
 * only once that email is verified. Every query is scoped by that email.
 */

const ACCOUNT_ORDERS_PAGE_SIZE = 10;

export interface AccountOrderRow {
  orderNumber: string;
  placedOn: string;
  status: string;
  /** How it reaches the shopper: names the status ("Ready for pickup", "Picked up"). */
  method: string;
  totalAmountCents: number;
  refundedCents: number;
  itemCount: number;
}

function byEmail(email: string) {
  return eq(sql`lower(${orders.email})`, email.toLowerCase());
}

function placedOn(date: Date | string, locale: Locale): string {
  return formatLongDate(date, config().STORE_TIMEZONE, locale);
}

/**
 * Newest first, a page at a time (page starts at 1), dates in the page's language. Empty until the
 * email is verified.
 */
export async function listAccountOrders(options: {
  shopper: Shopper;
  page?: number;
  locale?: Locale;
}) {
  const { shopper } = options;
  if (!shopper.verified) return { rows: [], total: 0, page: 1, pageCount: 1 };
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(orders)
    .where(byEmail(shopper.email));
  const pageCount = Math.max(1, Math.ceil(total / ACCOUNT_ORDERS_PAGE_SIZE));
  const page = Math.min(Math.max(Math.trunc(options.page ?? 1) || 1, 1), pageCount);
  const rows = await db()
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      method: orders.fulfilmentMethod,
      totalAmountCents: orders.totalAmountCents,
      refundedCents: orders.refundedCents,
      // Written out: drizzle leaves columns unqualified in a one-table select.
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = orders.id)::int`,
    })
    .from(orders)
    .where(byEmail(shopper.email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACCOUNT_ORDERS_PAGE_SIZE)
    .offset((page - 1) * ACCOUNT_ORDERS_PAGE_SIZE);
  return {
    rows: rows.map(({ createdAt, ...row }) => ({
      ...row,
      placedOn: placedOn(createdAt, options.locale ?? "en"),
    })),
    total,
    page,
    pageCount,
  };
}

export interface AccountOrder {
  order: OrderView;
  invoiceStatus: string | null;
}

/**
 * One of the shopper's orders with its invoice status (its date in the page's language); null for
 * anyone else's (or unverified).
 */
export async function getAccountOrder(options: {
  shopper: Shopper;
  orderNumber: string;
  locale?: Locale;
}): Promise<AccountOrder | null> {
  if (!options.shopper.verified) return null;
  const found = await getOrderForEmail(options.orderNumber, options.shopper.email);
  if (!found) return null;
  const order = options.locale
    ? { ...found, placedOn: placedOn(found.createdAt, options.locale) }
    : found;
  const [invoice] = await db()
    .select({ status: invoices.status })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.orderNumber, order.orderNumber), byEmail(options.shopper.email)));
  return { order, invoiceStatus: invoice?.status ?? null };
}

/**
 * The invoice PDF of one of the shopper's orders, in the language the order was placed in (the
 * admin's printed copy stays English); null for anyone else's.
 */
export async function renderAccountInvoicePdf(options: {
  shopper: Shopper;
  orderNumber: string;
}): Promise<{ fileName: string; pdf: Buffer } | null> {
  const owned = await getAccountOrder(options);
  if (!owned?.invoiceStatus) return null;
  const invoice = await getShopperInvoice(owned.order.orderNumber);
  if (!invoice) return null;
  const { orderNumber } = owned.order;
  const title = translator(documentsMessages, invoice.locale)("invoiceTitle", { orderNumber });
  const pdf = await renderInvoicesPdf([invoice.document], invoiceIssuer(), title, invoice.locale);
  return { fileName: `${orderNumber}.pdf`, pdf };
}
