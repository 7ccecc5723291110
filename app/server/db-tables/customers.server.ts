import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { emailOutbox } from "./marketing.server";
import { createdAt, id, timestamps, ownedBy } from "./columns.server";

export const customers = pgTable(
  "customers",
  {
    ...id,
    customerNumber: integer("customer_number").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    province: text("province"),
    postcode: text("postcode"),
    status: text("status").notNull().default("active"),
    /** Private to the staff: never shown to the shopper or sent anywhere. */
    note: text("note"),
    /** Where the record came from: checkout (default), import (CSV) or sample data. */
    source: text("source").notNull().default("checkout"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("customers_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("customers_number_key").on(t.customerNumber),
    index("customers_created_idx").on(t.createdAt, t.id),
    index("customers_name_idx").on(t.name),
    // The admin Customers list: status filter newest first, and prefix search by name (its start
    // or the start of its second word: "jo" finds "Jo Smith", "sm" finds it too) and by email.
    index("customers_status_created_idx").on(t.status, t.createdAt, t.id),
    index("customers_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    index("customers_surname_prefix_idx").on(
      sql`lower(regexp_replace(${t.name}, '^\\S+\\s+', '')) text_pattern_ops`,
    ),
    index("customers_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    check("customers_status_check", sql`${t.status} in ('active','inactive')`),
  ],
);

/** Emails the staff wrote to one customer from the Customers screen (the message is in the outbox). */
export const customerEmails = pgTable(
  "customer_emails",
  {
    ...id,
    customerId: ownedBy("customer_id", () => customers.id),
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    sentTo: text("sent_to").notNull(),
    subject: text("subject").notNull(),
    sentBy: text("sent_by").notNull(),
    ...createdAt,
  },
  (t) => [index("customer_emails_customer_idx").on(t.customerId, t.createdAt)],
);

/**
 * A CSV import between its preview and its confirmation: the cleaned rows and their errors, so the
 * import writes exactly what the staff saw. Old previews are swept when a new one is made.
 */
export const customerImports = pgTable(
  "customer_imports",
  {
    ...id,
    fileName: text("file_name").notNull(),
    createdBy: text("created_by").notNull(),
    rowCount: integer("row_count").notNull(),
    errorCount: integer("error_count").notNull(),
    /** Every row as previewed: { row, name, email, phone, address, consent, errors, existing }. */
    rows: jsonb("rows").notNull(),
    /** File-level errors (e.g. 'Missing required columns: …'). */
    errors: jsonb("errors")
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text("status").notNull().default("previewed"),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    index("customer_imports_created_idx").on(t.createdAt),
    check("customer_imports_status_check", sql`${t.status} in ('previewed','imported')`),
  ],
);
