import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerNumber: integer("customer_number").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    province: text("province"),
    postcode: text("postcode"),
    status: text("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("customers_number_key").on(t.customerNumber),
    index("customers_created_idx").on(t.createdAt, t.id),
    index("customers_name_idx").on(t.name),
    check("customers_status_check", sql`${t.status} in ('active','inactive')`),
  ],
);
