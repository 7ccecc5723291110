import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { emailOutbox } from "./marketing.server";
import { createdAt, id, timestamps, ownedBy } from "./columns.server";

export const customers = pg.pgTable(
  "customers",
  {
    ...id,
    customerNumber: pg.integer("customer_number").generatedAlwaysAsIdentity(),
    name: pg.text("name").notNull(),
    email: pg.text("email").notNull(),
    phone: pg.text("phone"),
    address: pg.text("address"),
    city: pg.text("city"),
    province: pg.text("province"),
    postcode: pg.text("postcode"),
    status: pg.text("status").notNull().default("active"),
    /** Private to the staff: never shown to the shopper or sent anywhere. */
    note: pg.text("note"),
    /** Where the record came from: checkout (default), import (CSV) or sample data. */
    source: pg.text("source").notNull().default("checkout"),
    ...timestamps,
  },
  (t) => [
    pg.uniqueIndex("customers_email_key").on(sql`lower(${t.email})`),
    pg.uniqueIndex("customers_number_key").on(t.customerNumber),
    pg.index("customers_created_idx").on(t.createdAt, t.id),
    pg.index("customers_name_idx").on(t.name),
    // The admin Customers list: status filter newest first, and prefix search by name (its start
    // or the start of its second word: "jo" finds "Jo Smith", "sm" finds it too) and by email.
    pg.index("customers_status_created_idx").on(t.status, t.createdAt, t.id),
    pg.index("customers_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    pg
      .index("customers_surname_prefix_idx")
      .on(sql`lower(regexp_replace(${t.name}, '^\\S+\\s+', '')) text_pattern_ops`),
    pg.index("customers_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    pg.check("customers_status_check", sql`${t.status} in ('active','inactive')`),
  ],
);

/** Emails the staff wrote to one customer from the Customers screen (the message is in the outbox). */
export const customerEmails = pg.pgTable(
  "customer_emails",
  {
    ...id,
    customerId: ownedBy("customer_id", () => customers.id),
    outboxId: pg.uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    sentTo: pg.text("sent_to").notNull(),
    subject: pg.text("subject").notNull(),
    sentBy: pg.text("sent_by").notNull(),
    ...createdAt,
  },
  (t) => [pg.index("customer_emails_customer_idx").on(t.customerId, t.createdAt)],
);

/**
 * A CSV import between its preview and its confirmation: the cleaned rows and their errors, so the
 * import writes exactly what the staff saw. Old previews are swept when a new one is made.
 */
export const customerImports = pg.pgTable(
  "customer_imports",
  {
    ...id,
    fileName: pg.text("file_name").notNull(),
    createdBy: pg.text("created_by").notNull(),
    rowCount: pg.integer("row_count").notNull(),
    errorCount: pg.integer("error_count").notNull(),
    /** Every row as previewed: { row, name, email, phone, address, consent, errors, existing }. */
    rows: pg.jsonb("rows").notNull(),
    /** File-level errors (e.g. 'Missing required columns: …'). */
    errors: pg
      .jsonb("errors")
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: pg.text("status").notNull().default("previewed"),
    importedAt: pg.timestamp("imported_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    pg.index("customer_imports_created_idx").on(t.createdAt),
    pg.check("customer_imports_status_check", sql`${t.status} in ('previewed','imported')`),
  ],
);
