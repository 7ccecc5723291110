import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import {
  CUSTOMER_EMAILS_SHOWN,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_ORDERS_SHOWN,
  customerDisplayId,
  parseCustomerNumber,
} from "~/lib/customers";
import { fail, type Result } from "~/lib/errors";
import type { FormErrors } from "~/lib/form";
import type { Locale } from "~/lib/i18n/locale";
import type { CustomerEmail, CustomerForm } from "~/schemas/customers";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db } from "../db.server";
import { invariantResponse } from "../http/responses.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderCustomerMessage } from "../email/templates/customer-message.server";
import { isUniqueViolation } from "../db-errors.server";
import { getConsentRecords } from "../marketing/newsletter.server";
import { customerEmails, customers, emailOutbox, orderEmailsSent, orders } from "../db-tables";
import { getCustomerTotals, NO_TOTALS } from "./customer-list.server";

/** The customer of a URL id (CUST-012, or 12), or undefined. */
export async function findCustomer(idText: string) {
  const number = parseCustomerNumber(idText);
  if (number === undefined) return undefined;
  const [row] = await db().select().from(customers).where(eq(customers.customerNumber, number));
  return row;
}

/** The customer a screen's URL names (its number), or that screen's 404. */
export async function requireCustomer(idText: string) {
  const customer = await findCustomer(idText);
  invariantResponse(customer, CUSTOMER_NOT_FOUND, { status: 404 });
  return customer;
}

/**
 * Every email the outbox holds for the customer's address, newest first (the newest
 * CUSTOMER_EMAILS_SHOWN, with the count of all): order emails with their order, staff messages
 * with who wrote them, campaigns, newsletters and account emails.
 */
async function emailsTo(customer: { id: string; email: string }) {
  const to = sql`lower(${emailOutbox.toAddress}) = ${customer.email.toLowerCase()}`;
  const [rows, [total], written, ofOrders] = await Promise.all([
    db()
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        sentTo: emailOutbox.toAddress,
        status: emailOutbox.status,
        queuedAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .where(to)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(CUSTOMER_EMAILS_SHOWN),
    db().select({ n: count() }).from(emailOutbox).where(to),
    // Who wrote the staff messages, and which order each order email was about (both by indexes
    // on the customer and its orders).
    db()
      .select({ outboxId: customerEmails.outboxId, sentBy: customerEmails.sentBy })
      .from(customerEmails)
      .where(eq(customerEmails.customerId, customer.id)),
    db()
      .select({ outboxId: orderEmailsSent.outboxId, orderNumber: orders.orderNumber })
      .from(orders)
      .innerJoin(orderEmailsSent, eq(orderEmailsSent.orderId, orders.id))
      .where(eq(orders.customerId, customer.id)),
  ]);
  const sentBy = new Map(written.map((w) => [w.outboxId, w.sentBy]));
  const orderOf = new Map(ofOrders.map((o) => [o.outboxId, o.orderNumber]));
  return {
    rows: rows.map((row) => ({
      ...row,
      sentBy: sentBy.get(row.id) ?? null,
      orderNumber: orderOf.get(row.id) ?? null,
    })),
    total: total?.n ?? 0,
  };
}

/** Everything the customer page shows: profile, consent, totals, recent orders, emails sent. */
export async function getCustomerView(idText: string) {
  const customer = await findCustomer(idText);
  if (!customer) return undefined;
  const [consent, totals, recentOrders, sent] = await Promise.all([
    getConsentRecords([customer.email]).then((c) => c.get(customer.email.toLowerCase()) ?? null),
    getCustomerTotals([customer.id]),
    db()
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalCents: orders.totalAmountCents,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.customerId, customer.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
    emailsTo(customer),
  ]);
  return {
    customer: { ...customer, displayId: customerDisplayId(customer.customerNumber) },
    consent,
    totals: totals.get(customer.id) ?? NO_TOTALS,
    orders: recentOrders,
    emails: sent.rows,
    emailCount: sent.total,
  };
}
export type CustomerView = NonNullable<Awaited<ReturnType<typeof getCustomerView>>>;

type Saved = { ok: true } | { ok: false; status: 400 | 404; errors: FormErrors };

const emailTaken = (other: number) =>
  `Another customer (${customerDisplayId(other)}) already uses this email address.`;

/** Staff edit contact details, status and the private note; emails stay unique (any case). */
export async function updateCustomer(
  id: string,
  form: CustomerForm,
  actor: AuditActor,
): Promise<Saved> {
  const [other] = await db()
    .select({ customerNumber: customers.customerNumber })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${form.email}`, ne(customers.id, id)));
  if (other) return { ok: false, status: 400, errors: { email: emailTaken(other.customerNumber) } };
  try {
    return await db().transaction(async (tx): Promise<Saved> => {
      const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
      if (!before)
        return { ok: false, status: 404, errors: { form: "This customer no longer exists." } };
      await tx
        .update(customers)
        .set({ ...form, updatedAt: new Date() })
        .where(eq(customers.id, id));
      const changes = changedFields(before, form, Object.keys(form) as (keyof CustomerForm)[]);
      if (Object.keys(changes).length > 0)
        await recordAudit(tx, {
          actor,
          area: "customers",
          action: "update",
          record: customerRecord(before),
          changes,
        });
      return { ok: true };
    });
  } catch (error) {
    // Someone else took the address between the check and the save.
    if (isUniqueViolation(error, "customers_email_key"))
      return {
        ok: false,
        status: 400,
        errors: { email: "Another customer already uses this email address." },
      };
    throw error;
  }
}

/** A customer as an audit entry names them: CUST-012 and their name. */
function customerRecord(customer: { id: string; customerNumber: number; name: string }) {
  return {
    type: "customer",
    id: customer.id,
    label: `${customerDisplayId(customer.customerNumber)} ${customer.name}`,
  };
}

/**
 * Queues a message to the customer through the outbox, in one transaction with the record the
 * customer page lists (so the history shows exactly the emails that exist).
 */
export async function sendCustomerEmail(options: {
  customerId: string;
  email: CustomerEmail;
  actor: AuditActor;
}): Promise<Result<{ to: string }>> {
  return db().transaction(async (tx) => {
    const [customer] = await tx
      .select({
        id: customers.id,
        customerNumber: customers.customerNumber,
        name: customers.name,
        email: customers.email,
        // The wrapper (greeting, footer) speaks the language of the customer's latest order.
        locale: sql<Locale>`coalesce((select o.locale from ${orders} o where o.customer_id = ${customers.id} order by o.created_at desc limit 1), 'en')`,
      })
      .from(customers)
      .where(eq(customers.id, options.customerId));
    if (!customer) return fail(404, "This customer no longer exists.");
    const rendered = renderCustomerMessage({
      name: customer.name,
      locale: customer.locale,
      ...options.email,
    });
    const queued = await enqueueEmail(tx, {
      kind: "customer_message",
      to: customer.email,
      ...rendered,
    });
    await tx.insert(customerEmails).values({
      customerId: options.customerId,
      outboxId: queued.id,
      sentTo: customer.email,
      subject: rendered.subject,
      sentBy: options.actor.name,
    });
    await recordAudit(tx, {
      actor: options.actor,
      area: "mailings",
      action: "send",
      record: customerRecord(customer),
      changes: { to: customer.email, subject: rendered.subject },
    });
    return { ok: true as const, to: customer.email };
  });
}
