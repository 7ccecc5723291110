import { asc, eq, inArray } from "drizzle-orm";
import {
  normalizeCreditNoteNumber,
  type CreditNoteDocument,
  type CreditNoteRef,
} from "~/lib/credit-notes";
import { formatLongDate } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";
import { itemDescription } from "~/lib/invoices";
import { REFUND_METHOD_LABELS } from "~/lib/refunds";
import { config } from "../config.server";
import { db } from "../db.server";
import { listOrderRefunds } from "../orders/refunds.server";
import { invoices, orders, refunds } from "../db-tables";

/**
 * One credit note by its number (any case), its dates written in `locale` (English: the admin's);
 * null when there is none.
 */
export async function getCreditNote(
  numberText: string,
  locale: Locale = "en",
): Promise<CreditNoteDocument | null> {
  const number = normalizeCreditNoteNumber(numberText);
  if (!number) return null;
  const [head] = await db()
    .select({ order: orders, invoiceDate: invoices.invoiceDate })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(refunds.creditNoteNumber, number));
  if (!head) return null;
  const { order } = head;
  const all = await listOrderRefunds(order.id);
  const refund = all.find((r) => r.creditNoteNumber === number)!;
  const zone = config().STORE_TIMEZONE;
  const itemsCents = refund.lines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    number,
    orderNumber: order.orderNumber,
    issuedAt: refund.createdAt.toISOString(),
    issuedOn: formatLongDate(refund.createdAt, zone, locale),
    invoiceIssuedOn: formatLongDate(head.invoiceDate ?? order.createdAt, zone, locale),
    customer: { name: order.shippingName, email: order.email, phone: order.phone },
    lines: refund.lines.map((l) => ({
      description: itemDescription({ name: l.productName, sizeLabel: l.sizeLabel }),
      quantity: l.quantity,
      amountCents: l.amountCents,
      restocked: l.restocked,
    })),
    amountOnlyCents: refund.goodsCents - itemsCents,
    goodsCents: refund.goodsCents,
    shippingCents: refund.shippingCents,
    taxLines: refund.taxLines.map((t) => ({ label: t.label, amountCents: t.amountCents })),
    taxCents: refund.taxCents,
    totalCents: refund.amountCents,
    method: REFUND_METHOD_LABELS[refund.method],
    sentTo: refund.method === "etransfer" ? order.email : null,
    reference: refund.reference,
    orderTotalCents: order.totalAmountCents,
    refundedToDateCents: all
      .filter((r) => r.position <= refund.position)
      .reduce((sum, r) => sum + r.amountCents, 0),
  };
}

/**
 * The credit notes of some orders (the invoices list theirs), oldest first, by order id, their
 * dates written in `locale`.
 */
export async function listCreditNoteRefs(
  orderIds: string[],
  locale: Locale = "en",
): Promise<Map<string, CreditNoteRef[]>> {
  const byOrder = new Map<string, CreditNoteRef[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db()
    .select({
      orderId: refunds.orderId,
      number: refunds.creditNoteNumber,
      createdAt: refunds.createdAt,
      amountCents: refunds.amountCents,
    })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.orderId), asc(refunds.position));
  const zone = config().STORE_TIMEZONE;
  for (const { orderId, createdAt, ...row } of rows)
    byOrder.set(orderId, [
      ...(byOrder.get(orderId) ?? []),
      {
        ...row,
        issuedAt: createdAt.toISOString(),
        issuedOn: formatLongDate(createdAt, zone, locale),
      },
    ]);
  return byOrder;
}
