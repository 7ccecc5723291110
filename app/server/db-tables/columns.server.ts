import { timestamp, uuid } from "drizzle-orm/pg-core";

// Columns most tables share, spread into each table where the column goes (`...id`,
// `...timestamps`): drizzle builds every table its own column from the same definition.

/** A random UUID primary key. */
export const id = { id: uuid("id").primaryKey().defaultRandom() };

/** When the row was made. */
export const createdAt = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

/** When the row last changed (set by the code that changes it). */
export const updatedAt = {
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const timestamps = { ...createdAt, ...updatedAt };
