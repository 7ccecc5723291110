import { and, desc, eq, ne, sql } from "drizzle-orm";
import { data } from "react-router";
import {
  CUSTOMER_NOT_FOUND,
  CUSTOMER_ORDERS_SHOWN,
  customerDisplayId,
  parseCustomerNumber,
} from "~/lib/customers";
import type { FormErrors } from "~/schemas/form-errors";
import type { CustomerEmail, CustomerForm } from "~/schemas/customers";
import { db } from "../db.server";
import { enqueueEmail } from "../email/outbox.server";
import { renderCustomerMessage } from "../email/templates/customer-message.server";
import { isUniqueViolation } from "../db-errors.server";
import { getConsentRecords } from "../marketing/newsletter.server";
import { customerEmails, customers, emailOutbox, orders } from "../schema";
import { getCustomerTotals, NO_TOTALS } from "./customer-list.server";

/** The customer of a URL id (CUST-012, or 12), or undefined. */
export async function findCustomer(idText: string) {
  const number = parseCustomerNumber(idText);
  if (number === undefined) return undefined;
  const [row] = await db().select().from(customers).where(eq(customers.customerNumber, number));
  return row;
}

/** The customer of a URL id, for routes: a missing one is a 404 with its reason. */
export async function requireCustomer(idText: string) {
  const customer = await findCustomer(idText);
  if (!customer) throw data({ message: CUSTOMER_NOT_FOUND }, { status: 404 });
  return customer;
}

/** Everything the customer page shows: profile, consent, totals, recent orders, emails sent. */
export async function getCustomerView(idText: string) {
  const customer = await findCustomer(idText);
  if (!customer) return undefined;
  const [consent, totals, recentOrders, emails] = await Promise.all([
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
    db()
      .select({
        id: customerEmails.id,
        subject: customerEmails.subject,
        sentTo: customerEmails.sentTo,
        sentBy: customerEmails.sentBy,
        queuedAt: customerEmails.createdAt,
        status: emailOutbox.status,
        sentAt: emailOutbox.sentAt,
        lastError: emailOutbox.lastError,
      })
      .from(customerEmails)
      .leftJoin(emailOutbox, eq(emailOutbox.id, customerEmails.outboxId))
      .where(eq(customerEmails.customerId, customer.id))
      .orderBy(desc(customerEmails.createdAt)),
  ]);
  return {
    customer: { ...customer, displayId: customerDisplayId(customer.customerNumber) },
    consent,
    totals: totals.get(customer.id) ?? NO_TOTALS,
    orders: recentOrders,
    emails,
  };
}
export type CustomerView = NonNullable<Awaited<ReturnType<typeof getCustomerView>>>;

type Saved = { ok: true } | { ok: false; status: 400 | 404; errors: FormErrors };

const emailTaken = (other: number) =>
  `Another customer (${customerDisplayId(other)}) already uses this email address.`;

/** Staff edit contact details, status and the private note; emails stay unique (any case). */
export async function updateCustomer(id: string, form: CustomerForm): Promise<Saved> {
  const [other] = await db()
    .select({ customerNumber: customers.customerNumber })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${form.email}`, ne(customers.id, id)));
  if (other) return { ok: false, status: 400, errors: { email: emailTaken(other.customerNumber) } };
  try {
    const updated = await db()
      .update(customers)
      .set({ ...form, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning({ id: customers.id });
    if (updated.length === 0)
      return { ok: false, status: 404, errors: { form: "This customer no longer exists." } };
    return { ok: true };
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

/**
 * Queues a message to the customer through the outbox, in one transaction with the record the
 * customer page lists (so the history shows exactly the emails that exist).
 */
export async function sendCustomerEmail(options: {
  customerId: string;
  email: CustomerEmail;
  sentBy: string;
}): Promise<{ ok: true; to: string } | { ok: false; message: string }> {
  return db().transaction(async (tx) => {
    const [customer] = await tx
      .select({ name: customers.name, email: customers.email })
      .from(customers)
      .where(eq(customers.id, options.customerId));
    if (!customer) return { ok: false, message: "This customer no longer exists." };
    const rendered = renderCustomerMessage({ name: customer.name, ...options.email });
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
      sentBy: options.sentBy,
    });
    return { ok: true, to: customer.email };
  });
}
